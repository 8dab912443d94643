import { describe, expect, test } from 'vitest'
import { seededRng } from '../random'
import { copAnalysis, hopefulnessFor, simulateFinishes } from './cop'
import { standingsOrder } from './context'
import { pairRound } from './pair-round'
import { input, past, player, ranked } from './test-support/fields'
import { inputFor, playRound, simulateEvent } from './test-support/simulate'
import type { PairedRound, PairingInput, PairingPlayer } from './types'

const paired = (i: PairingInput): PairedRound => {
  const result = pairRound(i)
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

const tables = (round: PairedRound): string[] =>
  round.pairings.map((p) => [p.first, p.second].sort((a, b) => a - b).join('v'))

/** A field from its records, players 1, 2 … in order: "8-1 +400, 7-2 +300". */
const field = (records: string): PairingPlayer[] =>
  ranked(
    records.split(',').map((text, i) => {
      const [, wins = '', losses = '', spread = ''] =
        /^(\S+)-(\S+)\s+(\S+)$/.exec(text.trim()) ?? []
      return player(i + 1, Number(wins), Number(losses), Number(spread))
    }),
  )

/** The last round (10 of 10) of an 8-player field: A leads, B and C a win behind. */
const lastRound = (spreadC: number): PairingPlayer[] =>
  field(`8-1 +400, 7-2 +300, 7-2 ${String(spreadC)}, 6-3 +200, 5-4 0, 4-5 0, 3-6 0, 2-7 0`)

const copRound = (players: readonly PairingPlayer[], extra: Partial<PairingInput> = {}) =>
  input(players, { round: 10, basedOn: 9, rounds: 10, system: 'cop', seed: 7, ...extra })

describe('COP (issue 29; letsplayscrabble.com pairing page: hopeful players, control of the race)', () => {
  test.each([
    {
      why: 'B and C can both still finish first: the leader plays the closest (control), C plays D who can still reach C’s place',
      spreadC: 100,
      history: [],
      expected: ['1v2', '3v4', '5v6', '7v8'],
      note: 'COP: #2 needs to play #1: both can still finish first',
    },
    {
      // King of the Hill would pair #1 with #3 here to avoid the rematch; #3 cannot catch #1
      // (−300 + 300 < 400 − 300), so the race goes to the only player who can.
      why: 'only B can still finish first: the leader plays B even though they met last round',
      spreadC: -300,
      history: [past(9, [[1, 2]])],
      expected: ['1v2', '3v4', '5v6', '7v8'],
      note: 'COP: #2 needs to play #1: both can still finish first',
    },
  ])('$why', ({ spreadC, history, expected, note }) => {
    const round = paired(copRound(lastRound(spreadC), { history }))
    expect(tables(round)).toEqual(expected)
    expect(round.pairings[0]?.reason).toContain(note)
    expect(round.summary.lines.some((l) => l.startsWith('COP: 1000 simulations'))).toBe(true)
  })

  test('the same history under King of the Hill avoids the rematch: COP differs only for the race', () => {
    const history = [past(9, [[1, 2]])]
    const koth = paired(copRound(lastRound(-300), { history, system: 'koth' }))
    expect(tables(koth)).toContain('1v3')
  })

  test('who is hopeful with one round left is counted exactly: D can still reach second, E nothing', () => {
    const players = standingsOrder(lastRound(100))
    const cop = copAnalysis(copRound(players), players)
    expect(cop.threshold).toBe(0)
    expect(Object.fromEntries(cop.hope)).toEqual({ 1: 0, 2: 0, 3: 0, 4: 1 })
    // Only B and C can still end level with A: A is sure of a top-3 place, nobody else is.
    expect([...cop.absolute]).toEqual([1])
    const tableFive = paired(copRound(lastRound(100))).pairings.find((p) => p.table === 3)
    expect(tableFive?.reason).toContain(
      'COP: #5 and #6 can no longer reach the prize places; paired to avoid repeats',
    )
  })

  test('with rounds left the simulations decide: a leader four wins clear is sure of a prize, a player six behind is out', () => {
    const players = standingsOrder(field('9-0 +800, 5-4 +100, 5-4 +50, 4-5 0, 4-5 -50, 3-6 -900'))
    const cop = copAnalysis(
      input(players, { round: 10, basedOn: 9, rounds: 12, system: 'cop', seed: 3 }),
      players,
    )
    expect(cop.roundsLeft).toBe(3)
    expect(cop.threshold).toBe(0.05)
    expect(cop.absolute.has(1)).toBe(true)
    expect(cop.firstShare.get(1)).toBeGreaterThan(0.9)
    expect(cop.hope.get(1)).toBe(0)
    expect(cop.hope.has(2)).toBe(true)
    expect(cop.cashShare.get(6)).toBeLessThan(0.05)
    expect(cop.hope.has(6)).toBe(false)
  })

  test('reproducible from a seed: the same seed the same finishes, another seed other draws', () => {
    const field = standingsOrder(
      ranked(
        Array.from({ length: 20 }, (_, i) =>
          player(i + 1, 10 - Math.floor(i / 3), Math.floor(i / 3), 100 - i * 7),
        ),
      ),
    )
    const a = simulateFinishes(field, 4, 200, 3, 11).counts
    expect(simulateFinishes(field, 4, 200, 3, 11).counts).toEqual(a)
    expect(simulateFinishes(field, 4, 200, 3, 12).counts).not.toEqual(a)
    // Every simulation fills each prize place once.
    for (let q = 0; q < 3; q++) {
      let sum = 0
      for (let i = 0; i < field.length; i++) sum += a[i * 3 + q] ?? 0
      expect(sum).toBe(200)
    }
  })

  test.each([
    [1, 0],
    [2, 0.1],
    [5, 0.0025],
    [9, 0.0025],
  ])('hopefulness with %i round(s) left is %f by default', (left, share) => {
    expect(hopefulnessFor([0, 0.1, 0.05, 0.01, 0.0025], left)).toBe(share)
  })

  test('class prizes: #5 and #7, both in class B and both able to win it, meet; King of the Hill would pair 5 v 6 and 7 v 8', () => {
    const players = field('8-1 +400, 7-2 +300, 7-2 +100, 6-3 +200, 5-4 +50, 5-4 0, 5-4 -50, 2-7 0')
    const classes = [{ name: 'B', players: [5, 7], places: 1 }]
    const koth = paired(copRound(players, { system: 'koth' }))
    expect(tables(koth)).toEqual(['1v2', '3v4', '5v6', '7v8'])
    const round = paired(copRound(players, { cop: { classes } }))
    expect(tables(round)).toEqual(['1v2', '3v4', '5v7', '6v8'])
    expect(round.pairings[2]?.reason).toContain(
      'COP: #7 plays #5: both can still win a B class prize',
    )
    expect(round.summary.text).toContain('2 more can still win a class prize')
  })

  test('top-down byes: the highest ranked of those with the fewest byes sits out', () => {
    const players = lastRound(100).filter((p) => p.id !== 8)
    const bottomUp = paired(copRound(players))
    expect(bottomUp.byes.map((b) => b.player)).toEqual([7])
    const topDown = paired(copRound(players, { cop: { topDownByes: true } }))
    expect(topDown.byes.map((b) => b.player)).toEqual([1])
    expect(topDown.byes[0]?.reason).toContain('highest ranked of them')
  })

  test('a 300-player field paired by COP in rounds 8–14 of a 14-round event: no repeats', () => {
    const seed = 2029
    let { event } = simulateEvent({ players: 300, rounds: 7, seed })
    const rng = seededRng(seed + 1)
    let repeats = 0
    for (let round = 8; round <= 14; round++) {
      const result = paired(inputFor(event, round, 'cop', { rounds: 14, seed: seed + round }))
      expect(result.pairings.length).toBe(150)
      repeats += result.summary.repeats
      // The leader's table says why they meet.
      expect(result.pairings[0]?.reason).toMatch(/^COP: /)
      event = playRound(event, result, rng).event
    }
    expect(repeats).toBe(0)
  }, 60_000)
})
