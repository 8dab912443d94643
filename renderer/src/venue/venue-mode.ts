/*
 * Venue mode (issue 21): the authority serves this same app to the desks of the hall and marks its
 * page with `<meta name="rackside-venue" content="authority">`. Without the marker the app is the
 * single-laptop app, with no network probe (which would log errors where nothing answers).
 */

export const VENUE_MARKER = 'rackside-venue'

export function isVenueMode(page: Pick<Document, 'querySelector'>): boolean {
  return page.querySelector(`meta[name="${VENUE_MARKER}"]`)?.getAttribute('content') === 'authority'
}

/** Where a desk keeps its token: one per authority, since each authority issues its own. */
export function tokenKey(origin: string): string {
  return `rackside.venue.token:${origin}`
}

/** What a desk keeps of its pairing: the token, and how many proposals it has made. */
export interface DeskKeeping {
  token(): string | null
  keepToken(token: string): void
  forgetToken(): void
  /** The `order` of this desk's next proposal (protocol.ts `OutboxProposal.order`). */
  nextOrder(deskId: string): number
}

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export function deskKeeping(storage: KeyValue, origin: string): DeskKeeping {
  const key = tokenKey(origin)
  return {
    token: () => storage.getItem(key),
    keepToken: (token) => storage.setItem(key, token),
    forgetToken: () => storage.removeItem(key),
    nextOrder(deskId) {
      const orderKey = `rackside.venue.order:${origin}:${deskId}`
      const next = Number(storage.getItem(orderKey) ?? '0')
      const order = Number.isSafeInteger(next) && next >= 0 ? next : 0
      storage.setItem(orderKey, String(order + 1))
      return order
    },
  }
}
