import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, test } from 'vitest'
import type { Command } from '../../../shared/tournament/commands'
import { createMemoryRepository } from '../db/memory-repository'
import { setRepository } from './repository'
import { useRatingsStore } from './ratings'
import { useTournamentStore } from './tournament'
import { divisionRatingEstimates } from '../../../shared/ratings/division-ratings'

const INFO = {
  name: 'MGI Premier League',
  venue: 'Lagos Country Club',
  startDate: '2022-02-19',
  endDate: '2022-02-19',
  rounds: 12,
}

beforeEach(() => {
  setRepository(createMemoryRepository())
  setActivePinia(createPinia())
})

const game = (
  division: string,
  round: number,
  players: [number, number],
  scores: [number, number],
): Command[] => [
  {
    type: 'pairRound',
    division,
    round,
    pairings: [{ kind: 'game', table: round, players }],
  },
  {
    type: 'recordResult',
    division,
    round,
    game: { table: round },
    result: { kind: 'played', players, rawScores: scores, overtimeSeconds: [0, 0], scores },
  },
]

/** Ann 1739 and Bob 1588 in A, Cy 1500 and Di 1600 in B, 12 rounds as the MGI event had. */
async function event(): Promise<ReturnType<typeof useTournamentStore>> {
  const tournament = useTournamentStore()
  await tournament.create(INFO, 'nsa1995')
  for (const name of ['A', 'B']) await tournament.dispatch({ type: 'addDivision', name })
  await tournament.registerPlayer('A', { name: 'Ann', rating: '1739' })
  await tournament.registerPlayer('A', { name: 'Bob', rating: '1588' })
  await tournament.registerPlayer('B', { name: 'Cy', rating: '1500' })
  await tournament.registerPlayer('B', { name: 'Di', rating: '1600' })
  return tournament
}

async function run(
  tournament: ReturnType<typeof useTournamentStore>,
  commands: readonly Command[],
) {
  for (const command of commands) {
    const outcome = await tournament.dispatch(command)
    if (!outcome.ok) throw new Error(outcome.error.message)
  }
}

describe('the ratings store: the engine’s estimates through one memoised getter (issue 22)', () => {
  test('issue 22’s worked example under nsa (the NSA preset’s default): 1739 beats 1588 → 1746 (+7), 1582 (-6)', async () => {
    const tournament = await event()
    await run(tournament, game('A', 1, [1, 2], [420, 380]))
    const ratings = useRatingsStore()
    expect(ratings.shown('A')).toBe(true)
    expect([...ratings.afterRound('A', 1).values()]).toEqual([
      { player: 1, rating: 1739, newRating: 1746, change: 7 },
      { player: 2, rating: 1588, newRating: 1582, change: -6 },
    ])
    expect(ratings.byRound('A', 1)).toEqual([{ round: 1, newRating: 1746, change: 7 }])
    // Before round 1 there is nothing to estimate.
    expect(ratings.afterRound('A', 0).size).toBe(0)
  })

  test('worked out once per change of the division: the same log head gives the same object', async () => {
    const tournament = await event()
    await run(tournament, game('A', 1, [1, 2], [420, 380]))
    const ratings = useRatingsStore()
    const a = ratings.estimates('A')
    expect(ratings.estimates('A')).toBe(a)
    // A result in B leaves division A as it was: A's estimates are kept.
    await run(tournament, game('B', 1, [1, 2], [400, 300]))
    expect(ratings.estimates('A')).toBe(a)
    const b = ratings.estimates('B')
    // A result in A is a new A: worked out again.
    await run(tournament, game('A', 2, [2, 1], [450, 300]))
    expect(ratings.estimates('A')).not.toBe(a)
    expect(ratings.estimates('B')).toBe(b)
    expect(ratings.byRound('A', 1).map((e) => e.round)).toEqual([1, 2])
  })

  test('a change of rating system is seen at once, and “none” hides the estimates', async () => {
    const tournament = await event()
    await run(tournament, game('A', 1, [1, 2], [420, 380]))
    const ratings = useRatingsStore()
    const nsa = ratings.estimates('A')
    await run(tournament, [{ type: 'setRatingSystem', division: 'A', system: 'wespa' }])
    expect(ratings.estimates('A')).not.toBe(nsa)
    await run(tournament, [{ type: 'setRatingSystem', division: 'A', system: 'none' }])
    expect(ratings.shown('A')).toBe(false)
    expect(ratings.estimates('A')).toEqual([])
    expect(ratings.afterRound('A', 1).size).toBe(0)
  })

  test('afterRoundSoon (issue 20): not yet worked out → the previous ones, then the same as afterRound in a task of its own', async () => {
    const tournament = await event()
    const ratings = useRatingsStore()
    await run(tournament, game('A', 1, [1, 2], [420, 380]))
    const first = ratings.afterRoundSoon('A', 1)
    expect(first.fresh).toBe(false)
    expect(first.ratings.size).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 0))
    const landed = ratings.afterRoundSoon('A', 1)
    expect(landed).toEqual({ ratings: ratings.afterRound('A', 1), fresh: true })
    // A new result: round 1's estimates as they were until round 2's are worked out.
    await run(tournament, game('A', 2, [2, 1], [450, 300]))
    const waiting = ratings.afterRoundSoon('A', 1)
    expect(waiting).toEqual({ ratings: landed.ratings, fresh: false })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(ratings.afterRoundSoon('A', 2)).toEqual({
      ratings: ratings.afterRound('A', 2),
      fresh: true,
    })
    // Rated by `none`: nothing to wait for.
    await run(tournament, [{ type: 'setRatingSystem', division: 'B', system: 'none' }])
    expect(ratings.afterRoundSoon('B', 1)).toEqual({ ratings: new Map(), fresh: true })
  })

  test("issue 33: a round's new ratings asked again of the same estimate are the ones kept", async () => {
    const tournament = await event()
    const ratings = useRatingsStore()
    await run(tournament, game('A', 1, [1, 2], [420, 380]))
    expect(ratings.afterRound('A', 1).size).toBe(2)
    expect(ratings.afterRound('A', 1)).toBe(ratings.afterRound('A', 1))
    await run(tournament, game('A', 2, [2, 1], [450, 300]))
    expect(ratings.afterRound('A', 2)).toBe(ratings.afterRound('A', 2))
  })

  test('a division that does not exist, or no tournament open, has no estimates', async () => {
    const ratings = useRatingsStore()
    expect(ratings.estimates('A')).toEqual([])
    await event()
    expect(ratings.estimates('Z')).toEqual([])
  })

  test('each estimate reuses the division’s last one and equals a fresh one: a new round, a correction, an undo', async () => {
    const tournament = await event()
    const ratings = useRatingsStore()
    const fresh = () => divisionRatingEstimates(tournament.state!, 'A')
    await run(tournament, game('A', 1, [1, 2], [420, 380]))
    expect(ratings.estimates('A')).toEqual(fresh())
    await run(tournament, game('A', 2, [2, 1], [400, 390]))
    expect(ratings.estimates('A')).toEqual(fresh())
    // Round 1 corrected: Bob won it after all, so round 2's estimate changes too.
    await run(tournament, [
      {
        type: 'correctResult',
        division: 'A',
        round: 1,
        game: { table: 1 },
        result: {
          kind: 'played',
          players: [1, 2],
          rawScores: [380, 420],
          overtimeSeconds: [0, 0],
          scores: [380, 420],
        },
      },
    ])
    expect(ratings.estimates('A')).toEqual(fresh())
    expect(ratings.byRound('A', 2).map((r) => r.round)).toEqual([1, 2])
    await tournament.undo()
    expect(ratings.estimates('A')).toEqual(fresh())
  })
})
