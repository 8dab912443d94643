import { lateArrivalClocks, type SeatClock } from '../clock/late-arrival'
import { err, ok, type Result } from '../result'
import {
  gameOutcome,
  resultPlayers,
  type GameOutcome,
  type GameResult,
  type PlayerId,
} from '../results/game-result'
import {
  computeStandings,
  type RoundOutcome,
  type StandingsPlayer,
  type StandingsRow,
} from '../standings/standings'
import { DEFAULT_RANKING } from '../rules/ranking'
import { startTallies, type StartTally } from '../starts/starts'
import {
  checkRoundNumber,
  divisionNamed,
  findPlayer,
  findRound,
  findTable,
  pairingIndexOf,
  startsHistoryOf,
} from './lookup'
import type { Division, GamePairing, Player, Round, TournamentState, Warning } from './types'

/*
 * Views derived from the folded state: nothing here is stored, so every screen, printout and the
 * CLI compute the same numbers from the same log.
 */

/** By its name or a former one (issue 32), as the fold finds it: `divisionNamed`. */
export function findDivision(state: TournamentState, name: string): Result<Division> {
  const division = divisionNamed(state.divisions, name)
  if (division === undefined) return err('division.missing', `There is no division ${name}.`)
  return ok(division)
}

function startOf(first: PlayerId | null, player: PlayerId): 'first' | 'second' | undefined {
  if (first === null) return undefined
  return first === player ? 'first' : 'second'
}

/**
 * Every entered result of rounds 1..throughRound, as the standings read them; for each of
 * `players` moved here with his games (issue 32), those carried games; and for each who entered
 * late with missed rounds as forfeit losses (`results.lateEntryMissedRounds`), a loss at the
 * spread fixed when they registered in each other round before their first.
 */
function roundOutcomes(
  division: Division,
  throughRound: number,
  players: readonly Player[],
): (readonly RoundOutcome[])[] {
  const rounds: (readonly RoundOutcome[])[] = division.rounds.slice(0, throughRound).map(outcomesOf)
  for (const player of players) {
    const missed = player.missedRounds
    const carried = player.carried?.games ?? []
    for (const game of carried) {
      if (game.round > throughRound || game.round >= player.firstRound) continue
      while (rounds.length < game.round) rounds.push([])
      const { win, loss, spread, counts } = game
      rounds[game.round - 1] = [
        ...(rounds[game.round - 1] ?? []),
        { player: player.id, win, loss, spread, counts },
      ]
    }
    if (missed.kind !== 'forfeit-loss') continue
    const last = Math.min(player.firstRound - 1, throughRound)
    for (let round = 1; round <= last; round++) {
      // Issue 32: a round he played in the division he was moved from is his carried game.
      if (carried.some((g) => g.round === round)) continue
      while (rounds.length < round) rounds.push([])
      // A copy: the round's own outcomes are kept for every later standings of the round.
      rounds[round - 1] = [
        ...(rounds[round - 1] ?? []),
        {
          player: player.id,
          win: 0,
          loss: 1,
          spread: -missed.spread,
          counts: true,
        },
      ]
    }
  }
  return rounds
}

/** Who `player` met and what he scored, for the tie-breaks that read them (issue 32). */
function metIn(
  result: GameResult,
  player: PlayerId,
): { readonly opponent?: PlayerId; readonly score?: number } {
  switch (result.kind) {
    case 'played': {
      const seat = result.players[0] === player ? 0 : 1
      return { opponent: result.players[1 - seat] as PlayerId, score: result.scores[seat] }
    }
    case 'forfeit':
      return { opponent: result.winner === player ? result.loser : result.winner }
    case 'bye':
    case 'doubleForfeit':
    case 'unplayed':
      return {}
  }
}

/**
 * Each round's outcomes, worked out once per round object (issue 33: at 2000 players × 20 rounds
 * every standings table wrote 40 000 outcomes again; rounds are immutable, so a result entered in
 * round k leaves the other rounds' outcomes as they were).
 */
const outcomesKept = new WeakMap<Round, readonly RoundOutcome[]>()

function outcomesOf(round: Round): readonly RoundOutcome[] {
  const kept = outcomesKept.get(round)
  if (kept !== undefined) return kept
  const outcomes: RoundOutcome[] = []
  for (const recorded of round.results) {
    if (recorded === null) continue
    for (const player of resultPlayers(recorded.result)) {
      const start = startOf(recorded.first, player)
      const outcome = {
        player,
        ...gameOutcome(recorded.result, player),
        ...metIn(recorded.result, player),
      }
      outcomes.push(start === undefined ? outcome : { ...outcome, start })
    }
  }
  outcomesKept.set(round, outcomes)
  return outcomes
}

/**
 * The first round whose standings rank the player: his first round here, or the first game he
 * carried from the division he was moved from (issue 32), whichever is earlier.
 */
export function rankedFrom(player: Player): number {
  const carried = player.carried?.games[0]?.round
  return carried === undefined ? player.firstRound : Math.min(carried, player.firstRound)
}

/**
 * The standings of `players` after `round` (0 = before any round: everyone level, in rating order)
 * from the division's results, penalties and missed rounds, by the preset's spread cap and the
 * division's ranking (issue 32: its tie-breaks and cap by round, `setRanking`).
 */
export function divisionStandings(
  rules: TournamentState['rules'],
  division: Division,
  round: number,
  players: readonly Player[],
): readonly StandingsRow[] {
  const entered: StandingsPlayer[] = players.map((player) => ({
    id: player.id,
    name: player.name,
    rating: player.rating,
    withdrawnAfterRound: player.status.kind === 'withdrawn' ? player.status.fromRound - 1 : null,
  }))
  return computeStandings(
    {
      players: entered,
      rounds: roundOutcomes(division, round, players),
      penalties: division.penalties,
      spreadCapPerGame: rules.results.spreadCapPerGame,
      spreadCapByRound: division.ranking?.spreadCapByRound ?? [],
      tieBreaks: (division.ranking ?? DEFAULT_RANKING).tieBreaks,
      includeStarts: true,
    },
    round,
  )
}

/**
 * The standings after `round` from the results entered so far (design.md, "Standings"), with the
 * current corrections: a correction made later still changes the standings of its round.
 * - A withdrawn player is ranked in the rounds before their withdrawal and dropped after.
 * - A late entry is ranked from their first round on; the rounds they missed count as fixed when
 *   they registered (`Player.missedRounds`): nothing at all (tsh's opponent 0 and score 0), or a
 *   forfeit loss each.
 * - Spread penalties count from their round on; the preset's per-game spread cap applies.
 */
export function standingsAsOf(
  state: TournamentState,
  divisionName: string,
  round: number,
): Result<readonly StandingsRow[]> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const checked = checkRoundNumber(state.info, round)
  if (!checked.ok) return checked
  const players = division.value.players.filter((player) => rankedFrom(player) <= round)
  return ok(divisionStandings(state.rules, division.value, round, players))
}

/**
 * Firsts and seconds of every player after `round` (rules.md, "Who plays first": a bye or forfeit
 * is neither). Players with no counted start are absent: read them as 0 and 0.
 */
export function startTalliesAsOf(
  state: TournamentState,
  divisionName: string,
  round: number,
): Result<ReadonlyMap<PlayerId, StartTally>> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const checked = checkRoundNumber(state.info, round)
  if (!checked.ok) return checked
  const tallies = new Map(startTallies(startsHistoryOf(division.value, round)))
  // The other seat of a game carried from another division (issue 32) is nobody here.
  tallies.delete(0)
  return ok(tallies)
}

/** One round of a player's event, for their scorecard and the CLI. */
export interface HistoryEntry {
  readonly round: number
  /** null for a bye. */
  readonly table: number | null
  readonly opponent: PlayerId | null
  /** null while the result is not entered. */
  readonly result: GameResult | null
  /** Scores counted (after overtime) of a played game; null otherwise. */
  readonly score: number | null
  readonly opponentScore: number | null
  readonly outcome: GameOutcome | null
  readonly start: 'first' | 'second' | null
  /**
   * A round he played in the division he was moved from with his games (issue 32): that division
   * and his opponent there by name (`opponent` is null: the number is not one of this division's),
   * and `result` null with `outcome` what the round added to his line. Absent: a round here.
   */
  readonly carried?: { readonly from: string; readonly opponent: string | null }
}

/**
 * The rounds a player is paired in, in order, with what happened, and the rounds he brought from
 * another division when moved here with his games (issue 32). Unpaired rounds are left out.
 */
export function playerHistory(
  state: TournamentState,
  divisionName: string,
  playerId: PlayerId,
): Result<readonly HistoryEntry[]> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const player = findPlayer(division.value, playerId)
  if (!player.ok) return player
  const entries: HistoryEntry[] = []
  const carried = player.value.carried
  for (const round of division.value.rounds) {
    const index = pairingIndexOf(round, playerId)
    const pairing = round.pairings[index]
    const brought = carried?.games.find((g) => g.round === round.number)
    if (pairing === undefined && brought !== undefined && carried !== undefined) {
      const { win, loss, spread, counts } = brought
      entries.push({
        round: round.number,
        table: null,
        opponent: null,
        result: null,
        score: brought.scores?.[0] ?? null,
        opponentScore: brought.scores?.[1] ?? null,
        outcome: { win, loss, spread, counts },
        start: brought.start,
        carried: { from: carried.from, opponent: brought.opponent },
      })
    }
    if (pairing === undefined) continue
    const recorded = round.results[index] ?? null
    const result = recorded?.result ?? null
    const game = pairing.kind === 'game' ? pairing : null
    const opponent = game?.players.find((p) => p !== playerId) ?? null
    const own = result?.kind === 'played' ? result.players.indexOf(playerId) : -1
    entries.push({
      round: round.number,
      table: game?.table ?? null,
      opponent,
      result,
      score: result?.kind === 'played' ? (result.scores[own] ?? null) : null,
      opponentScore: result?.kind === 'played' ? (result.scores[1 - own] ?? null) : null,
      outcome: result === null ? null : gameOutcome(result, playerId),
      start: startOf(recorded?.first ?? null, playerId) ?? null,
    })
  }
  return ok(entries)
}

export interface WarningStatus {
  readonly warnings: readonly Warning[]
  /** The preset's number of warnings that makes a disqualification (NEON: 3); null = not counted. */
  readonly threshold: number | null
  /**
   * The threshold is reached: the director is asked whether to disqualify. The program never
   * disqualifies by itself; that stays the director's decision.
   */
  readonly disqualificationProposed: boolean
}

export function warningStatus(
  state: TournamentState,
  divisionName: string,
  playerId: PlayerId,
): Result<WarningStatus> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const player = findPlayer(division.value, playerId)
  if (!player.ok) return player
  const warnings = division.value.warnings.filter((w) => w.player === playerId)
  const threshold = state.rules.results.warningsToDisqualify
  return ok({
    warnings,
    threshold,
    disqualificationProposed: threshold !== null && warnings.length >= threshold,
  })
}

/** Active players (entered, not withdrawn) who have no pairing in a paired round. */
export function unpairedPlayers(
  state: TournamentState,
  divisionName: string,
  roundNumber: number,
): Result<readonly Player[]> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const round = findRound(division.value, state.info, roundNumber)
  if (!round.ok) return round
  const seated = new Set(
    round.value.pairings.flatMap((p) => (p.kind === 'game' ? p.players : [p.player])),
  )
  return ok(
    division.value.players.filter(
      (p) =>
        !seated.has(p.id) &&
        p.firstRound <= roundNumber &&
        (p.status.kind === 'active' || p.status.fromRound > roundNumber),
    ),
  )
}

/**
 * Both clocks at a table of a started round as of `now` (ms), from the absences and arrivals
 * recorded, by the preset's late-arrival method (shared/clock).
 */
export function tableClocks(
  state: TournamentState,
  divisionName: string,
  roundNumber: number,
  table: number,
  now: number,
): Result<readonly [SeatClock, SeatClock]> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const round = findRound(division.value, state.info, roundNumber)
  if (!round.ok) return round
  const startedAt = round.value.startedAt
  if (startedAt === null) {
    return err('round.not-started', `Round ${roundNumber} has not been started.`)
  }
  const index = findTable(round.value, table)
  if (!index.ok) return index
  const pairing = round.value.pairings[index.value] as GamePairing
  const seat = (player: PlayerId) => {
    const arrival = round.value.arrivals.find((a) => a.player === player)
    return { player, absent: arrival !== undefined, arrivedAt: arrival?.arrivedAt ?? null }
  }
  return lateArrivalClocks(
    { roundStart: startedAt, now, seats: [seat(pairing.players[0]), seat(pairing.players[1])] },
    state.rules,
  )
}
