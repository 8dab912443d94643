/*
 * Pairing the next round at the desk (issue 5; design.md, "Pairing"): the division's plan says
 * which system pairs the round and on which standings; shared/pairing does the matching; the
 * proposal is a `pairRound` command the director reviews (reasons, repeats, starts) before it is
 * applied, then edits by hand and publishes.
 */
import { autoPlan } from '../pairing/auto-plan'
import { pairingInputFromEvent, type Entrant } from '../pairing/input'
import { pairKey } from '../pairing/context'
import { pairRound } from '../pairing/pair-round'
import type { GibsonOptions, PairedRound, PairingSystem, PastRound } from '../pairing/types'
import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import type { DeskRules } from '../rules/rule-set'
import { startTallies, type StartsHistoryEntry } from '../starts/starts'
import { apply } from '../tournament/apply'
import type { Command, PairingSpec } from '../tournament/commands'
import { checkPlayable, checkRoundNumber, starterOf } from '../tournament/lookup'
import { avoidPairs, contentionOf, gibsonOptions } from '../tournament/pairing-rules'
import { fontesSpan, stepIndexFor } from '../tournament/plan'
import { checkedInFor } from '../tournament/players'
import {
  DEFAULT_PLAN,
  type Division,
  type PairingStart,
  type PlanStep,
  type Player,
  type Round,
  type TournamentState,
} from '../tournament/types'
import { divisionStandings, findDivision, unpairedPlayers } from '../tournament/views'
import { unknownStarts, type UnknownStart } from './result-line'
import { describeReviewWarning, reviewWarnings, type ReviewWarning } from './pairing-review'

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
       * (`firsts` and `seconds` as after this round); MSA 1.3 and NSA II.F.1 keep them level.
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
}

export interface ProposeOptions {
  /** Recorded in the command: it makes random draws and program draws for first reproducible. */
  readonly seed: number
  /** Pair only the players checked in on this day (YYYY-MM-DD); the rest are left out. */
  readonly onlyCheckedInOn?: string
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

const isOldDefault = (plan: readonly PlanStep[]): boolean =>
  plan.length === DEFAULT_PLAN.length &&
  plan.every((s, i) => {
    const d = DEFAULT_PLAN[i] as PlanStep
    return (
      s.fromRound === d.fromRound &&
      s.system === d.system &&
      s.basedOn === d.basedOn &&
      s.maxRepeats === d.maxRepeats &&
      s.neighbours === undefined
    )
  })

/**
 * The plan a division is paired by: the director's, or (no plan, or the old default every division
 * used to get) the automatic plan for its active field and the event's rounds, worked out when
 * pairing so players registered later count (shared/pairing/auto-plan.ts).
 */
export function effectivePlan(division: Division, eventRounds: number): readonly PlanStep[] {
  if (!usesAutoPlan(division)) return division.plan
  const active = division.players.filter((p) => p.status.kind === 'active').length
  return autoPlan(active, eventRounds)
}

/** Whether the division follows the automatic plan (no plan of the director's own). */
export const usesAutoPlan = (division: Division): boolean =>
  division.plan.length === 0 || isOldDefault(division.plan)

/** The plan step that pairs `round`: the last one starting at or before it. */
export function planStepFor(division: Division, round: number, eventRounds: number): PlanStep {
  const plan = effectivePlan(division, eventRounds)
  return plan[stepIndexFor(plan, round)] as PlanStep
}

/** The round whose standings a step pairs on: the last one, or (lagged) the one before it. */
export function basisOf(step: PlanStep, round: number): number {
  return step.basedOn === 'lagged' ? Math.max(0, round - 2) : round - 1
}

function pastRounds(division: Division, before: number): PastRound[] {
  return division.rounds.slice(0, before - 1).map((r) => ({
    round: r.number,
    pairs: r.pairings.flatMap((p) => (p.kind === 'game' ? [p.players] : [])),
    byes: r.pairings.flatMap((p) => (p.kind === 'bye' ? [p.player] : [])),
  }))
}

function gamesBefore(division: Division, before: number): StartsHistoryEntry[] {
  const games: StartsHistoryEntry[] = []
  for (const r of division.rounds.slice(0, before - 1)) {
    for (const recorded of r.results) {
      if (recorded !== null) {
        games.push({ round: r.number, result: recorded.result, first: recorded.first })
      }
    }
  }
  return games
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

/** In `round` by entry and status, but not checked in on `day`: the check-in leaves them out. */
function leftOutOn(player: Player, round: number, day: string, desk: DeskRules): boolean {
  return checkPlayable(player, round).ok && !checkedInFor(player, day, desk)
}

/**
 * Whom pairing `round` of `division` with only the players checked in on `day` leaves out, before
 * the desk pairs (or pairs again): the same players `proposePairing` then drops.
 */
export function leftOutByCheckIn(
  state: TournamentState,
  division: string,
  round: number,
  day: string,
): readonly Player[] {
  const found = state.divisions.find((d) => d.name === division)
  return (found?.players ?? []).filter((p) => leftOutOn(p, round, day, state.rules.desk))
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
  return leftOutByCheckIn(state, division, round, onlyCheckedInOn)
    .map((p) => p.id)
    .filter((id) => !seated.has(id))
}

/** The engine's players from the division, with the standings of the basis round. */
function entrantsOf(
  division: Division,
  round: number,
  onlyCheckedInOn: string | undefined,
  desk: DeskRules,
): Entrant[] {
  return division.players.map((player) => ({
    id: player.id,
    name: player.name,
    rating: player.rating,
    active:
      checkPlayable(player, round).ok &&
      (onlyCheckedInOn === undefined || !leftOutOn(player, round, onlyCheckedInOn, desk)),
    firstRound: player.firstRound,
  }))
}

/**
 * The pairing as commands carry it: locked pairings at their own tables, the rest filling in from
 * the division's first table (its offset: two divisions in one hall never share a table number).
 */
function specsOf(paired: PairedRound, keep: readonly PairingSpec[], offset: number): PairingSpec[] {
  const lockedGames = new Map<number, Extract<PairingSpec, { kind: 'game' }>>()
  const lockedByes = new Map<PlayerId, Extract<PairingSpec, { kind: 'bye' }>>()
  for (const spec of keep) {
    if (spec.kind === 'game') lockedGames.set(pairKey(spec.players[0], spec.players[1]), spec)
    else lockedByes.set(spec.player, spec)
  }
  const reserved = new Set([...lockedGames.values()].map((s) => s.table))
  let table = offset
  const nextTable = (): number => {
    do table++
    while (reserved.has(table))
    return table
  }
  const specs: PairingSpec[] = paired.pairings.map((p) => {
    // One decision of who starts: the engine's, carried in the command and stored as it is, so
    // the proposal the director reviews is what is printed. A schedule (round robin) sets it
    // there; the director's own choice on a kept table stays.
    const start: PairingStart =
      p.start === null
        ? { kind: 'schedule', starter: p.first }
        : { kind: 'rule', starter: p.start.starter, reason: p.start.reason }
    const locked = lockedGames.get(pairKey(p.first, p.second))
    if (locked !== undefined) {
      return { ...locked, locked: true, start: locked.start ?? start }
    }
    return {
      kind: 'game',
      table: nextTable(),
      players: [p.first, p.second],
      reason: p.reason,
      start,
    }
  })
  for (const bye of paired.byes) {
    specs.push(
      lockedByes.get(bye.player) ?? { kind: 'bye', player: bye.player, reason: bye.reason },
    )
  }
  return specs
}

/** Prize contention and Gibsonization as the division set them, for the engine (issue 10). */
function contentionInput(
  state: TournamentState,
  division: Division,
): { readonly gibson?: GibsonOptions } {
  const gibson = gibsonOptions(
    contentionOf(division),
    state.info,
    state.rules.results.spreadCapPerGame,
  )
  return gibson === undefined ? {} : { gibson }
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
  const plan = effectivePlan(before, state.info.rounds)
  const step = plan[stepIndexFor(plan, round)] as PlanStep
  const system = options.system ?? step.system
  const basedOn = basisOf(step, round)
  const input = pairingInputFromEvent(
    {
      entrants: entrantsOf(before, round, options.onlyCheckedInOn, state.rules.desk),
      paired: pastRounds(before, round),
      games: gamesBefore(before, round),
    },
    {
      round,
      system,
      basedOn,
      maxRepeats: step.maxRepeats,
      ...(step.neighbours === true ? { rankMode: 'neighbours' as const } : {}),
      seed: options.seed,
      constraints: {
        locked: keep.flatMap((s) => (s.kind === 'game' ? [s.players] : [])),
        ...(keptByes[0] === undefined ? {} : { lockedBye: keptByes[0] }),
        // The do-not-pair list (issue 10): every system keeps these apart, or says it cannot.
        avoid: avoidPairs(before, round),
      },
      ...contentionInput(state, before),
      ...(system === 'fontes' ? { fontesRounds: fontesSpan(plan, state.info) } : {}),
      ...(system === 'round-robin' || system === 'double-round-robin'
        ? { roundRobinStart: step.fromRound }
        : {}),
      // The recorded seed also draws for first where the preset lets the program decide (MSA 1.2).
      starts: { rules: state.rules, options: { seed: options.seed } },
    },
  )
  if (!input.ok) return input
  // The division's own standings: penalties, the spread cap and late entries' missed rounds count.
  const rows = new Map(
    basedOn === 0
      ? []
      : divisionStandings(state.rules, before, basedOn, before.players).map((r) => [r.player, r]),
  )
  const players = input.value.players.map((p) => {
    const row = rows.get(p.id)
    const player = before.players[p.id - 1]
    const missed =
      player?.missedRounds.kind === 'forfeit-loss' ? Math.min(player.firstRound, round) - 1 : 0
    const byes = p.byes + missed
    return row === undefined
      ? { ...p, byes }
      : { ...p, wins: row.wins, losses: row.losses, spread: row.spread, rank: row.rank, byes }
  })
  const paired = pairRound({ ...input.value, players })
  if (!paired.ok && paired.error.code === 'pairing.manual.unpaired') {
    // A Manual step pairs nothing by itself (issue 10): say what to do rather than who is missing.
    return err(
      'pairing.manual.type',
      `The plan pairs round ${round} by hand: type its pairings (the players left out can be paired by Swiss).`,
      { details: { round } },
    )
  }
  if (!paired.ok) return paired
  const command: PairRoundCommand = {
    type: 'pairRound',
    division,
    round,
    pairings: specsOf(paired.value, keep, before.tableOffset ?? 0),
    system,
    seed: options.seed,
    ...(replaced === null ? {} : { replace: true }),
  }
  const applied = apply(state, command, state.id)
  if (!applied.ok) return applied
  return ok({
    command,
    summary: paired.value.summary.lines,
    warnings: pairingWarnings(applied.value, division, round),
    replacesRound: replaced !== null,
    unknownStarts: unknownStarts(state, division, 1, round - 1),
    leftOut: notSeated(state, division, round, command.pairings, options.onlyCheckedInOn),
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
  const tallies = startTallies(gamesBefore(found, round))
  const warnings: PairingWarning[] = []
  current.pairings.forEach((p, i) => {
    if (p.kind !== 'game') return
    const times = met.get(pairKey(p.players[0], p.players[1])) ?? 0
    if (times > 0) warnings.push({ kind: 'repeat', table: p.table, players: p.players, times })
    // Once a result is in, the start it records counts; a forfeit or bye has none.
    const recorded = current.results[i] ?? null
    if (recorded !== null && recorded.result.kind !== 'played') return
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
  return warnings
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
    case 'second-bye':
    case 'bye-not-lowest':
    case 'win-gap':
    case 'back-to-back':
    case 'gibson-vs-contender':
    case 'do-not-pair':
      return describeReviewWarning(warning, name)
  }
}
