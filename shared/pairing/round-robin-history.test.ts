import { describe, expect, test } from 'vitest'
import { pairRound } from './pair-round'
import { circleSchedule } from './round-robin'
import { completeCycle, roundRobinCourse } from './round-robin-history'
import { input, player } from './test-support/fields'
import { otherCycles, otherRoundRobin } from './test-support/other-schedule'
import type { PairingSystem, PastRound } from './types'

const ids = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1)

interface Step {
  readonly fromRound: number
  readonly system: Extract<PairingSystem, 'round-robin' | 'double-round-robin'>
}

/** Pairs every round after `history` up to `through` by the step that covers it, as the desk does. */
function playOn(
  players: number,
  history: readonly PastRound[],
  steps: readonly Step[],
  through: number,
): { rounds: PastRound[]; notes: string[] } {
  const rounds = [...history]
  const notes: string[] = []
  for (let round = rounds.length + 1; round <= through; round++) {
    const step = [...steps].reverse().find((s) => s.fromRound <= round) as Step
    const result = pairRound(
      input(
        ids(players).map((id) => player(id, 0, 0, 0)),
        {
          round,
          basedOn: round - 1,
          system: step.system,
          roundRobinStart: step.fromRound,
          history: rounds,
        },
      ),
    )
    if (!result.ok) throw new Error(result.error.message)
    notes.push(...result.value.summary.lines.filter((l) => / a round robin/.test(l)))
    rounds.push({
      round,
      pairs: result.value.pairings.map((p) => [p.first, p.second] as const),
      byes: result.value.byes.map((b) => b.player),
    })
  }
  return { rounds, notes }
}

/** How often each pair met (and each player had the bye) in rounds `from`..`to`. */
function meetings(rounds: readonly PastRound[], from: number, to: number) {
  const pairs = new Map<string, number>()
  const byes = new Map<number, number>()
  for (const r of rounds.filter((x) => x.round >= from && x.round <= to)) {
    for (const [a, b] of r.pairs) {
      const key = `${String(Math.min(a, b))}-${String(Math.max(a, b))}`
      pairs.set(key, (pairs.get(key) ?? 0) + 1)
    }
    for (const id of r.byes) byes.set(id, (byes.get(id) ?? 0) + 1)
  }
  return { pairs, byes }
}

/** Every pair met exactly once in each cycle (and, odd, every player had one bye). */
function expectEveryPairOnceACycle(players: number, rounds: readonly PastRound[]): void {
  const cycle = players % 2 === 0 ? players - 1 : players
  for (let from = 1; from <= rounds.length; from += cycle) {
    const { pairs, byes } = meetings(rounds, from, from + cycle - 1)
    expect(pairs.size, `rounds ${String(from)}–${String(from + cycle - 1)}`).toBe(
      (players * (players - 1)) / 2,
    )
    expect([...pairs.values()].every((n) => n === 1)).toBe(true)
    if (players % 2 === 1) {
      expect(byes.size).toBe(players)
      expect([...byes.values()].every((n) => n === 1)).toBe(true)
    }
  }
}

describe('a round robin continues from any history that is one (issue 29)', () => {
  test.each([
    // [players, rounds another program paired, cycles]
    [28, 1, 1],
    [28, 5, 1],
    [28, 13, 1],
    [28, 26, 1],
    [8, 2, 1],
    [8, 4, 1],
    [7, 3, 1],
    [12, 6, 1],
  ])(
    '%i players, %i rounds paired elsewhere: the rest of the cycle without a repeat',
    (players, played, cycles) => {
      const cycle = players % 2 === 0 ? players - 1 : players
      const history = otherRoundRobin(players, players * 100 + played).slice(0, played)
      const { rounds, notes } = playOn(
        players,
        history,
        [{ fromRound: 1, system: 'round-robin' }],
        cycle * cycles,
      )
      expectEveryPairOnceACycle(players, rounds)
      expect(notes[0]).toBe(
        played === 1
          ? 'round 1 is a round robin; continuing it without a repeat'
          : `rounds 1–${String(played)} are a round robin; continuing it without a repeat`,
      )
    },
  )

  test('4 players × 12 rounds (four cycles), 5 paired elsewhere: each cycle meets every pair once, no pair back to back', () => {
    const steps: Step[] = [1, 4, 7, 10].map((fromRound) => ({ fromRound, system: 'round-robin' }))
    const history = otherCycles(4, 2, 412).slice(0, 5)
    const { rounds } = playOn(4, history, steps, 12)
    expectEveryPairOnceACycle(4, rounds)
    // A cycle plays the one before it again in the same order: a pair meets every third round.
    for (let r = 7; r <= 12; r++) {
      const key = (x: PastRound) =>
        x.pairs
          .map(([a, b]) => `${String(Math.min(a, b))}-${String(Math.max(a, b))}`)
          .sort()
          .join()
      expect(key(rounds[r - 1] as PastRound)).toBe(key(rounds[r - 4] as PastRound))
    }
  })

  test('a double round robin, 6 players, 3 rounds paired elsewhere: the second cycle plays the first again', () => {
    const history = otherRoundRobin(6, 63).slice(0, 3)
    const { rounds } = playOn(6, history, [{ fromRound: 1, system: 'double-round-robin' }], 10)
    expectEveryPairOnceACycle(6, rounds)
    const first = meetings(rounds, 1, 5)
    const second = meetings(rounds, 6, 10)
    expect([...second.pairs.keys()].sort()).toEqual([...first.pairs.keys()].sort())
  })

  test('our own circle schedule goes on as before: ownSchedule, no note', () => {
    const circle = circleSchedule(8).map((round, k) => ({
      round: k + 1,
      pairs: round.map(([a, b]) => [a + 1, b + 1] as const),
      byes: [],
    }))
    const course = roundRobinCourse({
      players: ids(8),
      history: circle.slice(0, 3),
      fromRound: 1,
      double: false,
      round: 4,
    })
    expect(course).toMatchObject({ kind: 'continues', ownSchedule: true })
    const { notes } = playOn(8, circle.slice(0, 3), [{ fromRound: 1, system: 'round-robin' }], 7)
    expect(notes).toEqual([])
  })

  test('a history that is not a round robin says where: a pair met twice', () => {
    const history = [
      {
        round: 1,
        pairs: [
          [1, 2],
          [3, 4],
        ] as const,
        byes: [],
      },
      {
        round: 2,
        pairs: [
          [2, 1],
          [3, 4],
        ] as const,
        byes: [],
      },
    ]
    expect(
      roundRobinCourse({ players: ids(4), history, fromRound: 1, double: false, round: 3 }),
    ).toEqual({ kind: 'not-round-robin', why: { kind: 'repeat', round: 2, players: [1, 2] } })
    const { notes } = playOn(4, history, [{ fromRound: 1, system: 'round-robin' }], 3)
    expect(notes).toEqual([
      'rounds 1–2 are not a round robin (#1 and #2 met again in round 2): paired by the round-robin schedule, which may repeat games',
    ])
  })

  test('10 players split in halves that met across for 5 rounds: no completion exists, and the summary says so', () => {
    // Rounds 1–5: 1–5 v 6–10, every cross pair once. What is left is two fields of five.
    const history = [1, 2, 3, 4, 5].map((k) => ({
      round: k,
      pairs: [1, 2, 3, 4, 5].map((i) => [i, 6 + ((i + k) % 5)] as const),
      byes: [],
    }))
    expect(
      roundRobinCourse({ players: ids(10), history, fromRound: 1, double: false, round: 6 }),
    ).toEqual({ kind: 'no-completion', cycleStart: 1, proven: true })
    const { notes } = playOn(10, history, [{ fromRound: 1, system: 'round-robin' }], 6)
    expect(notes).toContain(
      'rounds 1–5 are a round robin, but no way to finish it without a repeat exists: paired by the round-robin schedule, which repeats games',
    )
  })

  test('10 players whose 6 rounds leave the Petersen graph: the exact search proves no completion', () => {
    // Every component is even, so only the search can tell: the Petersen graph (what these six
    // rounds leave unplayed) has perfect matchings but cannot be split into three.
    const six = [
      [
        [0, 8],
        [1, 7],
        [2, 9],
        [3, 5],
        [4, 6],
      ],
      [
        [0, 3],
        [1, 9],
        [2, 8],
        [4, 5],
        [6, 7],
      ],
      [
        [0, 2],
        [1, 4],
        [3, 9],
        [5, 6],
        [7, 8],
      ],
      [
        [0, 9],
        [1, 8],
        [2, 5],
        [3, 6],
        [4, 7],
      ],
      [
        [0, 6],
        [1, 5],
        [2, 4],
        [3, 7],
        [8, 9],
      ],
      [
        [0, 7],
        [1, 3],
        [2, 6],
        [4, 8],
        [5, 9],
      ],
    ] as const
    expect(completeCycle(10, six)).toBe('impossible')
    const history = six.map((round, k) => ({
      round: k + 1,
      pairs: round.map(([a, b]) => [a + 1, b + 1] as const),
      byes: [],
    }))
    expect(
      roundRobinCourse({ players: ids(10), history, fromRound: 1, double: false, round: 7 }),
    ).toEqual({ kind: 'no-completion', cycleStart: 1, proven: true })
  })
})
