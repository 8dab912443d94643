/*
 * How a window in venue mode starts (issue 21), loaded only in venue mode: with a token it opens
 * the event (a projector its projector view), without one the join screen.
 */
import type { Pinia } from 'pinia'
import type { Router } from 'vue-router'
import { browserVenueEnvironment, useVenueStore } from '../stores/venue'
import { openBrowserLink } from './browser-link'

export async function startVenueDesk(pinia: Pinia, router: Router): Promise<void> {
  const venue = useVenueStore(pinia)
  const phase = await venue.start(browserVenueEnvironment(openBrowserLink))
  const event = venue.event
  if (phase !== 'connected' || event === null) {
    await router.replace({ name: 'join' })
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
