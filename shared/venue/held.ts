/*
 * What a desk holds that the authority lacks, handed back (issue 27: "recovery that loses nothing
 * and says what it did"). An authority restarted on an older file, or started on another laptop
 * from a desk's saved copy, lacks entries another log of the event accepted and proposals still
 * waiting on a desk. The desk (or `rackside serve --take COPY.json`) hands them in as a `HeldDoc`;
 * the authority decides each again through `decide`, as a proposal from its original desk, and
 * says what came back and what was refused.
 */
import {
  commutes,
  headOfLog,
  type BuiltOn,
  type Decision,
  type DeskIdentity,
  type Proposal,
} from '../authority/proposal'
import { checkLogEntry, readTournamentFile, writeTournamentFile } from '../formats/tournament-file'
import { err, ok, type Result } from '../result'
import type { LoggedCommand } from '../tournament/commands'
import { fingerprint } from '../tournament/log'
import {
  DIRECTOR_DESK,
  type DeskStatus,
  type HeldDoc,
  type HeldProposal,
  type OutboxProposal,
  type RecoveredDoc,
  type RecoveredRefusal,
  type VenueEvent,
} from './protocol'

/** Whether `builtOn` is a head this log had: its length within the log and its last entry's print. */
export function isHeadOf(log: readonly LoggedCommand[], builtOn: BuiltOn): boolean {
  const { length, last } = builtOn
  if (!Number.isInteger(length) || length < 0 || length > log.length) return false
  if (length === 0) return last === null
  const seen = log[length - 1]
  return seen !== undefined && fingerprint(seen) === last
}

/**
 * Whether a desk's status says it holds accepted entries `log` lacks: more than the log, or a last
 * entry the log does not have at that place (another generation's log).
 */
export function statusLacks(
  log: readonly LoggedCommand[],
  status: Pick<DeskStatus, 'held' | 'last'>,
): boolean {
  if (status.held === 0) return false
  return !isHeadOf(log, { length: status.held, last: status.last })
}

/**
 * The desks whose status is of another generation of this tournament and holds entries `log`
 * lacks: a restarted authority waits for what they hand back before deciding anything new.
 */
export function desksHoldingMore(
  statuses: readonly (readonly [string, DeskStatus])[],
  event: Pick<VenueEvent, 'tournamentId' | 'generation'>,
  log: readonly LoggedCommand[],
): readonly string[] {
  return statuses
    .filter(
      ([, status]) =>
        status.tournamentId === event.tournamentId &&
        status.generation !== event.generation &&
        statusLacks(log, status),
    )
    .map(([desk]) => desk)
}

/** The proposal id an entry is decided under again: its own, else one from its fingerprint. */
export function handedInId(entry: LoggedCommand): string {
  return entry.proposal ?? `held-${fingerprint(entry)}`
}

/** Who gave an entry: its desk, the director's for an entry of a log kept on one laptop. */
function deskNamed(desk: string | undefined): DeskIdentity {
  const id = desk ?? DIRECTOR_DESK.id
  return { id, role: id === DIRECTOR_DESK.id ? 'director' : 'desk' }
}

export interface HandIn {
  /** In the order to decide them: the held log's entries first, then the waiting proposals. */
  readonly proposals: readonly Proposal[]
  /** Entries and proposals this log already holds (same fingerprint or proposal id). */
  readonly already: number
}

/**
 * The proposals that hand `held` back to an authority whose log is `log`: each accepted entry the
 * log lacks, from its original desk under its original proposal id (or `handedInId`), built on the
 * held log's own prefix so that, on a log that is that prefix, it is decided as it was; then each
 * waiting proposal of `from`, the handing desk. Accepted entries are `handedIn` (decided on the
 * current state when their head is another log's); a waiting one only when it commutes, so a
 * pairing typed on another log is refused as built on an unknown head.
 */
export function handInProposals(
  log: readonly LoggedCommand[],
  held: HeldDoc,
  from: DeskIdentity,
): HandIn {
  const prints = new Set(log.map(fingerprint))
  const ids = new Set<string>()
  for (const entry of log) if (entry.proposal !== undefined) ids.add(entry.proposal)
  const proposals: Proposal[] = []
  let already = 0
  for (const [index, entry] of held.entries.entries()) {
    const proposalId = handedInId(entry)
    if (prints.has(fingerprint(entry)) || ids.has(proposalId)) {
      already += 1
      continue
    }
    ids.add(proposalId)
    proposals.push({
      proposalId,
      desk: deskNamed(entry.desk),
      builtOn: headOfLog(held.entries.slice(0, index)),
      command: entry.command,
      handedIn: true,
    })
  }
  for (const waiting of held.waiting) {
    if (ids.has(waiting._id)) {
      already += 1
      continue
    }
    ids.add(waiting._id)
    proposals.push({
      proposalId: waiting._id,
      desk: waiting.desk === undefined ? from : deskNamed(waiting.desk),
      builtOn: waiting.builtOn,
      command: waiting.command,
      ...(commutes(waiting.command) ? { handedIn: true } : {}),
    })
  }
  return { proposals, already }
}

/** What the authority answered a held document, for the desks' decisions database. */
export function recoveredDoc(
  id: string,
  desk: string,
  decided: readonly { readonly proposal: Proposal; readonly decision: Decision }[],
  already: number,
  at: string,
): RecoveredDoc {
  const refused: RecoveredRefusal[] = []
  let accepted = 0
  for (const { proposal, decision } of decided) {
    switch (decision.kind) {
      case 'accepted':
        accepted += 1
        break
      case 'refused':
        refused.push({
          proposal: decision.proposalId,
          type: proposal.command.type,
          error: decision.error,
          desk: proposal.desk.id,
        })
        break
    }
  }
  return { _id: id, type: 'recovered', desk, accepted, already, refused, at }
}

/**
 * The sentence the terminal and the desk show: "Recovered from Desk 2: 2 accepted, 1 refused
 * (recordResult: table 12 already has a result); 40 already in the log."
 */
export function recoveredSentence(
  from: string,
  recovered: Pick<RecoveredDoc, 'accepted' | 'already' | 'refused'>,
): string {
  const { accepted, already, refused } = recovered
  const count = (n: number, one: string, many: string): string =>
    `${String(n)} ${n === 1 ? one : many}`
  const why = refused.map((r) => `${r.type}: ${r.error.message.replace(/\.$/, '')}`).join('; ')
  const parts = [
    `${count(accepted, 'command', 'commands')} accepted`,
    ...(refused.length === 0 ? [] : [`${String(refused.length)} refused (${why})`]),
  ]
  const held = already === 0 ? '' : `; ${String(already)} already in the log`
  return `Recovered from ${from}: ${parts.join(', ')}${held}.`
}

/**
 * A held document read from a desk's outbox (or a copy): its shape checked as the file reader
 * checks a stored log, every entry in seq order from 0. Never throws.
 */
export function readHeldDoc(doc: unknown): Result<HeldDoc> {
  if (typeof doc !== 'object' || doc === null) return err('venue.held', 'not a held document')
  const d = doc as Record<string, unknown>
  const { _id, type, tournamentId, generation, entries, waiting } = d
  if (type !== 'held' || typeof _id !== 'string' || typeof tournamentId !== 'string') {
    return err('venue.held', 'a held document has type "held", an _id and a tournamentId')
  }
  if (!(generation === null || Number.isInteger(generation))) {
    return err('venue.held', `held document ${_id}: "generation" is a whole number or null`)
  }
  if (!Array.isArray(entries) || !Array.isArray(waiting)) {
    return err('venue.held', `held document ${_id}: "entries" and "waiting" are lists`)
  }
  const log: LoggedCommand[] = []
  for (const [index, entry] of (entries as unknown[]).entries()) {
    const checked = checkLogEntry(entry, index)
    if (!checked.ok) return err('venue.held', `held document ${_id}: ${checked.error.message}`)
    if (checked.value.seq !== index) {
      return err(
        'venue.held',
        `held document ${_id}: entry ${String(index)} has seq ${String(checked.value.seq)}`,
      )
    }
    log.push(checked.value)
  }
  const proposals: HeldProposal[] = []
  for (const item of waiting as unknown[]) {
    const w = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>
    const builtOn = w['builtOn'] as Record<string, unknown> | null | undefined
    const command = w['command'] as Record<string, unknown> | null | undefined
    if (
      typeof w['_id'] !== 'string' ||
      typeof builtOn !== 'object' ||
      builtOn === null ||
      !Number.isInteger(builtOn['length']) ||
      !(builtOn['last'] === null || typeof builtOn['last'] === 'string') ||
      typeof command !== 'object' ||
      command === null ||
      typeof command['type'] !== 'string' ||
      !(w['desk'] === undefined || typeof w['desk'] === 'string')
    ) {
      return err(
        'venue.held',
        `held document ${_id}: a waiting proposal is not { _id, builtOn, command }`,
      )
    }
    proposals.push(item as HeldProposal)
  }
  return ok({
    _id,
    type: 'held',
    tournamentId,
    generation: generation as number | null,
    entries: log,
    waiting: proposals,
  })
}

/** What a desk hands in from the replica it kept and its proposals not decided yet. */
export function heldFromReplica(
  id: string,
  tournamentId: string,
  generation: number | null,
  entries: readonly LoggedCommand[],
  pending: readonly OutboxProposal[],
): HeldDoc {
  return {
    _id: id,
    type: 'held',
    tournamentId,
    generation,
    entries,
    waiting: pending.map(({ _id, builtOn, command, madeAt }) => ({
      _id,
      builtOn,
      command,
      madeAt,
    })),
  }
}

/**
 * A desk's saved copy (issue 27, "another laptop"): our tournament file with its waiting proposals
 * in an extra field, `waiting`, which older readers (`readTournamentFile`) ignore.
 */
export function writeDeskCopy(
  tournamentId: string,
  log: readonly LoggedCommand[],
  waiting: readonly HeldProposal[],
  savedAt: string,
): string {
  const text = writeTournamentFile(tournamentId, log, savedAt)
  if (waiting.length === 0) return text
  const file = JSON.parse(text) as Record<string, unknown>
  return `${JSON.stringify({ ...file, waiting }, null, 2)}\n`
}

/** A copy (ours, from a desk or not) as a held document: `--take COPY.json`. */
export function readDeskCopy(id: string, text: string): Result<HeldDoc> {
  const file = readTournamentFile(text)
  if (!file.ok) return file
  let waiting: unknown = []
  try {
    const parsed = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text) as Record<
      string,
      unknown
    >
    waiting = parsed['waiting'] ?? []
  } catch {
    // readTournamentFile read it: it parses.
  }
  return readHeldDoc({
    _id: id,
    type: 'held',
    tournamentId: file.value.tournamentId,
    generation: null,
    entries: file.value.log,
    waiting,
  })
}
