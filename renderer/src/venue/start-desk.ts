/*
 * How a window in venue mode starts (issue 21), loaded only in venue mode: with a token it opens
 * the event (a projector its projector view), without one the join screen.
 */
import type { Pinia } from 'pinia'
import type { Router } from 'vue-router'
import { browserVenueEnvironment, useVenueStore, type VenuePhase } from '../stores/venue'
import { openBrowserLink } from './browser-link'

/**
 * Loads every screen's code while the authority answers: a desk keeps working through a Wi-Fi
 * drop (issue 21), and a screen first opened then could not be fetched.
 */
function loadEveryScreen(router: Router): void {
  for (const route of router.getRoutes()) {
    for (const component of Object.values(route.components ?? {})) {
      // The router's lazy screens are `() => import(…)`; the others are component objects.
      if (typeof component === 'function') {
        void (component as () => Promise<unknown>)().catch(() => undefined)
      }
    }
  }
}

export async function startVenueDesk(pinia: Pinia, router: Router): Promise<void> {
  const venue = useVenueStore(pinia)
  await enterEvent(venue, await venue.start(browserVenueEnvironment(openBrowserLink)), router)
}

/**
 * Shows the screen a desk in `phase` belongs on: the join screen until it is connected, then its
 * event (a projector its projector view). As the page starts, and on the join screen once the
 * director approved the desk and it opened the event in place (issue 27).
 */
export async function enterEvent(
  venue: ReturnType<typeof useVenueStore>,
  phase: VenuePhase,
  router: Router,
): Promise<void> {
  const event = venue.event
  if (phase === 'connected') loadEveryScreen(router)
  if (phase !== 'connected' || event === null) {
    if (router.currentRoute.value.name !== 'join') await router.replace({ name: 'join' })
    return
  }
  const current = router.currentRoute.value
  const inEvent = current.params['tournamentId'] === event.tournamentId
  if (venue.desk?.role === 'projector') {
    if (current.name !== 'projector' || !inEvent) {
      await router.replace({ name: 'projector', params: { tournamentId: event.tournamentId } })
    }
    return
  }
  if (!inEvent) {
    await router.replace({ name: 'results', params: { tournamentId: event.tournamentId } })
  }
}
