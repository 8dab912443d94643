import type { PlayerEntry } from './pages/players-page'
import type { NewTournament } from './pages/tournaments-page'

export const LAGOS_OPEN: NewTournament = {
  name: 'Lagos Open 2026',
  venue: 'Lagos Country Club, Ikeja',
  startDate: '2026-12-05',
  endDate: '2026-12-06',
  rounds: '12',
  rules: 'NSA tournament rules (1995)',
}

const SURNAMES = [
  'Wellington',
  'Victor',
  'Umujose',
  'Oshodi',
  'Nwali',
  'Ryan',
  'Etim',
  'Avwenagha',
  'Karo',
  'Igbinadolor',
]
const GIVEN = [
  'Jighere',
  'Godwin',
  'Emmanuel',
  'Sunday',
  'Enoch',
  'Jacob',
  'Nsikak',
  'Oshevire',
  'Eta',
  'Negro',
]

/** Twenty distinct players with ratings, member ids and clubs, one of them unrated and accented. */
export const TWENTY_PLAYERS: readonly PlayerEntry[] = Array.from({ length: 20 }, (_, i) => ({
  name:
    i === 19 ? 'Ñandú, José' : `${SURNAMES[i % 10]}, ${GIVEN[(i * 3) % 10]}${i >= 10 ? ' Jr' : ''}`,
  rating: i === 19 ? '' : String(2000 - i * 37),
  memberId: `NGA${String(100 + i)}`,
  club: i % 2 === 0 ? 'Lagos SC' : 'Abuja Scrabblers',
}))
