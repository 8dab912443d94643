/*
 * The authority's side of "recovery that loses nothing and says what it did" (issue 27). A desk
 * that kept a replica of another log of the event (the authority restarted on an older file, or a
 * new generation) writes a held document to its outbox; `rackside serve --take COPY.json` reads a
 * desk's saved copy as one more. Each is decided again through `decide` (`shared/venue/held.ts`
 * builds the proposals), one held document at a time, and what came back and what was refused is
 * said on the terminal (`recovered`) and to the desks (a `RecoveredDoc` in the decisions database).
 *
 * Proposals from an outbox built on a head this log never had wait for their desk's held document
 * (it carries what the desk's old log accepted before them), at most `waitMs`; then those that
 * commute are decided on the current state (`handedIn`), never refused as another log's.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { commutes, type DeskIdentity, type Proposal } from '../../shared/authority/proposal'
import {
  handInProposals,
  isHeadOf,
  readDeskCopy,
  readHeldDoc,
  recoveredDoc,
} from '../../shared/venue/held'
import { err, ok, type Result } from '../../shared/result'
import { stableJson } from '../../shared/tournament/log'
import {
  DIRECTOR_DESK,
  type HeldDoc,
  type OutboxProposal,
  type RecoveredDoc,
  type ServeEvent,
  type VenueDesk,
} from '../../shared/venue/protocol'
import type { AuthorityHost } from './authority-host'
import type { PouchDatabase } from './pouch'

/** How long proposals built on another log wait for their desk's held document (issue 27). */
export const HAND_IN_WAIT_MS = 15_000

export interface RecoveryOptions {
  readonly authority: AuthorityHost
  readonly now: () => Date
  readonly emit: (event: ServeEvent) => void
  /** The decisions database, where the desks read what came back. */
  readonly decisions: PouchDatabase
  /** After each hand-in that decided something. */
  readonly changed: () => void
  readonly waitMs?: number
}

export interface Recovery {
  /** A document of a desk's outbox: true (and handed in) when it is a held document. */
  received(desk: VenueDesk, doc: unknown): boolean
  /**
   * True when an outbox proposal built on a head this log never had waits for its desk's held
   * document; `submit` is called when that is decided or after `waitMs`.
   */
  defer(desk: VenueDesk, proposal: OutboxProposal, submit: () => void): boolean
  /** The proposal decided for an outbox document: handed in when it commutes on another log's head. */
  proposalOf(desk: DeskIdentity, proposal: OutboxProposal): Proposal
  /** `--take`: every copy read and checked first, then each handed in, in order. */
  take(paths: readonly string[]): Promise<Result<readonly TakenCopy[]>>
  /**
   * Copies already read (the director picked one on the app's Files screen, issue 27), decided as
   * `take` decides them: every one checked first, then each handed in, in order.
   */
  takeCopies(copies: readonly CopyText[]): Promise<Result<readonly TakenCopy[]>>
  /** Waits, at most `ms`, until each of these desks has handed in; resolves with those that did not. */
  awaitHandIns(deskIds: readonly string[], ms: number): Promise<readonly string[]>
  /** Called with a desk's id each time it has handed in. */
  onHandedIn(listener: (deskId: string) => void): void
  stop(): void
}

/** A desk's saved copy as read: `from` names it in what is said (a path, a file's name). */
export interface CopyText {
  readonly from: string
  readonly text: string
}

/** What one copy gave back, as the `recovered` event says it (`recoveredSentence`). */
export type TakenCopy = Pick<RecoveredDoc, 'accepted' | 'already' | 'refused'> & {
  readonly from: string
}

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32)

export function createRecovery(options: RecoveryOptions): Recovery {
  return new HandIns(options)
}

/** Reads a copy for `--take`; its problems name the option as the terminal shows them. */
async function readCopy(path: string): Promise<Result<CopyText>> {
  try {
    return ok({ from: path, text: await readFile(path, 'utf8') })
  } catch (e) {
    return err('venue.take-read', `--take ${path}: ${(e as Error).message}`)
  }
}

/** A copy checked against this tournament; `where` starts each problem. */
function checkCopy(copy: CopyText, where: string, tournamentId: string): Result<HeldDoc> {
  const held = readDeskCopy(copy.from, copy.text)
  if (!held.ok) return err(held.error.code, `${where}: ${held.error.message}`)
  if (held.value.tournamentId !== tournamentId) {
    return err(
      'venue.take-event',
      `${where}: it is a copy of another tournament (${held.value.tournamentId}), not ${tournamentId}`,
    )
  }
  return held
}

class HandIns implements Recovery {
  /** Desks that handed in since this authority started, or whose wait is over. */
  private readonly released = new Set<string>()
  /** Desks whose held document was decided since this authority started. */
  private readonly handedIn = new Set<string>()
  private readonly deferred = new Map<string, (() => void)[]>()
  private readonly timers = new Set<ReturnType<typeof setTimeout>>()
  private readonly listeners = new Set<(deskId: string) => void>()
  private chain: Promise<unknown> = Promise.resolve()
  private stopped = false

  constructor(private readonly options: RecoveryOptions) {}

  received(desk: VenueDesk, doc: unknown): boolean {
    if ((doc as { type?: unknown } | null)?.type !== 'held') return false
    const { authority, emit } = this.options
    const identity: DeskIdentity = { id: desk.id, name: desk.name, role: desk.role }
    void this.queued(async () => {
      const held = readHeldDoc(doc)
      const tournamentId = authority.state().tournamentId
      if (!held.ok) {
        emit({
          event: 'error',
          code: held.error.code,
          message: `${desk.name}: ${held.error.message}`,
        })
      } else if (held.value.tournamentId !== tournamentId) {
        emit({
          event: 'error',
          code: 'venue.held-event',
          message: `${desk.name} handed in a log of another tournament (${held.value.tournamentId}): nothing taken from it.`,
        })
      } else {
        await this.handIn(held.value, identity, desk.name, false)
      }
      this.handedIn.add(desk.id)
      this.release(desk.id)
    }, `What ${desk.name} handed in`).catch(() => undefined)
    return true
  }

  defer(desk: VenueDesk, proposal: OutboxProposal, submit: () => void): boolean {
    const log = this.options.authority.state().log
    if (this.released.has(desk.id) || isHeadOf(log, proposal.builtOn)) return false
    const waiting = this.deferred.get(desk.id)
    if (waiting !== undefined) {
      waiting.push(submit)
      return true
    }
    this.deferred.set(desk.id, [submit])
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      if (!this.stopped && !this.released.has(desk.id)) this.release(desk.id)
    }, this.options.waitMs ?? HAND_IN_WAIT_MS)
    this.timers.add(timer)
    return true
  }

  readonly proposalOf = (desk: DeskIdentity, proposal: OutboxProposal): Proposal => {
    const foreign = !isHeadOf(this.options.authority.state().log, proposal.builtOn)
    return {
      proposalId: proposal._id,
      desk,
      builtOn: proposal.builtOn,
      command: proposal.command,
      ...(foreign && commutes(proposal.command) ? { handedIn: true } : {}),
    }
  }

  async take(paths: readonly string[]): Promise<Result<readonly TakenCopy[]>> {
    const copies: CopyText[] = []
    for (const path of paths) {
      const copy = await readCopy(path)
      if (!copy.ok) return copy
      copies.push(copy.value)
    }
    return this.decideCopies(copies, (from) => `--take ${from}`)
  }

  takeCopies(copies: readonly CopyText[]): Promise<Result<readonly TakenCopy[]>> {
    return this.decideCopies(copies, (from) => from)
  }

  /** Every copy checked first (a bad one takes nothing of any), then each decided, in order. */
  private async decideCopies(
    copies: readonly CopyText[],
    where: (from: string) => string,
  ): Promise<Result<readonly TakenCopy[]>> {
    const held: { readonly from: string; readonly doc: HeldDoc }[] = []
    const tournamentId = this.options.authority.state().tournamentId
    for (const copy of copies) {
      const checked = checkCopy(copy, where(copy.from), tournamentId)
      if (!checked.ok) return checked
      held.push({ from: copy.from, doc: checked.value })
    }
    const director: DeskIdentity = {
      id: DIRECTOR_DESK.id,
      name: DIRECTOR_DESK.name,
      role: DIRECTOR_DESK.role,
    }
    const taken: TakenCopy[] = []
    for (const { from, doc } of held) {
      const said = await this.queued(
        () => this.handIn(doc, director, from, true),
        where(from),
      ).catch(() => undefined)
      if (said !== undefined) taken.push(said)
    }
    return ok(taken)
  }

  awaitHandIns(deskIds: readonly string[], ms: number): Promise<readonly string[]> {
    const missing = () => deskIds.filter((id) => !this.handedIn.has(id))
    if (missing().length === 0) return Promise.resolve([])
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        this.listeners.delete(check)
        resolve(missing())
      }
      const check = (): void => {
        if (this.stopped || missing().length === 0) done()
      }
      const timer = setTimeout(done, ms)
      this.listeners.add(check)
    })
  }

  onHandedIn(listener: (deskId: string) => void): void {
    this.listeners.add(listener)
  }

  stop(): void {
    this.stopped = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    for (const listener of this.listeners) listener('')
  }

  private release(deskId: string): void {
    this.released.add(deskId)
    const waiting = this.deferred.get(deskId) ?? []
    this.deferred.delete(deskId)
    for (const submit of waiting) submit()
    for (const listener of this.listeners) listener(deskId)
  }

  private async answer(doc: RecoveredDoc): Promise<void> {
    const rev = hash(stableJson(doc))
    const revised = { ...doc, _rev: `1-${rev}`, _revisions: { start: 1, ids: [rev] } }
    await this.options.decisions.bulkDocs([revised], { new_edits: false })
  }

  /** Decides each proposal a held document gives; says what came back when anything is new. */
  private async handIn(
    held: HeldDoc,
    from: DeskIdentity,
    name: string,
    always: boolean,
  ): Promise<TakenCopy | undefined> {
    const { authority, now, emit } = this.options
    const before = authority.state()
    const { proposals, already } = handInProposals(before.log, held, from)
    const fresh = proposals.filter(
      (p) => !before.accepted.has(p.proposalId) && !before.refused.has(p.proposalId),
    )
    const decided = []
    for (const proposal of fresh) {
      decided.push({ proposal, decision: await authority.handIn(proposal, now) })
    }
    if (!always && decided.length === 0) return undefined
    const earlier = already + proposals.length - fresh.length
    const base = recoveredDoc('', from.id, decided, earlier, now().toISOString())
    const doc = { ...base, _id: `recovered-${hash(stableJson({ ...base, held: held._id }))}` }
    emit({
      event: 'recovered',
      from: name,
      accepted: doc.accepted,
      already: doc.already,
      refused: doc.refused,
    })
    await this.answer(doc)
    this.options.changed()
    return { from: name, accepted: doc.accepted, already: doc.already, refused: doc.refused }
  }

  private queued<T>(work: () => Promise<T>, what: string): Promise<T> {
    const run = this.chain.then(work)
    this.chain = run.catch((e: unknown) => {
      if (this.stopped) return
      this.options.emit({
        event: 'error',
        code: 'venue.held',
        message: `${what}: ${e instanceof Error ? e.message : String(e)}`,
      })
    })
    return run
  }
}
