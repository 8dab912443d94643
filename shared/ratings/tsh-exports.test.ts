import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { estimateRatings, type RatedGame, type RatingPlayer } from './estimate'
import { isRatingSystem } from './rating-systems'

/** A player of a fixture: numbers from a tsh `tourney.js` (see __fixtures__/tsh-exports/README.md). */
interface ExportPlayer {
  readonly id: number
  readonly rating: number
  readonly lifeg?: number
  /** Opponent per round, 1-based; 0 = none. */
  readonly pairings: readonly number[]
  readonly scores: readonly number[]
  readonly newr: readonly number[]
}

interface ExportFile {
  readonly maxRounds: number
  /** When `max_rounds` changed mid-event: the value in force for the rounds up to `throughRound`. */
  readonly phases?: readonly { readonly throughRound: number; readonly maxRounds: number }[]
  readonly divisions: readonly {
    readonly name: string
    readonly ratingSystem: string
    readonly players: readonly ExportPlayer[]
  }[]
}

const folder = new URL('./__fixtures__/tsh-exports/', import.meta.url)
const files = readdirSync(folder).filter((f) => f.endsWith('.json'))

/** The rating input tsh had after `rounds` rounds: games as scores compared, opponent 0 unrated. */
function ratingPlayers(players: readonly ExportPlayer[], rounds: number): RatingPlayer[] {
  const byId = new Map(players.map((p) => [p.id, p]))
  return players.map((p) => ({
    id: p.id,
    rating: p.rating,
    lifetimeGames: p.lifeg ?? 100,
    games: p.scores.slice(0, rounds).map((own, i): RatedGame => {
      const opponent = p.pairings[i] ?? 0
      const theirs = opponent === 0 ? undefined : byId.get(opponent)?.scores[i]
      if (theirs === undefined) return { round: i + 1, opponent: 0, score: 0 }
      return { round: i + 1, opponent, score: own > theirs ? 1 : own < theirs ? 0 : 0.5 }
    }),
  }))
}

describe('public tsh exports: every stored newr (issue 22, "Done when")', () => {
  test.each(files)('%s', (name) => {
    const data = JSON.parse(readFileSync(new URL(name, folder), 'utf8')) as ExportFile
    let compared = 0
    const wrong: string[] = []
    for (const division of data.divisions) {
      const system = division.ratingSystem
      if (!isRatingSystem(system)) throw new Error(`${name}: unknown system ${system}`)
      const phases = data.phases ?? [{ throughRound: Infinity, maxRounds: data.maxRounds }]
      let from = 1
      for (const phase of phases) {
        const result = estimateRatings({
          system,
          maxRounds: phase.maxRounds,
          players: ratingPlayers(division.players, phase.throughRound),
        })
        division.players.forEach((p, i) => {
          p.newr.forEach((value, k) => {
            if (k + 1 < from || k + 1 > phase.throughRound) return
            compared++
            const ours = result[i]?.estimates[k]
            if (ours !== value)
              wrong.push(`${division.name} #${p.id} round ${k + 1}: ${value} ≠ ${ours}`)
          })
        })
        from = phase.throughRound + 1
      }
    }
    expect(wrong).toEqual([])
    const expected: Record<string, number> = {
      'spc-2024.json': 1457,
      'kingston-2026.json': 132,
      'albany-2024.json': 2349,
      'xtid-test-2024.json': 66,
    }
    expect(compared).toBe(expected[name])
  })

  test('the fixtures cover nsa2008 and naspa-csw', () => {
    const systems = new Set(
      files.flatMap((name) =>
        (JSON.parse(readFileSync(new URL(name, folder), 'utf8')) as ExportFile).divisions.map(
          (d) => d.ratingSystem,
        ),
      ),
    )
    expect([...systems].sort()).toEqual(['naspa-csw', 'nsa2008'])
    expect(files).toHaveLength(4)
  })
})
