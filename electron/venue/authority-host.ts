/*
 * The authority in a Node process (issue 21): `decide` on its own state with its own clock, each
 * decision flushed to the journal before anything else sees it, decided one at a time and settled
 * (shown, published, answered) in that order. Issue 27: the decisions that queue while a flush
 * runs share the next one (group commit). Started from EVENT.json, the desks file and the
 * journal; closed by writing EVENT.json whole.
 */
import { readFile } from 'node:fs/promises'
import { decide, recover, type AuthorityState } from '../../shared/authority/decide'
import {
  headOfLog,
  type Decision,
  type DeskIdentity,
  type Proposal,
} from '../../shared/authority/proposal'
import { readTournamentFile, writeTournamentFile } from '../../shared/formats/tournament-file'
import { err, ok, type Result, type RuleError } from '../../shared/result'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { stableJson } from '../../shared/tournament/log'
import { writeFileAtomic } from '../atomic-write'
import { Journal, journalPath, readJournal, type JournalLine } from './journal'
import { lockEvent, type EventLock } from './lock'
import {
  publishing,
  readVenueFile,
  venueFilePath,
  writeVenueFile,
  type StoredRefusal,
  type VenueFile,
} from './venue-file'

/** Where the authority stands after a restart (issue 21, "Nothing lost"). */
export type AuthorityMode =
  | { readonly kind: 'recovering' }
  | { readonly kind: 'ready' }
  /** A desk holds more accepted commands than this authority: it decides nothing new. */
  | { readonly kind: 'behind'; readonly desk: string; readonly deskHeld: number }

/**
 * Called after the journal holds the decision (`line`, as written) and before it is answered, in
 * the order decided; `state` is the authority's as that decision left it (later decisions may
 * already be decided, not yet on disk).
 */
export type Publish = (
  decision: Decision,
  desk: DeskIdentity,
  heldBefore: number,
  line: JournalLine,
  state: AuthorityState,
) => Promise<void>

export interface OpenedAuthority {
  readonly host: AuthorityHost
  /** Notes for the director: a torn journal line dropped. */
  readonly notes: readonly string[]
  /** True when a journal was found: the authority was not closed the last time. */
  readonly crashed: boolean
}

type RefusedMap = AuthorityState['refused']
type RefusedValue = RefusedMap extends ReadonlyMap<string, infer V> ? V : never

function refusedValue(line: StoredRefusal): RefusedValue {
  return {
    desk: line.desk,
    command: stableJson(line.command),
    decision: { kind: 'refused', proposalId: line.proposal, error: line.error },
  }
}

/**
 * The authority of the event in `eventPath`: its log from EVENT.json and the journal's accepted
 * entries after it, its refusals and desks from the desks file and the journal. Anything that does
 * not open is an error naming the file and the problem; nothing is written then.
 */
export async function openAuthority(eventPath: string): Promise<Result<OpenedAuthority>> {
  let text: string
  try {
    text = await readFile(eventPath, 'utf8')
  } catch (e) {
    const code = (e as { code?: unknown }).code
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : String(code)
    return err('venue.event-read', `cannot read ${eventPath}: ${why}`)
  }
  const file = readTournamentFile(text)
  if (!file.ok) {
    const { code, message, line, column } = file.error
    const at = line === undefined ? '' : `:${String(line)}`
    return err(code, `${eventPath}${at}: ${message}`, {
      ...(line === undefined ? {} : { line }),
      ...(column === undefined ? {} : { column }),
    })
  }
  const { tournamentId } = file.value
  const lock = await lockEvent(eventPath)
  if (!lock.ok) return lock
  // Released on every way out but an opened authority, a throw too (issue 28: a journal line the
  // reading did not expect crashed `serve` and left the lock, so the app then found the event
  // "already being shared").
  let opened: Result<OpenedAuthority> | undefined
  try {
    opened = await openLocked(eventPath, file.value.log, tournamentId, lock.value)
    return opened
  } finally {
    if (opened?.ok !== true) await lock.value.release()
  }
}

async function openLocked(
  eventPath: string,
  fileLog: readonly LoggedCommand[],
  tournamentId: string,
  lock: EventLock,
): Promise<Result<OpenedAuthority>> {
  const venue = await readVenueFile(venueFilePath(eventPath), tournamentId)
  if (!venue.ok) return venue
  const journal = await readJournal(journalPath(eventPath))
  if (!journal.ok) return journal
  const crashed = journal.value.lines.length > 0 || journal.value.torn !== null

  const entries: LoggedCommand[] = [...fileLog]
  const refusals = new Map<string, StoredRefusal>()
  for (const refusal of venue.value.refusals) refusals.set(refusal.proposal, refusal)
  const orders = new Map<string, number>(Object.entries(venue.value.orders))
  const seen = (desk: string | undefined, order: number | undefined): void => {
    if (desk === undefined || order === undefined) return
    orders.set(desk, Math.max(orders.get(desk) ?? 0, order + 1))
  }
  for (const line of journal.value.lines) {
    switch (line.kind) {
      case 'accepted':
        // Entries EVENT.json already holds: it was written, the journal not yet removed.
        if (line.entry.seq >= entries.length) entries.push(line.entry)
        seen(line.entry.desk, line.order)
        break
      case 'refused':
        if (!refusals.has(line.proposal)) refusals.set(line.proposal, line)
        seen(line.desk, line.order)
        break
    }
  }
  const recovered = recover(tournamentId, entries)
  if (!recovered.ok) {
    const { code, message, seq } = recovered.error
    return err(code, `${eventPath} and its journal: command ${String(seq + 1)}: ${message}`)
  }
  const refused = new Map<string, RefusedValue>()
  for (const [id, line] of refusals) refused.set(id, refusedValue(line))
  const state: AuthorityState = { ...recovered.value, refused }
  const venueFile = publishing(
    { ...venue.value, refusals: [...refusals.values()], orders: Object.fromEntries(orders) },
    recovered.value.log,
  )
  // A new generation is on disk before anything is published under it.
  if (venueFile.generation !== venue.value.generation) {
    await writeVenueFile(venueFilePath(eventPath), venueFile)
  }
  const host = new AuthorityHost(
    eventPath,
    state,
    venueFile,
    await Journal.open(journalPath(eventPath)),
    lock,
  )
  return ok({ host, notes: journal.value.torn === null ? [] : [journal.value.torn], crashed })
}

export class AuthorityHost {
  private tail: Promise<unknown> = Promise.resolve()
  /** Each decision's settling (on disk, then published), in the order decided. */
  private settling: Promise<unknown> = Promise.resolve()
  /**
   * The state the next decision is decided on: `current` and the decisions waiting for their
   * flush. Issue 27's speed row: the next decision starts while the journal flushes the last ones.
   */
  private working: AuthorityState
  private modeNow: AuthorityMode = { kind: 'ready' }
  private release: (() => void) | undefined
  private held: Promise<void> = Promise.resolve()
  private closed = false
  /** Set as closing begins: held proposals are then dropped, not decided (the desk re-sends). */
  private stopping = false
  publish: Publish = () => Promise.resolve()

  constructor(
    readonly eventPath: string,
    private current: AuthorityState,
    private venueNow: VenueFile,
    private readonly journal: Journal,
    private readonly lock: EventLock,
  ) {
    this.working = current
  }

  state(): AuthorityState {
    return this.current
  }

  venue(): VenueFile {
    return this.venueNow
  }

  mode(): AuthorityMode {
    return this.modeNow
  }

  /** The next `order` this desk's outbox should send. */
  nextOrder(desk: string): number {
    return this.venueNow.orders[desk] ?? 0
  }

  /** Holds every decision until `setMode` leaves recovering: they wait, they are not refused. */
  setMode(mode: AuthorityMode): void {
    this.modeNow = mode
    if (mode.kind === 'recovering') {
      if (this.release === undefined) {
        this.held = new Promise((resolve) => (this.release = resolve))
      }
      return
    }
    this.release?.()
    this.release = undefined
  }

  /**
   * Changes the desks (an approval or a revocation) at once in memory, so a revoked token is
   * refused from now on, and resolves when the desks file holds the change.
   */
  updateVenue(change: (venue: VenueFile) => VenueFile): Promise<void> {
    this.venueNow = change(this.venueNow)
    return this.queued(() => writeVenueFile(venueFilePath(this.eventPath), this.venueNow))
  }

  /**
   * Decides the proposal, the time read from `now` when its turn comes; `order` is the desk's
   * order for a proposal from its outbox. Resolves once the decision is on disk and published.
   */
  propose(proposal: Proposal, now: () => Date, order?: number): Promise<Decision> {
    return this.afterRecovery(() => this.decideQueued(proposal, now, order, false))
  }

  /**
   * Issue 27: a proposal handed back by a desk or a copy (`recovery.ts`), decided while recovering
   * or behind, when the others wait: handing back is how the authority catches up.
   */
  handIn(proposal: Proposal, now: () => Date): Promise<Decision> {
    return this.decideQueued(proposal, now, undefined, true)
  }

  /**
   * Issue 27: proposals wait for the recovery before they join the queue, not in it, so a hand-in
   * decided meanwhile is not stuck behind them; they join it in the order they came.
   */
  private afterRecovery<T>(work: () => Promise<T>): Promise<T> {
    return this.held.then(work)
  }

  private decideQueued(
    proposal: Proposal,
    now: () => Date,
    order: number | undefined,
    handingIn: boolean,
  ): Promise<Decision> {
    return this.queued(async () => {
      if (this.stopping) throw new Error('the authority is stopping')
      const at = now().toISOString()
      const mode = this.modeNow
      if (mode.kind === 'behind' && !handingIn) {
        return this.refuse(proposal.desk, proposal.proposalId, proposal.command, at, order, {
          code: 'venue.behind',
          message: `${mode.desk} holds ${String(mode.deskHeld)} accepted commands this authority lacks some of (it holds ${String(this.working.log.length)}): nothing new is decided until that desk hands in what it holds (open the event's address on it again) or the authority is restarted with --take and that desk's copy.`,
          details: { desk: mode.desk, held: this.working.log.length, deskHeld: mode.deskHeld },
        })
      }
      const { decision, next } = decide(this.working, proposal, at)
      if (next === this.working) {
        // Decided before (a re-sending): its first answer once that one is on disk and published.
        return {
          answer: this.settled(() => {
            this.noteOrder(proposal.desk.id, order)
            return Promise.resolve(decision)
          }),
        }
      }
      const line: JournalLine =
        decision.kind === 'accepted'
          ? { kind: 'accepted', entry: decision.entry, ...(order === undefined ? {} : { order }) }
          : {
              kind: 'refused',
              proposal: proposal.proposalId,
              desk: proposal.desk.id,
              command: proposal.command,
              error: decision.error,
              at,
              ...(order === undefined ? {} : { order }),
            }
      return { answer: this.written(line, next, decision, proposal.desk, order) }
    }).then(({ answer }) => answer)
  }

  /**
   * The decision `line` appended to the journal and decided on at once; answered (and its state
   * shown) only after the flush that holds it and after the decisions before it are published.
   */
  private written(
    line: JournalLine,
    next: AuthorityState,
    decision: Decision,
    desk: DeskIdentity,
    order: number | undefined,
  ): Promise<Decision> {
    const onDisk = this.journal.append(line)
    // Awaited when its turn to settle comes; a failed flush meanwhile is not an unhandled one.
    onDisk.catch(() => undefined)
    this.working = next
    return this.settled(async () => {
      await onDisk
      const before = this.current.log.length
      this.current = next
      this.noteLine(line, order)
      await this.publish(decision, desk, before, line, next)
      return decision
    })
  }

  /** `work` after every decision before it has settled, in the order decided. */
  private settled<T>(work: () => Promise<T>): Promise<T> {
    const run = this.settling.then(work)
    this.settling = run.catch(() => undefined)
    return run
  }

  /** A proposal that could not be read as one (`venue.malformed`): refused, durably, once. */
  refuseUnreadable(
    desk: DeskIdentity,
    proposalId: string,
    command: unknown,
    error: RuleError,
    now: () => Date,
    order?: number,
  ): Promise<Decision> {
    return this.afterRecovery(() =>
      this.queued(async () => {
        if (this.stopping) throw new Error('the authority is stopping')
        const earlier = this.working.refused.get(proposalId)
        if (earlier !== undefined || this.working.accepted.has(proposalId)) {
          const decision = earlier?.decision ?? { kind: 'refused', proposalId, error }
          return { answer: this.settled(() => Promise.resolve(decision)) }
        }
        return this.refuse(desk, proposalId, command, now().toISOString(), order, error)
      }).then(({ answer }) => answer),
    )
  }

  private refuse(
    desk: DeskIdentity,
    proposalId: string,
    command: unknown,
    at: string,
    order: number | undefined,
    error: RuleError,
  ): { readonly answer: Promise<Decision> } {
    const earlier = this.working.refused.get(proposalId)
    if (earlier !== undefined)
      return { answer: this.settled(() => Promise.resolve(earlier.decision)) }
    const line: StoredRefusal = {
      kind: 'refused',
      proposal: proposalId,
      desk: desk.id,
      command,
      error,
      at,
      ...(order === undefined ? {} : { order }),
    }
    const next: AuthorityState = {
      ...this.working,
      refused: new Map(this.working.refused).set(proposalId, refusedValue(line)),
    }
    const decision: Decision = { kind: 'refused', proposalId, error }
    return { answer: this.written(line, next, decision, desk, order) }
  }

  private noteLine(line: JournalLine, order: number | undefined): void {
    const desk = line.kind === 'accepted' ? line.entry.desk : line.desk
    if (line.kind === 'refused') {
      this.venueNow = { ...this.venueNow, refusals: [...this.venueNow.refusals, line] }
    }
    if (desk !== undefined) this.noteOrder(desk, order)
  }

  private noteOrder(desk: string, order: number | undefined): void {
    if (order === undefined || order < this.nextOrder(desk)) return
    this.venueNow = { ...this.venueNow, orders: { ...this.venueNow.orders, [desk]: order + 1 } }
  }

  /** The refusal stored for a proposal id (for the decisions database after a restart). */
  refusals(): readonly StoredRefusal[] {
    return this.venueNow.refusals
  }

  /**
   * Writes EVENT.json with the whole log (atomically), then the desks file, then removes the
   * journal, whose lines both now hold. Waits for the decision under way.
   */
  close(now: () => Date): Promise<{ readonly path: string; readonly commands: number }> {
    this.stopping = true
    this.release?.()
    return this.queued(async () => {
      if (this.closed) return { path: this.eventPath, commands: this.current.log.length }
      // The decisions decided before closing are on disk and published first.
      await this.settling
      this.closed = true
      this.setMode({ kind: 'ready' })
      const { tournamentId, log } = this.current
      const text = writeTournamentFile(tournamentId, log, now().toISOString())
      await writeFileAtomic(this.eventPath, new TextEncoder().encode(text))
      this.venueNow = { ...this.venueNow, published: headOfLog(log) }
      await writeVenueFile(venueFilePath(this.eventPath), this.venueNow)
      await this.journal.remove()
      await this.lock.release()
      return { path: this.eventPath, commands: log.length }
    })
  }

  /** Drops the authority without saving, as SIGKILL would (tests; a crash). */
  async abandon(): Promise<void> {
    this.stopping = true
    this.release?.()
    this.closed = true
    await this.journal.close()
    // A real SIGKILL leaves the lock; the next start sees its process gone and takes it over.
    await this.lock.release()
  }

  private queued<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the authority is closed'))
    const run = this.tail.then(work)
    this.tail = run.catch(() => undefined)
    return run
  }
}
