/*
 * One step of a round for every division of the hall at once (issue 19: one round of three
 * divisions in no more keys than the result lines plus 10). Divisions pair independently (their
 * tables come from the hall's numbering, not from each other's pairings), so every proposal is
 * made on the same state and the desk dispatches them one after the other.
 */
import type { Command } from '../tournament/commands'
import { playerName } from '../tournament/lookup'
import type { PlayerId, TournamentState } from '../tournament/types'
import {
  allRoundsPaired,
  nextRoundNumber,
  proposePairing,
  roundPlanFor,
  type PairingProposal,
  type ProposeOptions,
} from './pair-next'
import { pairingBlockers } from './ready'

/** Why a division was not paired with the others: said on screen, never skipped silently. */
export type SkipReason =
  | { readonly kind: 'all-paired' }
  | { readonly kind: 'by-hand'; readonly round: number }
  | { readonly kind: 'to-settle'; readonly round: number; readonly count: number }
  | { readonly kind: 'refused'; readonly round: number; readonly message: string }

export interface EveryDivisionPairing {
  readonly proposals: readonly {
    readonly division: string
    readonly round: number
    readonly proposal: PairingProposal
  }[]
  readonly skipped: readonly { readonly division: string; readonly why: SkipReason }[]
}

/**
 * Proposes the next round of every division that can be paired without asking: not every round
 * paired, not a round the plan pairs by hand, nothing to settle first (missing results or
 * unknown starts, shared/desk/ready.ts: those wait for the director's "pair anyway" on the
 * division's own screen). `optionsFor` gives each division's options (its check-in choice).
 */
export function pairEveryDivision(
  state: TournamentState,
  optionsFor: (division: string) => ProposeOptions,
): EveryDivisionPairing {
  const proposals: EveryDivisionPairing['proposals'][number][] = []
  const skipped: EveryDivisionPairing['skipped'][number][] = []
  for (const division of state.divisions) {
    const name = division.name
    if (allRoundsPaired(state, name)) {
      skipped.push({ division: name, why: { kind: 'all-paired' } })
      continue
    }
    const round = nextRoundNumber(state, name)
    const plan = roundPlanFor(division, round, state.info.rounds, state.info.sessionBreaks)
    if (plan.step.system === 'manual') {
      skipped.push({ division: name, why: { kind: 'by-hand', round } })
      continue
    }
    const blockers = pairingBlockers(state, name, round)
    if (blockers.length > 0) {
      skipped.push({ division: name, why: { kind: 'to-settle', round, count: blockers.length } })
      continue
    }
    const proposal = proposePairing(state, name, round, optionsFor(name))
    if (proposal.ok) proposals.push({ division: name, round, proposal: proposal.value })
    else
      skipped.push({
        division: name,
        why: { kind: 'refused', round, message: proposal.error.message },
      })
  }
  return { proposals, skipped }
}

/** Whom a pairing dropped or seated unseen, as the proposal lists them (shared/desk/pair-next.ts). */
export interface DroppedPlayers {
  readonly leftOut: readonly PlayerId[]
  readonly notSeen: readonly PlayerId[]
}

/**
 * "Left out, not checked in for <day>: Name (#8)" and "Paired but not seen on <day>: …", the
 * names taken from `division`'s own players (issue 28: pairing every division named B's #8 after
 * A's #8). `day` is the day as the screen words it.
 */
export function droppedLines(
  state: TournamentState,
  division: string,
  dropped: DroppedPlayers,
  day: string,
): string[] {
  const players = state.divisions.find((d) => d.name === division)
  const line = (what: string, ids: readonly PlayerId[]): string[] =>
    ids.length === 0
      ? []
      : [`${what} ${day}: ${ids.map((id) => `${playerName(players, id)} (#${id})`).join(', ')}`]
  return [
    ...line('Left out, not checked in for', dropped.leftOut),
    ...line('Paired but not seen on', dropped.notSeen),
  ]
}

/**
 * What pairing every division says, division by division (issue 28: each division's own summary,
 * kept for when the director opens that division): one line for the hall ("B: round 3 paired.
 * Left out …") and the summary shown above that division's pairings.
 */
export function everyDivisionSummaries(
  state: TournamentState,
  proposals: EveryDivisionPairing['proposals'],
  day: string,
): readonly {
  readonly division: string
  readonly line: string
  readonly summary: readonly string[]
}[] {
  return proposals.map(({ division, round, proposal }) => {
    const dropped = droppedLines(state, division, proposal, day)
    return {
      division,
      line: [`${division}: round ${round} paired`, ...dropped].join('. '),
      summary: [...proposal.summary, ...dropped],
    }
  })
}

/** "B: round 3 waits for 2 things to settle" — one sentence per division left out. */
export function describeSkip(division: string, why: SkipReason): string {
  switch (why.kind) {
    case 'all-paired':
      return `${division}: every round is paired`
    case 'by-hand':
      return `${division}: round ${why.round} is paired by hand`
    case 'to-settle':
      return `${division}: round ${why.round} waits for ${why.count} ${why.count === 1 ? 'thing' : 'things'} to settle`
    case 'refused':
      return `${division}: round ${why.round} not paired (${why.message})`
  }
}

/** The latest round of every division that is paired and not yet published. */
export function publishEveryDivision(state: TournamentState): readonly Command[] {
  return state.divisions.flatMap((division): Command[] => {
    const latest = division.rounds.at(-1)
    return latest && !latest.published
      ? [{ type: 'publishRound', division: division.name, round: latest.number }]
      : []
  })
}
