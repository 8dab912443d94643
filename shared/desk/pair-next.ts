/*
 * Pairing the next round at the desk (issue 5; design.md, "Pairing"): the division's plan says
 * which system pairs the round and on which standings; shared/pairing does the matching; the
 * proposal is a `pairRound` command the director reviews (reasons, repeats, starts) before it is
 * applied, then edits by hand and publishes.
 */
import { autoPlan } from '../pairing/auto-plan'
import { pairKey } from '../pairing/context'
import { pairRound } from '../pairing/pair-round'
import type { PairedRound, PairingSystem } from '../pairing/types'
import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import { startTallies } from '../starts/starts'
import { apply } from '../tournament/apply'
import type { Command, PairingSpec } from '../tournament/commands'
import { checkRoundNumber, starterOf, startsHistoryOf } from '../tournament/lookup'
import { systemWords } from '../tournament/describe'
import { notRoundRobinWords } from '../pairing/round-robin-history'
import {
  basisRound,
  pastRoundsOf,
  roundPlanOn,
  scheduleBreak,
  type RoundPlan,
  type ScheduleBreak,
} from '../tournament/plan'
import {
  type Division,
  type PairingStart,
  type PlanStep,
  type Player,
  type Round,
  type TournamentState,
} from '../tournament/types'
import { findDivision, unpairedPlayers } from '../tournament/views'
import { unknownStarts, type UnknownStart } from './result-line'
import { describeReviewWarning, reviewWarnings, type ReviewWarning } from './pairing-review'
import { deskPairingInput, leftOutOn } from './pairing-input'
import {
  describeTableMove,
  pairedOffset,
  hallTableNumbering,
  tableMoves,
  type TableMove,
} from '../tournament/tables'
import { rollCall } from './check-in'

export type PairingWarning =
  | {
      /** The two at `table` have met `times` times before this round. */
      readonly kind: 'repeat'
      readonly table: number
      readonly players: readonly [PlayerId, PlayerId]
      readonly times: number
    }
  | {
      /**
       * This round's start widens the gap between the player's firsts and seconds to 2 or more
       * (`firsts` and `seconds` as after this round); MSA 1.3 and NSA II.F.1 keep them level. Not
       * raised on a round robin's start its rules decided: its pairs cannot move.
       */
      readonly kind: 'start-imbalance'
      readonly player: PlayerId
      readonly firsts: number
      readonly seconds: number
    }
  | {
      /** A player who could play this round has neither a game nor the bye. */
      readonly kind: 'unpaired'
      readonly player: PlayerId
    }
  | {
      /**
       * A division's block of tables moves on because a division before it grew into it (issue
       * 28): this round took the new tables, or that division's next one will.
       */
      readonly kind: 'tables-moved'
      readonly move: TableMove
    }
  /** The bye, win gaps, back-to-back, Gibson and do-not-pair checks (issue 10). */
  | ReviewWarning

type PairRoundCommand = Extract<Command, { readonly type: 'pairRound' }>

export interface PairingProposal {
  readonly command: PairRoundCommand
  /** The pairing engine's account of the round, one statement a line (system, repeats, bye…). */
  readonly summary: readonly string[]
  readonly warnings: readonly PairingWarning[]
  /**
   * The round was already paired (a re-pair): `command` carries `replace`, so it replaces the
   * round's pairings in one step. False for the usual next round.
   */
  readonly replacesRound: boolean
  /**
   * Played games before this round with nobody recorded as starting: they count for neither
   * player, so this round's starts (MSA 1.3, NSA II.F.1) balance only what is known.
   */
  readonly unknownStarts: readonly UnknownStart[]
  /**
   * Players the round has (entered, not withdrawn) whom `onlyCheckedInOn` left out: a pairing,
   * and above all a re-pair, says whom it drops (issue 19). Empty without that option.
   */
  readonly leftOut: readonly PlayerId[]
  /**
   * Players the proposal seats who were not seen on `rollCallDay` (shared/desk/check-in.ts
   * `rollCall`): a warning, not a block, so a day-2 no-show is named before the round is
   * published. Empty without that option, or when the division's desk checks nobody in.
   */
  readonly notSeen: readonly PlayerId[]
}

export interface ProposeOptions {
  /** Recorded in the command: it makes random draws and program draws for first reproducible. */
  readonly seed: number
  /** Pair only the players checked in on this day (YYYY-MM-DD); the rest are left out. */
  readonly onlyCheckedInOn?: string
  /** The desk's day (YYYY-MM-DD): the proposal names the players it seats not seen that day. */
  readonly rollCallDay?: string
  /** Pair with this system instead of the plan's (the plan's basis and repeats still apply). */
  readonly system?: PairingSystem
  /**
   * Pairings the engine must keep, with their tables. By default, re-pairing a round keeps the
   * round's locked (manual) pairings; pairing a new round keeps none.
   */
  readonly keepLocked?: readonly PairingSpec[]
}

/** The round the desk pairs next: the first not yet paired (1 for an unknown division). */
export function nextRoundNumber(state: TournamentState, division: string): number {
  const found = state.divisions.find((d) => d.name === division)
  return (found?.rounds.length ?? 0) + 1
}

/** Every round the event has is paired: the desk has no round left to pair in the division. */
export function allRoundsPaired(state: TournamentState, division: string): boolean {
  return nextRoundNumber(state, division) > state.info.rounds
}

/**
 * The plan a division is paired by: the director's as saved, or (no steps: the explicit
 * "automatic" state) the automatic plan for its active field, the event's rounds and session
 * breaks, worked out when pairing so players registered later count
 * (shared/pairing/auto-plan.ts). Nothing is inferred from a saved plan's shape (issue 20).
 */
export function effectivePlan(
  division: Division,
  eventRounds: number,
  sessionBreaks: readonly number[] = [],
): readonly PlanStep[] {
  if (!usesAutoPlan(division)) return division.plan
  return autoPlan(activeCount(division), eventRounds, sessionBreaks)
}

const activeCount = (division: Division): number =>
  division.players.filter((p) => p.status.kind === 'active').length

/** Whether the division follows the automatic plan (no plan of the director's own). */
export const usesAutoPlan = (division: Division): boolean => division.plan.length === 0

export type { RoundPlan } from '../tournament/plan'

/**
 * How `round` of the division is paired, from the plan, the event's rounds and session breaks,
 * and the division's history (`roundPlanOn`, the use-case the CLI shares). A round robin goes on
 * while its rounds so far are a round robin, whoever paired them (issue 29); Initial Fontes while
 * its own schedule made them. Otherwise the automatic plan goes on as Swiss (King of the Hill
 * last), since a schedule followed from the middle repeats games and ignores the standings; a
 * director's own plan keeps its step and the proposal says why it may not fit (`describeRoundPlan`).
 */
export function roundPlanFor(
  division: Division,
  round: number,
  eventRounds: number,
  sessionBreaks: readonly number[] = [],
): RoundPlan {
  return roundPlanOn(
    {
      plan: effectivePlan(division, eventRounds, sessionBreaks),
      automatic: usesAutoPlan(division),
      active: activeCount(division),
      eventRounds,
      sessionBreaks,
      history: () => ({
        // A deleted registration (issue 32) holds no round-robin seat.
        players: division.players.flatMap((p) => (p.deleted === true ? [] : [p.id])),
        rounds: pastRoundsOf(division, round),
      }),
      breakOf: (step, r) => scheduleBreak(division, step, r),
    },
    round,
  )
}

/** How the rounds a schedule did not make came to be, in words. */
function breakWords(b: ScheduleBreak): string {
  switch (b.reason) {
    case 'imported':
      return 'imported'
    case 'by-hand':
      return 'paired by hand'
    case 'other-system':
      return `paired by ${systemWords(b.system ?? '')}`
    case 'not-schedule':
      return 'the field changed since'
  }
}

/**
 * Why a round is not paired as the plan's schedule says, in words for the Rounds screen and the
 * proposal: "Round 11: Swiss — rounds 1–10 were not paired by the round-robin schedule
 * (imported)". Null when the round is paired as planned.
 */
export function describeRoundPlan(plan: RoundPlan, round: number): string | null {
  const from = plan.planned.fromRound
  const planned = systemWords(plan.planned.system)
  const rr = plan.roundRobin
  if (rr !== null && round > from) {
    const span = round - 1 === from ? `round ${from} is` : `rounds ${from}–${round - 1} are`
    switch (rr.kind) {
      case 'continues':
        // Words only for a history paired otherwise than by our own schedule (issue 29).
        return rr.ownSchedule
          ? null
          : `Round ${round}: ${planned} — ${span} a ${planned}; continuing it`
      case 'not-round-robin':
      case 'no-completion': {
        const why =
          rr.kind === 'not-round-robin'
            ? `${span} not a ${planned} (${notRoundRobinWords(rr.why)})`
            : `${span} a ${planned}, but ${rr.proven ? 'it cannot be finished' : 'no way was found to finish it'} without a repeat`
        return plan.automatic
          ? `Round ${round}: ${systemWords(plan.step.system)} — ${why}`
          : `Round ${round}: ${planned} as your plan says, but ${why}: its pairings may repeat games. Pair by Swiss instead, or change the plan.`
      }
    }
  }
  const broken = plan.scheduleBreak
  if (broken === null) return null
  const span = round - 1 === from ? `round ${from} was` : `rounds ${from}–${round - 1} were`
  const schedule = `the ${planned} schedule`
  const why = `${span} not paired by ${schedule} (${breakWords(broken)}, from round ${broken.round})`
  return plan.automatic
    ? `Round ${round}: ${systemWords(plan.step.system)} — ${why}`
    : `Round ${round}: ${systemWords(plan.step.system)} as your plan says, but ${why}: its pairings may repeat games and ignore the standings. Pair by Swiss instead, or change the plan.`
}

/**
 * The plan step that pairs `round`, as `roundPlanFor` resolves it (the automatic plan's schedule
 * gives way to Swiss when the history is not the schedule's).
 */
export function planStepFor(
  division: Division,
  round: number,
  eventRounds: number,
  sessionBreaks: readonly number[] = [],
): PlanStep {
  return roundPlanFor(division, round, eventRounds, sessionBreaks).step
}

/** The round whose standings a step pairs `round` on (shared/tournament/plan.ts, `basisRound`). */
export function basisOf(
  step: PlanStep,
  round: number,
  sessionBreaks: readonly number[] = [],
): number {
  return basisRound(step.basedOn, round, sessionBreaks)
}

/** The round's locked pairings as the specs a re-pair keeps, tables and starters included. */
function lockedSpecs(round: Round): PairingSpec[] {
  return round.pairings.flatMap((p): PairingSpec[] => {
    if (!p.locked) return []
    switch (p.kind) {
      case 'game':
        return [
          {
            kind: 'game',
            table: p.table,
            players: p.players,
            locked: true,
            ...(p.start.kind === 'director' ? { start: p.start } : {}),
            ...(p.reason === null ? {} : { reason: p.reason }),
          },
        ]
      case 'bye':
        return [
          {
            kind: 'bye',
            player: p.player,
            locked: true,
            ...(p.reason ? { reason: p.reason } : {}),
          },
        ]
    }
  })
}

/** The state the round is paired from: as it is, or without the round when it is paired again. */
function baseFor(
  state: TournamentState,
  division: Division,
  round: number,
): Result<{ state: TournamentState; division: Division; replaced: Round | null }> {
  const next = division.rounds.length + 1
  if (round === next) return ok({ state, division, replaced: null })
  const last = division.rounds[division.rounds.length - 1]
  if (round !== division.rounds.length || last === undefined) {
    return round > next
      ? err('round.out-of-order', `Round ${next} must be paired before round ${round}.`, {
          field: 'round',
          details: { round, next },
        })
      : err(
          'round.not-last',
          `Round ${round} is followed by round ${division.rounds.length}: only the last round can be paired again.`,
          { field: 'round', details: { round, last: division.rounds.length } },
        )
  }
  const unpaired = apply(state, { type: 'unpairRound', division: division.name, round }, state.id)
  if (!unpaired.ok) return unpaired
  const base = findDivision(unpaired.value, division.name)
  if (!base.ok) return base
  return ok({ state: unpaired.value, division: base.value, replaced: last })
}

/** The players in `round` of `division` by entry and status who are not checked in on `day`. */
function notCheckedIn(
  state: TournamentState,
  division: string,
  round: number,
  day: string,
): readonly Player[] {
  const found = state.divisions.find((d) => d.name === division)
  return (found?.players ?? []).filter((p) => leftOutOn(p, round, day, state.rules.desk))
}

/**
 * Whom pairing `round` of `division` with only the players checked in on `day` leaves out, before
 * the desk pairs (or pairs again): the same players `proposePairing` then drops. A round robin
 * drops nobody: its schedule seats them (pairing-input.ts), so the desk must not say it leaves
 * them out. The round's system is the plan's (`roundPlanFor` reads only the rounds before it, so
 * it is the same for a re-pair) unless `system` overrides it as the proposal's option does.
 */
export function leftOutByCheckIn(
  state: TournamentState,
  division: string,
  round: number,
  day: string,
  system?: PairingSystem,
): readonly Player[] {
  const found = state.divisions.find((d) => d.name === division)
  if (found === undefined) return []
  const pairedBy =
    system ??
    roundPlanFor(found, round, state.info.rounds, state.info.sessionBreaks ?? []).step.system
  if (pairedBy === 'round-robin' || pairedBy === 'double-round-robin') return []
  return notCheckedIn(state, division, round, day)
}

/** The players the check-in left out of a round's pairings (a kept or typed table seats one). */
export function notSeated(
  state: TournamentState,
  division: string,
  round: number,
  pairings: readonly PairingSpec[],
  onlyCheckedInOn: string | undefined,
): readonly PlayerId[] {
  if (onlyCheckedInOn === undefined) return []
  const seated = new Set(pairings.flatMap((s) => (s.kind === 'game' ? s.players : [s.player])))
  return notCheckedIn(state, division, round, onlyCheckedInOn)
    .map((p) => p.id)
    .filter((id) => !seated.has(id))
}

/** The players a round's pairings seat who were not seen on `day` (issue 19: the roll call). */
export function seatedNotSeen(
  state: TournamentState,
  division: string,
  pairings: readonly PairingSpec[],
  day: string | undefined,
): readonly PlayerId[] {
  if (day === undefined) return []
  const call = rollCall(state, division, day)
  if (!call.deskChecksIn) return []
  const seated = new Set(pairings.flatMap((s) => (s.kind === 'game' ? s.players : [s.player])))
  return call.notSeen.map((p) => p.id).filter((id) => seated.has(id))
}

/**
 * A round robin seats the players not checked in as its schedule says (pairing-input.ts): the
 * line that tells the director so, or null when there are none or the round is not a round robin.
 */
function roundRobinAbsentees(
  state: TournamentState,
  division: string,
  round: number,
  system: PairingSystem,
  day: string | undefined,
): string | null {
  if (day === undefined || (system !== 'round-robin' && system !== 'double-round-robin')) {
    return null
  }
  const absent = notCheckedIn(state, division, round, day)
  if (absent.length === 0) return null
  const names = absent.map((p) => `${p.name} (#${p.id})`).join(', ')
  const spread = state.rules.results.forfeitSpread
  return `Not checked in, seated by the round-robin schedule: ${names}. One who does not come loses by forfeit and the opponent wins by ${spread} (enter “forfeit NAME”).`
}

/**
 * The pairing as commands carry it: locked pairings at their own tables, a player's kept table
 * (issue 32) for his game, the rest filling in from the division's first table (two divisions in
 * one hall never share a table number): `hallTableNumbering`.
 */
function specsOf(
  paired: PairedRound,
  keep: readonly PairingSpec[],
  state: TournamentState,
  division: string,
  withdrawn: ReadonlyMap<PlayerId, string>,
): PairingSpec[] {
  const lockedGames = new Map<number, Extract<PairingSpec, { kind: 'game' }>>()
  const lockedByes = new Map<PlayerId, Extract<PairingSpec, { kind: 'bye' }>>()
  for (const spec of keep) {
    if (spec.kind === 'game') lockedGames.set(pairKey(spec.players[0], spec.players[1]), spec)
    else lockedByes.set(spec.player, spec)
  }
  const tableFor = hallTableNumbering(
    state,
    division,
    [...lockedGames.values()].map((s) => s.table),
  )
  const specs: PairingSpec[] = paired.pairings.map((p) => {
    // One decision of who starts: the engine's, carried in the command and stored as it is, so
    // the proposal the director reviews is what is printed; the director's own choice on a kept
    // table stays. (Round robins decide by the rules too: `schedule` is only in older logs.)
    const start: PairingStart = { kind: 'rule', starter: p.start.starter, reason: p.start.reason }
    const locked = lockedGames.get(pairKey(p.first, p.second))
    if (locked !== undefined) {
      return { ...locked, locked: true, start: locked.start ?? start }
    }
    return {
      kind: 'game',
      table: tableFor([p.first, p.second]),
      players: [p.first, p.second],
      reason: p.reason,
      start,
    }
  })
  for (const bye of paired.byes) {
    const kept = lockedByes.get(bye.player)
    if (kept !== undefined) {
      specs.push(kept)
      continue
    }
    // A round robin's opponent who withdrew does not come: a forfeit, not a bye (issue 28).
    const gone = bye.absentOpponent === undefined ? undefined : withdrawn.get(bye.absentOpponent)
    specs.push(
      gone === undefined || bye.absentOpponent === undefined
        ? { kind: 'bye', player: bye.player, reason: bye.reason }
        : {
            kind: 'bye',
            player: bye.player,
            reason: `${bye.reason}: ${gone} (#${bye.absentOpponent}) withdrew, a win by forfeit`,
            forfeitBy: bye.absentOpponent,
          },
    )
  }
  return specs
}

/** The division's players withdrawn by `round`, by id, with their names. */
function withdrawnBy(division: Division, round: number): ReadonlyMap<PlayerId, string> {
  return new Map(
    division.players.flatMap((p) =>
      p.status.kind === 'withdrawn' && p.status.fromRound <= round ? [[p.id, p.name]] : [],
    ),
  )
}

/**
 * Proposes the pairings of `round` by the division's plan: the next round, or the last one again
 * (then its locked pairings are kept unless `keepLocked` says otherwise, and the caller unpairs it
 * first: `replacesRound`). Standings are those of the plan's basis round, with penalties, spread
 * cap and late entries' missed rounds. Nothing is applied: the director reviews the warnings.
 */
export function proposePairing(
  state: TournamentState,
  division: string,
  round: number,
  options: ProposeOptions,
): Result<PairingProposal> {
  const found = findDivision(state, division)
  if (!found.ok) return found
  const number = checkRoundNumber(state.info, round)
  if (!number.ok) return number
  const base = baseFor(state, found.value, round)
  if (!base.ok) return base
  const { division: before, replaced } = base.value
  const keep = options.keepLocked ?? (replaced === null ? [] : lockedSpecs(replaced))
  const keptByes = keep.flatMap((s) => (s.kind === 'bye' ? [s.player] : []))
  if (keptByes.length > 1) {
    return err('pairing.locked.byes', 'Only one bye can be kept when the round is paired again.')
  }
  // How the round is paired, in words when the plan's schedule can't go on (issue 18).
  const planNote = describeRoundPlan(
    roundPlanFor(before, round, state.info.rounds, state.info.sessionBreaks ?? []),
    round,
  )
  // One input for the engine and the review (issue 18): ./pairing-input.ts.
  const input = deskPairingInput(state, before, round, {
    seed: options.seed,
    ...(options.system === undefined ? {} : { system: options.system }),
    ...(options.onlyCheckedInOn === undefined ? {} : { onlyCheckedInOn: options.onlyCheckedInOn }),
    locked: {
      locked: keep.flatMap((s) => (s.kind === 'game' ? [s.players] : [])),
      ...(keptByes[0] === undefined ? {} : { lockedBye: keptByes[0] }),
    },
  })
  if (!input.ok) return input
  const { system } = input.value
  const paired = pairRound(input.value)
  if (!paired.ok && paired.error.code === 'pairing.manual.unpaired') {
    // A Manual step pairs nothing by itself (issue 10): say what to do rather than who is missing.
    return err(
      'pairing.manual.type',
      `The plan pairs round ${round} by hand: type its pairings (the players left out can be paired by Swiss).`,
      { details: { round } },
    )
  }
  if (!paired.ok) return paired
  const absentSeated = roundRobinAbsentees(state, division, round, system, options.onlyCheckedInOn)
  const command: PairRoundCommand = {
    type: 'pairRound',
    division,
    round,
    pairings: specsOf(paired.value, keep, state, division, withdrawnBy(found.value, round)),
    system,
    seed: options.seed,
    ...(replaced === null ? {} : { replace: true }),
  }
  const applied = apply(state, command, state.id)
  if (!applied.ok) return applied
  return ok({
    command,
    summary: [
      ...(planNote === null ? [] : [planNote]),
      ...paired.value.summary.lines,
      ...(absentSeated === null ? [] : [absentSeated]),
    ],
    warnings: pairingWarnings(applied.value, division, round),
    replacesRound: replaced !== null,
    unknownStarts: unknownStarts(state, division, 1, round - 1),
    leftOut: notSeated(state, division, round, command.pairings, options.onlyCheckedInOn),
    notSeen: seatedNotSeen(state, division, command.pairings, options.rollCallDay),
  })
}

/**
 * What a director should look at before publishing a paired (perhaps hand-edited) round: pairs
 * who met before, players whose starts would drift two or more apart, and players left unpaired.
 * An unknown division or round has none.
 */
export function pairingWarnings(
  state: TournamentState,
  division: string,
  round: number,
): readonly PairingWarning[] {
  const found = state.divisions.find((d) => d.name === division)
  const current = found?.rounds[round - 1]
  if (found === undefined || current === undefined) return []
  const met = new Map<number, number>()
  for (const past of found.rounds.slice(0, round - 1)) {
    for (const p of past.pairings) {
      if (p.kind !== 'game') continue
      const key = pairKey(p.players[0], p.players[1])
      met.set(key, (met.get(key) ?? 0) + 1)
    }
  }
  const tallies = startTallies(startsHistoryOf(found, round - 1))
  const scheduled = current.system === 'round-robin' || current.system === 'double-round-robin'
  const planned = scheduled ? plannedMeetings(found, current) : 0
  const warnings: PairingWarning[] = []
  current.pairings.forEach((p, i) => {
    if (p.kind !== 'game') return
    const times = met.get(pairKey(p.players[0], p.players[1])) ?? 0
    if (times > planned) {
      warnings.push({ kind: 'repeat', table: p.table, players: p.players, times })
    }
    // Once a result is in, the start it records counts; a forfeit or bye has none.
    const recorded = current.results[i] ?? null
    if (recorded !== null && recorded.result.kind !== 'played') return
    // A round robin's pairs are fixed: a start its rules decided (or sent to a draw) can leave a
    // player two up for a round, and nothing in the pairing could be changed to avoid it.
    const decidedByRules =
      scheduled &&
      p.start.kind === 'rule' &&
      (recorded === null || p.start.starter === null || recorded.first === p.start.starter)
    if (decidedByRules) return
    const starter = recorded?.first ?? starterOf(p.start)
    if (starter === null) return
    for (const player of p.players) {
      const t = tallies.get(player)
      const firsts = (t?.firsts ?? 0) + (player === starter ? 1 : 0)
      const seconds = (t?.seconds ?? 0) + (player === starter ? 0 : 1)
      // Only a start that widens the gap to 2 or more: a player already far apart who is
      // brought closer is what the rules do, not something to review.
      const before = Math.abs((t?.firsts ?? 0) - (t?.seconds ?? 0))
      const after = Math.abs(firsts - seconds)
      if (after >= 2 && after > before) {
        warnings.push({ kind: 'start-imbalance', player, firsts, seconds })
      }
    }
  })
  const unpaired = unpairedPlayers(state, division, round)
  if (unpaired.ok) {
    for (const player of unpaired.value) warnings.push({ kind: 'unpaired', player: player.id })
  }
  warnings.push(...reviewWarnings(state, found, round))
  if (round === found.rounds.length) {
    for (const move of movedTables(state, found)) warnings.push({ kind: 'tables-moved', move })
  }
  return warnings
}

/**
 * The moves the review of a division's latest round names (issue 28): the round's own block when
 * it moved on from where the round before had it, then every division's block that moves at its
 * next pairing (a late entry in B pushes C: B's review says so before C is paired).
 */
function movedTables(state: TournamentState, division: Division): readonly TableMove[] {
  const latest = division.rounds.at(-1)
  const at = latest === undefined ? undefined : pairedOffset(latest)
  const before: TournamentState = {
    ...state,
    divisions: state.divisions.map((d) =>
      d === division ? { ...d, rounds: d.rounds.slice(0, -1) } : d,
    ),
  }
  const own = tableMoves(before).filter(
    (m) => m.division === division.name && at !== undefined && m.first === at + 1,
  )
  const pending = tableMoves(state).filter((m) => !own.some((o) => o.division === m.division))
  return [...own, ...pending]
}

/**
 * How often every pair of a round-robin round has met by the schedule's own plan (issue 28: a
 * double round robin warned "have met once before" at every table of its second cycle): one
 * meeting for each whole cycle of the schedule's rounds just before this one. A cycle is n − 1
 * rounds for n players (n when odd, one bye each), n counted from the round's own seats.
 */
function plannedMeetings(division: Division, current: Round): number {
  const seats = current.pairings.reduce((n, p) => n + (p.kind === 'game' ? 2 : 1), 0)
  const cycle = seats % 2 === 0 ? seats - 1 : seats
  let before = 0
  for (let r = current.number - 1; r >= 1; r--) {
    if (division.rounds[r - 1]?.system !== current.system) break
    before++
  }
  return cycle > 0 ? Math.floor(before / cycle) : 0
}

/** How many unknown starts the pairing screen names before it only counts the rest. */
const UNKNOWN_STARTS_LISTED = 8

/**
 * The unknown starts in words, for the screen that pairs the next round: "2 starts unknown: round
 * 1 table 3 (Ann v Bob), …"; null when every start is known.
 */
export function describeUnknownStarts(
  state: TournamentState,
  division: string,
  unknown: readonly UnknownStart[],
): string | null {
  if (unknown.length === 0) return null
  const players = state.divisions.find((d) => d.name === division)?.players
  const name = (id: PlayerId): string => players?.[id - 1]?.name ?? `#${id}`
  // A desk that skipped every question in a big event must still get a readable line.
  const shown = unknown
    .slice(0, UNKNOWN_STARTS_LISTED)
    .map((u) => `round ${u.round} table ${u.table} (${name(u.players[0])} v ${name(u.players[1])})`)
  const more = unknown.length - shown.length
  const tables = more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ')
  const count = unknown.length === 1 ? '1 start unknown' : `${unknown.length} starts unknown`
  return `${count}: ${tables}. Record who went first on the Results screen.`
}

/** A warning in words for the review screen. */
export function describeWarning(
  state: TournamentState,
  division: string,
  warning: PairingWarning,
): string {
  const players = state.divisions.find((d) => d.name === division)?.players
  const name = (id: PlayerId): string => {
    const player = players?.[id - 1]
    return player === undefined ? `#${id}` : `${player.name} (#${id})`
  }
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`
  switch (warning.kind) {
    case 'repeat':
      return `Table ${warning.table}: ${name(warning.players[0])} and ${name(warning.players[1])} have met ${warning.times === 1 ? 'once' : `${warning.times} times`} before`
    case 'start-imbalance':
      return `${name(warning.player)} would have ${plural(warning.firsts, 'first')} and ${plural(warning.seconds, 'second')}`
    case 'unpaired':
      return `${name(warning.player)} is not paired`
    case 'tables-moved':
      return describeTableMove(warning.move)
    case 'second-bye':
    case 'bye-not-lowest':
    case 'win-gap':
    case 'back-to-back':
    case 'gibson-vs-contender':
    case 'do-not-pair':
      return describeReviewWarning(warning, name)
  }
}
