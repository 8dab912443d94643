/*
 * A restarted authority with desks (issue 21, "Nothing lost"): it says `recovering`, waits up to
 * `waitMs` for every desk's `DeskStatus` (proposals wait meanwhile), and if a desk holds more
 * accepted commands than it does, says `behind` and decides nothing new until it is restarted
 * from that desk's copy; else `ready`.
 */
import type { DeskStatus, VenueEvent } from '../../shared/venue/protocol'
import { activeDesks, hasOutbox } from './desks'
import { desksHoldingMore } from '../../shared/venue/held'
import type { Outboxes } from './outboxes'
import type { Recovery } from './recovery'
import type { ServerContext } from './server-context'
import type { StoredDesk } from './venue-file'

export const RECOVERY_WAIT_MS = 3000

export async function recoverFromDesks(
  ctx: ServerContext,
  outboxes: Outboxes,
  waitMs: number,
  handIns?: { readonly recovery: Recovery; readonly waitMs: number },
): Promise<void> {
  const { authority } = ctx
  const known = activeDesks(authority).filter((d) => hasOutbox(d.role))
  const held = authority.state().log.length
  if (known.length === 0) {
    ctx.emit({ event: 'ready', held })
    return
  }
  authority.setMode({ kind: 'recovering' })
  ctx.emit({ event: 'recovering', held, desks: known.length })
  await statusesOf(ctx, outboxes, known, waitMs)
  // Closed while waiting: the next start asks the desks again.
  if (ctx.closing()) return
  if (handIns !== undefined && (await handedIn(ctx, outboxes, known, handIns))) return
  const log = authority.state().log
  for (const desk of known) {
    const status = outboxes.statuses.get(desk.id)
    if (status === undefined || !sameEvent(status, ctx.event)) continue
    if (status.held > log.length) {
      authority.setMode({ kind: 'behind', desk: desk.name, deskHeld: status.held })
      ctx.emit({ event: 'behind', desk: desk.name, held: log.length, deskHeld: status.held })
      ctx.changed()
      return
    }
  }
  authority.setMode({ kind: 'ready' })
  ctx.emit({ event: 'ready', held: log.length })
  ctx.changed()
}

/**
 * Issue 27: desks holding another generation's log hand back what this one lacks before anything
 * new is decided; one that does not within `waitMs` leaves the authority `behind`, saying what to
 * do, until it does. True when behind.
 */
async function handedIn(
  ctx: ServerContext,
  outboxes: Outboxes,
  known: readonly StoredDesk[],
  { recovery, waitMs }: { readonly recovery: Recovery; readonly waitMs: number },
): Promise<boolean> {
  const { authority } = ctx
  const holding = desksHoldingMore([...outboxes.statuses], ctx.event, authority.state().log)
  const silent = await recovery.awaitHandIns(holding, waitMs)
  const desk = known.find((d) => silent.includes(d.id))
  if (ctx.closing() || desk === undefined) return false
  const held = authority.state().log.length
  const deskHeld = outboxes.statuses.get(desk.id)?.held ?? 0
  authority.setMode({ kind: 'behind', desk: desk.name, deskHeld })
  ctx.emit({
    event: 'behind',
    desk: desk.name,
    held,
    deskHeld,
    advice: `Open the event's address on ${desk.name} again so it hands in what it holds, or restart with --take and its saved copy.`,
  })
  recovery.onHandedIn((id) => {
    if (id !== desk.id || authority.mode().kind !== 'behind') return
    authority.setMode({ kind: 'ready' })
    ctx.emit({ event: 'ready', held: authority.state().log.length })
    ctx.changed()
  })
  ctx.changed()
  return true
}

/** Resolves once every known desk sent its status, the server closes, or `waitMs` passed. */
function statusesOf(
  ctx: ServerContext,
  outboxes: Outboxes,
  known: readonly StoredDesk[],
  waitMs: number,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, waitMs)
    function done(): void {
      clearTimeout(timer)
      outboxes.statusSeen = undefined
      resolve()
    }
    outboxes.statusSeen = () => {
      if (ctx.closing() || known.every((d) => outboxes.statuses.has(d.id))) done()
    }
    outboxes.statusSeen()
  })
}

function sameEvent(status: DeskStatus, event: VenueEvent): boolean {
  return status.tournamentId === event.tournamentId && status.generation === event.generation
}
