import { seededRng, shuffled } from '../../random'
import { gameOutcome, type GameResult } from '../../results/game-result'
import type { RoundOutcome, StandingsInput, StandingsPlayer } from '../standings'

export interface GeneratedEvent {
  readonly input: StandingsInput
  /** Every game of every round, for checks on the results themselves. */
  readonly results: readonly (readonly GameResult[])[]
}

export interface GenerateOptions {
  readonly players: number
  readonly rounds: number
  readonly seed: number
  /** Scores are drawn from [low, low + range); a small range makes ties and equal lines common. */
  readonly scoreLow?: number
  readonly scoreRange?: number
  readonly byeSpread?: number
}

/**
 * A made-up event, the same for the same options: random pairings each round (the odd player out
 * gets a bye), random scores, so tests and benchmarks run on fields of any size.
 */
export function generateEvent(options: GenerateOptions): GeneratedEvent {
  const rng = seededRng(options.seed)
  const low = options.scoreLow ?? 250
  const range = options.scoreRange ?? 400
  const players: StandingsPlayer[] = Array.from({ length: options.players }, (_, i) => ({
    id: i + 1,
    name: `Player ${i + 1}`,
    rating: 1000 + rng.int(1000),
    withdrawnAfterRound: null,
  }))
  const ids = players.map((p) => p.id)
  const rounds: RoundOutcome[][] = []
  const results: GameResult[][] = []
  for (let r = 0; r < options.rounds; r++) {
    const order = shuffled(ids, rng)
    const games: GameResult[] = []
    for (let i = 0; i + 1 < order.length; i += 2) {
      const a = order[i] as number
      const b = order[i + 1] as number
      const scores = [low + rng.int(range), low + rng.int(range)] as const
      games.push({
        kind: 'played',
        players: [a, b],
        rawScores: scores,
        overtimeSeconds: [0, 0],
        scores,
      })
    }
    if (order.length % 2 === 1) {
      games.push({
        kind: 'bye',
        player: order[order.length - 1] as number,
        spread: options.byeSpread ?? 50,
      })
    }
    results.push(games)
    rounds.push(
      games.flatMap((game) => {
        const who = game.kind === 'bye' ? [game.player] : game.kind === 'played' ? game.players : []
        return who.map((player) => ({ player, ...gameOutcome(game, player) }))
      }),
    )
  }
  return { input: { players, rounds }, results }
}
