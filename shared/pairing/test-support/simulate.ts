/** Seeded synthetic events for the pairing tests and bench: ratings, results, starts. */
import { seededRng, type Rng } from '../../random'
import type { PlayerId } from '../../results/game-result'
import { PRESETS } from '../../rules/presets'
import type { StartsHistoryEntry } from '../../starts/starts'
import { pairingInputFromEvent, type Entrant, type EventSoFar } from '../input'
import { pairRound } from '../pair-round'
import type { PairedRound, PairingInput, PairingSystem, PastRound } from '../types'

export const STARTS = { rules: PRESETS.nsa1995, options: {} } as const

export function entrants(count: number, rng: Rng): Entrant[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Player ${String(i + 1)}`,
    rating: 900 + rng.int(1300),
  }))
}

/** A played game between a and b, the stronger player more likely to win (Elo-like). */
export function playGame(
  round: number,
  a: Entrant,
  b: Entrant,
  first: PlayerId,
  rng: Rng,
): StartsHistoryEntry {
  const pa = 1 / (1 + 10 ** ((b.rating - a.rating) / 400))
  const aWins = rng.next() < pa
  const margin = 1 + rng.int(200)
  const loser = 300 + rng.int(150)
  const scores: [number, number] = aWins ? [loser + margin, loser] : [loser, loser + margin]
  if (rng.int(60) === 0) scores[1] = scores[0] // the odd tie
  return {
    round,
    first,
    result: {
      kind: 'played',
      players: [a.id, b.id],
      rawScores: scores,
      overtimeSeconds: [0, 0],
      scores,
    },
  }
}

/** Records a paired round's results: played games, and byes at +50 (NSA VII.J.1). */
export function playRound(
  event: EventSoFar,
  paired: PairedRound,
  rng: Rng,
): { event: EventSoFar; past: PastRound } {
  const byId = new Map(event.entrants.map((e) => [e.id, e]))
  const games: StartsHistoryEntry[] = [...event.games]
  for (const p of paired.pairings) {
    const a = byId.get(p.first)
    const b = byId.get(p.second)
    if (a === undefined || b === undefined) throw new Error('unknown player in pairing')
    games.push(playGame(paired.round, a, b, p.first, rng))
  }
  for (const bye of paired.byes) {
    games.push({
      round: paired.round,
      first: null,
      result: { kind: 'bye', player: bye.player, spread: 50 },
    })
  }
  const past: PastRound = {
    round: paired.round,
    pairs: paired.pairings.map((p) => [p.first, p.second] as const),
    byes: paired.byes.map((b) => b.player),
  }
  return { event: { ...event, paired: [...event.paired, past], games }, past }
}

export function inputFor(
  event: EventSoFar,
  round: number,
  system: PairingSystem,
  extra: Partial<PairingInput> = {},
): PairingInput {
  const built = pairingInputFromEvent(event, {
    round,
    basedOn: round - 1,
    system,
    starts: STARTS,
    ...extra,
  })
  if (!built.ok) throw new Error(built.error.message)
  return built.value
}

/** An event of `rounds` Swiss rounds (after `firstSystem` for round 1), all results in. */
export function simulateEvent(options: {
  players: number
  rounds: number
  seed: number
  firstSystem?: PairingSystem
}): { event: EventSoFar; rounds: PairedRound[] } {
  const rng = seededRng(options.seed)
  let event: EventSoFar = { entrants: entrants(options.players, rng), paired: [], games: [] }
  const rounds: PairedRound[] = []
  for (let round = 1; round <= options.rounds; round++) {
    const system = round === 1 ? (options.firstSystem ?? 'rating') : 'swiss'
    const result = pairRound(inputFor(event, round, system, { seed: options.seed + round }))
    if (!result.ok) throw new Error(`round ${String(round)}: ${result.error.message}`)
    rounds.push(result.value)
    event = playRound(event, result.value, rng).event
  }
  return { event, rounds }
}
