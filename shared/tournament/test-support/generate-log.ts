import { seededRng, shuffled } from '../../random'
import type { PlayerId } from '../../results/game-result'
import { rulesFromPreset } from '../../rules/presets'
import type { Command, LoggedCommand, PairingSpec } from '../commands'
import type { PairingStart } from '../types'

export interface GenerateLogOptions {
  readonly players: number
  readonly rounds: number
  readonly seed: number
  /**
   * `given`: each pairing carries its starter, as a pairing engine would send it (fewer firsts
   * starts, else a draw at the table). `rules`: pairings carry none and apply decides by the preset.
   */
  readonly starts: 'given' | 'rules'
  /** Publish each round once paired, as the desk does before the hall sees it (the projector). */
  readonly publish?: boolean
}

/**
 * The log of a made-up event, the same for the same options: registrations, then each round paired
 * at random (the odd player out gets a bye) and every game's result, in table order.
 */
export function generateLog(options: GenerateLogOptions): readonly LoggedCommand[] {
  const rng = seededRng(options.seed)
  const rules = rulesFromPreset('nsa1995')
  const commands: Command[] = [
    {
      type: 'createTournament',
      info: {
        name: 'Benchmark Open',
        venue: 'Hall',
        startDate: '2026-03-14',
        endDate: '2026-03-16',
        rounds: options.rounds,
      },
      rules,
    },
    { type: 'addDivision', name: 'A' },
  ]
  for (let i = 1; i <= options.players; i++) {
    commands.push({
      type: 'registerPlayer',
      division: 'A',
      player: { name: `Player ${i}`, rating: 1000 + rng.int(1000), memberId: `M${i}`, club: '' },
    })
  }
  const ids = Array.from({ length: options.players }, (_, i) => i + 1)
  const firsts = new Int32Array(options.players + 1)
  for (let round = 1; round <= options.rounds; round++) {
    const order = shuffled(ids, rng)
    const games: { table: number; players: [PlayerId, PlayerId]; starter: PlayerId | null }[] = []
    for (let i = 0; i + 1 < order.length; i += 2) {
      const a = order[i] as number
      const b = order[i + 1] as number
      const fa = firsts[a] ?? 0
      const fb = firsts[b] ?? 0
      games.push({ table: i / 2 + 1, players: [a, b], starter: fa === fb ? null : fa < fb ? a : b })
    }
    const pairings: PairingSpec[] = games.map((game) => {
      if (options.starts === 'rules')
        return { kind: 'game', table: game.table, players: game.players }
      const [a, b] = game.players
      const start: PairingStart =
        game.starter === null
          ? { kind: 'rule', starter: null, reason: { kind: 'draw-tiles', firsts: firsts[a] ?? 0 } }
          : {
              kind: 'rule',
              starter: game.starter,
              reason: {
                kind: 'fewer-firsts',
                starterFirsts: Math.min(firsts[a] ?? 0, firsts[b] ?? 0),
                otherFirsts: Math.max(firsts[a] ?? 0, firsts[b] ?? 0),
              },
            }
      return { kind: 'game', table: game.table, players: game.players, start }
    })
    const odd = order.length % 2 === 1 ? order[order.length - 1] : undefined
    if (odd !== undefined) pairings.push({ kind: 'bye', player: odd })
    commands.push({
      type: 'pairRound',
      division: 'A',
      round,
      pairings,
      system: 'random',
      seed: round,
    })
    if (options.publish === true) commands.push({ type: 'publishRound', division: 'A', round })
    for (const game of games) {
      const scores = [250 + rng.int(400), 250 + rng.int(400)] as const
      const first = game.starter ?? game.players[rng.int(2)] ?? game.players[0]
      firsts[first] = (firsts[first] ?? 0) + 1
      commands.push({
        type: 'recordResult',
        division: 'A',
        round,
        game: { table: game.table },
        result: {
          kind: 'played',
          players: game.players,
          rawScores: scores,
          overtimeSeconds: [0, 0],
          scores,
        },
        first,
      })
    }
  }
  return commands.map((command, seq) => ({ seq, at: '2026-03-14T09:00:00.000Z', command }))
}
