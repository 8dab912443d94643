import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  estimateRatings,
  estimateRatingsReusing,
  type RatedGame,
  type RatingPlayer,
} from './estimate'
import { RATING_SYSTEMS } from './rating-systems'
import { generateRatingEvent } from './test-support/generate'

const event = fc.record({
  players: fc.integer({ min: 2, max: 14 }),
  rounds: fc.integer({ min: 1, max: 20 }),
  seed: fc.integer(),
  unratedShare: fc.constantFrom(0, 0.2, 0.5),
  system: fc.constantFrom(...RATING_SYSTEMS),
})

describe('estimates (issue 22, "What an estimate is")', () => {
  test('after round k an estimate depends on rounds 1..k only: later rounds do not change it', () => {
    fc.assert(
      fc.property(event, fc.integer({ min: 1, max: 20 }), (e, cut) => {
        const players = generateRatingEvent(e)
        const k = Math.min(cut, e.rounds)
        const maxRounds = e.rounds
        const full = estimateRatings({ system: e.system, maxRounds, players })
        const upToK = estimateRatings({
          system: e.system,
          maxRounds,
          players: players.map((p) => ({ ...p, games: p.games.filter((g) => g.round <= k) })),
        })
        upToK.forEach((p, i) => {
          expect(p.estimates).toEqual(full[i]?.estimates.slice(0, k))
        })
      }),
      { numRuns: 60 },
    )
  })

  test('one estimate per round with an entry, whole numbers, in input order (none: none)', () => {
    fc.assert(
      fc.property(event, (e) => {
        const players = generateRatingEvent(e)
        const result = estimateRatings({ system: e.system, maxRounds: e.rounds, players })
        expect(result.map((r) => r.id)).toEqual(players.map((p) => p.id))
        result.forEach((r, i) => {
          const last = Math.max(0, ...(players[i]?.games.map((g) => g.round) ?? []))
          expect(r.estimates).toHaveLength(e.system === 'none' ? 0 : last)
          for (const v of r.estimates) expect(Number.isInteger(v)).toBe(true)
        })
      }),
      { numRuns: 60 },
    )
  })

  test('a veteran who wins every game never ends below the pre-event rating', () => {
    fc.assert(
      fc.property(event, (e) => {
        const players = generateRatingEvent({ ...e, unratedShare: 0 })
        const winner = players[0]
        if (winner === undefined) return
        const games = winner.games.map((g) => ({ ...g, score: 1 as const }))
        const adjusted = players.map((p) =>
          p.id === winner.id
            ? { ...p, games }
            : {
                ...p,
                games: p.games.map((g) =>
                  g.opponent === winner.id ? { ...g, score: 0 as const } : g,
                ),
              },
        )
        const result = estimateRatings({ system: e.system, maxRounds: e.rounds, players: adjusted })
        for (const v of result[0]?.estimates ?? []) expect(v).toBeGreaterThanOrEqual(winner.rating)
      }),
      { numRuns: 60 },
    )
  })

  test('reusing the last estimate gives the numbers worked out afresh, whatever changed and where', () => {
    // The desk's changes: a result in round k entered, corrected (a game's score flipped) or
    // undone (the player's rounds from k on gone), a round added, or a rating edited.
    const change = fc.record({
      kind: fc.constantFrom('flip', 'truncate', 'rating', 'none'),
      round: fc.integer({ min: 1, max: 20 }),
      player: fc.nat(),
      maxRounds: fc.integer({ min: 0, max: 40 }),
    })
    fc.assert(
      fc.property(event, change, (e, c) => {
        const full = generateRatingEvent(e)
        const maxRounds = Math.max(c.maxRounds, 1)
        const before: RatingPlayer[] = full.map((p) => ({
          ...p,
          games: p.games.filter(
            (g) => g.round < Math.min(c.round, e.rounds) || c.kind !== 'truncate',
          ),
        }))
        const target = full[c.player % full.length]
        const after: RatingPlayer[] = full.map((p) => {
          if (c.kind === 'rating' && p.id === target?.id) return { ...p, rating: p.rating + 7 }
          if (c.kind !== 'flip') return p
          return {
            ...p,
            games: p.games.map((g) =>
              g.round === c.round && (p.id === target?.id || g.opponent === target?.id)
                ? { ...g, score: (1 - g.score) as RatedGame['score'] }
                : g,
            ),
          }
        })
        const first = estimateRatingsReusing(
          { system: e.system, maxRounds, players: before },
          undefined,
        )
        const again = estimateRatingsReusing(
          { system: e.system, maxRounds, players: after },
          first.memo,
        )
        expect(again.estimates).toEqual(
          estimateRatings({ system: e.system, maxRounds, players: after }),
        )
        // And back: the memo of the changed input serves the original.
        const back = estimateRatingsReusing(
          { system: e.system, maxRounds, players: before },
          again.memo,
        )
        expect(back.estimates).toEqual(first.estimates)
      }),
      { numRuns: 150 },
    )
  })
})
