/**
 * The division as the pairing engine sees it before `round` (issue 18): one builder for the desk's
 * proposal (`proposePairing`) and the review of the paired round (`reviewWarnings`), so what the
 * review judges is the input the engine paired from: the plan step actually used (`roundPlanFor`:
 * session breaks and a schedule the history did not follow included), the division's own standings of that basis round (penalties, spread cap, late
 * entries' missed rounds), tsh's bye count (shared/pairing/input.ts) and the starts so far.
 */
import { pairingInputFromEvent, type Entrant, type EventSoFar } from '../pairing/input'
import type {
  GibsonOptions,
  PairingConstraints,
  PairingInput,
  PairingSystem,
  PastRound,
} from '../pairing/types'
import type { Result } from '../result'
import type { PlayerId } from '../results/game-result'
import type { DeskRules } from '../rules/rule-set'
import type { StartsHistoryEntry } from '../starts/starts'
import { checkPlayable, resultsHistoryOf } from '../tournament/lookup'
import { avoidPairs, contentionOf, gibsonOptions } from '../tournament/pairing-rules'
import { fontesSpan } from '../tournament/plan'
import { checkedInFor } from '../tournament/players'
import type { Division, Player, Round, TournamentState } from '../tournament/types'
import { divisionStandings } from '../tournament/views'
import { copFromPrizes } from './cop-prizes'
import { effectivePlan, roundPlanFor } from './pair-next'

export interface DeskInputOptions {
  /** Recorded in the command: it makes random draws and program draws for first reproducible. */
  readonly seed: number
  /** Pair with this system instead of the plan step's (its basis and repeats still apply). */
  readonly system?: PairingSystem
  /** Pair only the players checked in on this day (YYYY-MM-DD); the rest are left out. */
  readonly onlyCheckedInOn?: string
  /** Pairs (and a bye) the engine must keep; the do-not-pair list is always added. */
  readonly locked?: Pick<PairingConstraints, 'locked' | 'lockedBye'>
}

/** Every round before `before` as paired: a pairing there is a meeting, results in or not. */
function pastRounds(division: Division, before: number): PastRound[] {
  return division.rounds.slice(0, before - 1).map((r) => ({
    round: r.number,
    pairs: r.pairings.flatMap((p) => (p.kind === 'game' ? [p.players] : [])),
    byes: r.pairings.flatMap((p) => (p.kind === 'bye' ? [p.player] : [])),
  }))
}

/** Every result entered before `before`, with who went first when recorded. */
export function gamesBefore(division: Division, before: number): StartsHistoryEntry[] {
  return resultsHistoryOf(division, before - 1)
}

/**
 * The rounds each player moved in with his games carried (issue 32) played against an opponent
 * in his old division: rounds with an opponent for the bye count, though not paired here.
 */
function playedElsewhere(division: Division): Pick<EventSoFar, 'playedElsewhere'> {
  const played = new Map<PlayerId, number[]>()
  for (const player of division.players) {
    const rounds = (player.carried?.games ?? [])
      .filter((g) => g.scores !== null && g.round < player.firstRound)
      .map((g) => g.round)
    if (rounds.length > 0) played.set(player.id, rounds)
  }
  return played.size === 0 ? {} : { playedElsewhere: played }
}

/** In `round` by entry and status, but not checked in on `day`: the check-in leaves them out. */
export function leftOutOn(player: Player, round: number, day: string, desk: DeskRules): boolean {
  return checkPlayable(player, round).ok && !checkedInFor(player, day, desk)
}

function entrantsOf(
  division: Division,
  round: number,
  onlyCheckedInOn: string | undefined,
  desk: DeskRules,
): Entrant[] {
  // A deleted registration (issue 32) holds no seat, not even a round robin's.
  return division.players.flatMap((player) =>
    player.deleted === true
      ? []
      : [
          {
            id: player.id,
            name: player.name,
            rating: player.rating,
            active:
              checkPlayable(player, round).ok &&
              (onlyCheckedInOn === undefined || !leftOutOn(player, round, onlyCheckedInOn, desk)),
            firstRound: player.firstRound,
            // The engine keeps the table too (issue 32); the desk numbers it in the hall (pair-next.ts).
            ...(player.reservedTable === undefined ? {} : { reservedTable: player.reservedTable }),
          },
        ],
  )
}

/**
 * Prize contention and Gibsonization as the division set them (issue 10); a division that never
 * set them pairs contenders in the last rounds (DEFAULT_CONTENTION, tsh's ChewPair) with
 * Gibsonization off.
 */
function contentionInput(
  state: TournamentState,
  division: Division,
): { readonly gibson?: GibsonOptions } {
  const gibson = gibsonOptions(
    contentionOf(division, state.info.rounds),
    state.info,
    state.rules.results.spreadCapPerGame,
  )
  return gibson === undefined ? {} : { gibson }
}

/** What an event before a round is worked out from, by identity: states are never changed in place. */
interface EventSource {
  readonly players: readonly Player[]
  readonly penalties: Division['penalties']
  readonly rules: TournamentState['rules']
  /** The rounds before the round paired (their objects: a result entered replaces its round). */
  readonly rounds: readonly Round[]
  readonly round: number
  readonly basedOn: number
  readonly onlyCheckedInOn: string | undefined
}

function sameSource(a: EventSource, b: EventSource): boolean {
  return (
    a.players === b.players &&
    a.penalties === b.penalties &&
    a.rules === b.rules &&
    a.round === b.round &&
    a.basedOn === b.basedOn &&
    a.onlyCheckedInOn === b.onlyCheckedInOn &&
    a.rounds.length === b.rounds.length &&
    a.rounds.every((r, i) => r === b.rounds[i])
  )
}

/**
 * The last event worked out. The Rounds screen reviews the round again after every command
 * (publish, an edit, a result of the round) and the proposal reviews what it just paired: each
 * asks for the same history, whose standings alone take 100 ms at 2000 players × 20 rounds
 * (issue 20). A command that changes the history replaces a round, a player or the rules, so the
 * source differs and it is worked out again.
 */
let lastEvent: { readonly source: EventSource; readonly event: EventSoFar } | null = null

/** The division's rounds before `round` as the pieces of shared/pairing/input.ts's event. */
function eventBefore(
  state: TournamentState,
  division: Division,
  round: number,
  basedOn: number,
  onlyCheckedInOn?: string,
): EventSoFar {
  const source: EventSource = {
    players: division.players,
    penalties: division.penalties,
    rules: state.rules,
    rounds: division.rounds.slice(0, Math.max(0, round - 1)),
    round,
    basedOn,
    onlyCheckedInOn,
  }
  if (lastEvent !== null && sameSource(lastEvent.source, source)) return lastEvent.event
  const event: EventSoFar = {
    entrants: entrantsOf(division, round, onlyCheckedInOn, state.rules.desk),
    paired: pastRounds(division, round),
    games: gamesBefore(division, round),
    ...playedElsewhere(division),
    ...(basedOn === 0
      ? {}
      : { standings: divisionStandings(state.rules, division, basedOn, division.players) }),
  }
  lastEvent = { source, event }
  return event
}

/**
 * The engine's input for `round` of `division` (the division as it stood before the round: later
 * rounds are ignored), by the plan step that pairs it.
 */
export function deskPairingInput(
  state: TournamentState,
  division: Division,
  round: number,
  options: DeskInputOptions,
): Result<PairingInput> {
  const breaks = state.info.sessionBreaks ?? []
  const { step, basis: basedOn } = roundPlanFor(division, round, state.info.rounds, breaks)
  const system = options.system ?? step.system
  // A round robin keeps its schedule: a player not checked in keeps their seat, so if they do not
  // come their opponent wins by forfeit at the preset's spread and they take the loss (NSA VII.J.2;
  // NEON: by 100). Leaving them out would hand the opponent a bye and the absentee nothing.
  const roundRobin = system === 'round-robin' || system === 'double-round-robin'
  return pairingInputFromEvent(
    eventBefore(state, division, round, basedOn, roundRobin ? undefined : options.onlyCheckedInOn),
    {
      round,
      // The event's length prices a repeat (weights.ts, repeatPrice).
      rounds: state.info.rounds,
      system,
      basedOn,
      maxRepeats: step.maxRepeats,
      ...(step.neighbours === true ? { rankMode: 'neighbours' as const } : {}),
      seed: options.seed,
      constraints: {
        ...options.locked,
        // The do-not-pair list (issue 10): every system keeps these apart, or says it cannot.
        avoid: avoidPairs(division, round),
      },
      ...contentionInput(state, division),
      ...(system === 'fontes'
        ? {
            fontesRounds: fontesSpan(
              effectivePlan(division, state.info.rounds, breaks),
              state.info,
            ),
          }
        : {}),
      ...(system === 'round-robin' || system === 'double-round-robin'
        ? { roundRobinStart: step.fromRound }
        : {}),
      // COP races for the prizes the division set (issue 29).
      ...(system === 'cop' ? { cop: copFromPrizes(division) } : {}),
      // The recorded seed also draws for first where the preset lets the program decide (MSA 1.2).
      starts: { rules: state.rules, options: { seed: options.seed } },
    },
  )
}
