import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router'
import TournamentsView from './views/TournamentsView.vue'

/** The sections of an open tournament, in the order the day runs; the shell's navigation. */
export const TOURNAMENT_SECTIONS = [
  { name: 'overview', path: '', label: 'Overview' },
  { name: 'players', path: 'players', label: 'Players & check-in' },
  { name: 'rounds', path: 'rounds', label: 'Rounds' },
  { name: 'results', path: 'results', label: 'Results' },
  { name: 'standings', path: 'standings', label: 'Standings' },
  { name: 'print', path: 'print', label: 'Print' },
  // After Print: prizes are read out at the end, Print is used every round (key 6 stays Print).
  { name: 'prizes', path: 'prizes', label: 'Prizes' },
  { name: 'files', path: 'files', label: 'Files' },
  { name: 'history', path: 'history', label: 'History' },
  { name: 'settings', path: 'settings', label: 'Settings' },
] as const

export type TournamentSection = (typeof TOURNAMENT_SECTIONS)[number]['name']

const sectionViews: Record<TournamentSection, () => Promise<unknown>> = {
  overview: () => import('./views/TournamentView.vue'),
  players: () => import('./views/PlayersView.vue'),
  rounds: () => import('./views/RoundsView.vue'),
  results: () => import('./views/ResultsView.vue'),
  standings: () => import('./views/StandingsView.vue'),
  prizes: () => import('./views/PrizesView.vue'),
  print: () => import('./views/PrintView.vue'),
  files: () => import('./views/FilesView.vue'),
  history: () => import('./views/HistoryView.vue'),
  settings: () => import('./views/SettingsView.vue'),
}

const routes: RouteRecordRaw[] = [
  { path: '/', name: 'tournaments', component: TournamentsView },
  {
    path: '/t/:tournamentId',
    component: () => import('./views/TournamentShellView.vue'),
    props: true,
    children: TOURNAMENT_SECTIONS.map((section) => ({
      path: section.path,
      name: section.name,
      component: sectionViews[section.name],
    })),
  },
  {
    // A second window (or browser tab) for the hall's screen: no navigation, just the round.
    path: '/projector/:tournamentId',
    name: 'projector',
    meta: { bare: true },
    component: () => import('./views/ProjectorView.vue'),
    props: true,
  },
  {
    // A tournament whose log does not fold opens here instead of failing (issue 13).
    path: '/recover/:tournamentId',
    name: 'recovery',
    component: () => import('./views/RecoveryView.vue'),
    props: true,
  },
  {
    // A browser desk of the venue network asks the director to join here (issue 21).
    path: '/join',
    name: 'join',
    meta: { bare: true },
    component: () => import('./views/JoinView.vue'),
  },
  { path: '/:pathMatch(.*)*', redirect: '/' },
]

/** Hash history: the same URLs work from a file:// page in Electron and from a web server. */
export function createAppRouter() {
  return createRouter({ history: createWebHashHistory(), routes })
}
