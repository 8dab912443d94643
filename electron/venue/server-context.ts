/*
 * What every part of the authority's server shares (issue 27: the server split by concern): the
 * authority, the event it serves, its clock, the way it tells the director (`ServeEvent`s) and the
 * app (`changed`), and whether it is closing. One object handed to each part, so no part reaches
 * into another's state.
 */
import type { ServeEvent, VenueEvent } from '../../shared/venue/protocol'
import type { AuthorityHost } from './authority-host'
import type { PouchConstructor } from './pouch'

export interface ServerContext {
  readonly authority: AuthorityHost
  readonly event: VenueEvent
  /** The authority's clock: the desks' clocks never decide anything. */
  readonly now: () => Date
  /** This server's own memory PouchDB (`venuePouch`). */
  readonly Pouch: PouchConstructor
  emit(event: ServeEvent): void
  /** Tells the app's listeners (`VenueServer.onChange`) that something it shows changed. */
  changed(): void
  /** True once `close` or `abandon` began: failures then are the shutdown's, not news. */
  closing(): boolean
}

/** The message of anything thrown, for a `ServeEvent` of kind `error`. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

/** `onEvent` and the change listeners, each listener's failure kept to itself. */
export class Notifier {
  private readonly listeners = new Set<() => void>()

  constructor(private readonly onEvent: ((event: ServeEvent) => void) | undefined) {}

  emit(event: ServeEvent): void {
    try {
      this.onEvent?.(event)
    } catch {
      // A listener's failure is the listener's: the authority goes on deciding.
    }
  }

  changed(): void {
    for (const listener of this.listeners) {
      try {
        listener()
      } catch {
        // As for onEvent.
      }
    }
  }

  listen(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
