import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { PastRound } from '../../shared/pairing/types'
import {
  otherCycles,
  otherRoundRobin,
  roundsAsT,
} from '../../shared/pairing/test-support/other-schedule'
import { runCli } from './test-support/run-cli'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-pair-'))
  const fixture = new URL('../../shared/formats/__fixtures__/mgi-2022/a.t', import.meta.url)
  copyFileSync(fileURLToPath(fixture), join(dir, 'a.t'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const at = (name: string): string => join(dir, name)

const cli = runCli

interface PairJson {
  round: number
  system: string
  basedOn: number
  plan?: string
  maxRepeats: number | null
  seed: number
  pairings: { table: number; first: number; second: number; reason: string }[]
  bye: number | null
  repeats: number
  backToBack: number
  overLimit: number
  overLimitPairs: [number, number][]
  summary: string[]
}

const json = async (...argv: string[]): Promise<PairJson> => {
  const { code, stdout, stderr } = await cli(...argv, '--json')
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
  return JSON.parse(stdout) as PairJson
}

// Round 1: Ann beat Cy 420-380, Bob beat Di 400-350; Ann and Di went first (p12 1).
const ROUND_ONE = [
  'Alpha, Ann   1850 3; 420; p12 1',
  'Bravo, Bob   1790 4; 400; p12 2',
  'Charlie, Cy  1700 1; 380; p12 2',
  'Delta, Di    1650 2; 350; p12 1',
].join('\n')

describe('rackside pair (design.md, "Pairing")', () => {
  test('Swiss round 2 as JSON: winners meet, each pairing with its starter and reason', async () => {
    writeFileSync(at('four.t'), `${ROUND_ONE}\n`)
    expect(await json('pair', at('four.t'), '--round', '2', '--system', 'swiss')).toEqual({
      round: 2,
      system: 'swiss',
      basedOn: 1,
      maxRepeats: null,
      repeats: 0,
      backToBack: 0,
      overLimit: 0,
      overLimitPairs: [],
      summary: [
        'Swiss on the standings after round 1',
        '2 pairings, no repeats',
        'widest win gap 0',
        'score groups: 2 on 1 win, 2 on 0 wins',
      ],
      seed: 0,
      pairings: [
        {
          table: 1,
          first: 2,
          second: 1,
          reason: '1–0 vs 1–0, no earlier meeting; Bravo, Bob starts: fewer firsts (0 vs 1)',
        },
        {
          table: 2,
          first: 3,
          second: 4,
          reason: '0–1 vs 0–1, no earlier meeting; Charlie, Cy starts: fewer firsts (0 vs 1)',
        },
      ],
      bye: null,
    })
  })

  test('only the rounds before N count: later rounds in the file change nothing', async () => {
    writeFileSync(at('four.t'), `${ROUND_ONE}\n`)
    const later = [
      'Alpha, Ann   1850 3 2; 420 300; p12 1 1',
      'Bravo, Bob   1790 4 1; 400 500; p12 2 2',
      'Charlie, Cy  1700 1 4; 380 410; p12 2 1',
      'Delta, Di    1650 2 3; 350 390; p12 1 2',
    ].join('\n')
    writeFileSync(at('later.t'), `${later}\n`)
    const args = ['--round', '2', '--system', 'swiss']
    expect(await json('pair', at('later.t'), ...args)).toEqual(
      await json('pair', at('four.t'), ...args),
    )
  })

  test('lagged: round 3 on round 1, with round 2 paired but not scored counting as a meeting', async () => {
    const lagged = [
      'Alpha, Ann   1850 3 2; 420',
      'Bravo, Bob   1790 4 1; 400',
      'Charlie, Cy  1700 1 4; 380',
      'Delta, Di    1650 2 3; 350',
    ].join('\n')
    writeFileSync(at('lagged.t'), `${lagged}\n`)
    const result = await json(
      'pair',
      at('lagged.t'),
      '--round',
      '3',
      '--based-on',
      '1',
      '--system',
      'swiss',
    )
    expect(result.pairings.map((p) => [p.first, p.second].sort())).toEqual([
      [2, 3],
      [1, 4],
    ])
  })

  test('an odd field: the bye is reported', async () => {
    writeFileSync(at('five.t'), `${ROUND_ONE}\nEcho, Ed     1600 0; 50\n`)
    const result = await json('pair', at('five.t'), '--round', '2', '--system', 'swiss')
    expect(result.pairings).toHaveLength(2)
    // Ed had round 1's bye: the lowest ranked of the others with none, Di, has it now.
    expect(result.bye).toBe(4)
  })

  test.each(['swiss', 'koth', 'rr', 'random', 'rating', 'fontes', 'australian', 'cop'])(
    'the 60-player MGI division, round %s: every player paired exactly once',
    async (system) => {
      const round = system === 'fontes' || system === 'rr' ? '1' : '7'
      const result = await json(
        'pair',
        at('a.t'),
        '--round',
        round,
        '--system',
        system,
        '--seed',
        '5',
      )
      const ids = result.pairings.flatMap((p) => [p.first, p.second])
      if (result.bye !== null) ids.push(result.bye)
      expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1))
      expect(result.pairings.map((p) => p.table)).toEqual(result.pairings.map((_, i) => i + 1))
    },
  )

  test('--system cop (issue 29): round 10 of the 12-round MGI division, each table explained, the same seed the same pairing', async () => {
    const args = ['pair', at('a.t'), '--round', '10', '--rounds', '12', '--system', 'cop']
    const cop = [...args, '--simulations', '300', '--prize-places', '4', '--seed', '9']
    const result = await json(...cop)
    expect(result.system).toBe('cop')
    expect(result.pairings).toHaveLength(30)
    for (const p of result.pairings) expect(p.reason).toMatch(/^COP: /)
    expect(result.summary).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^COP: 300 simulations of the 3 rounds left \(seed 9\): \d+ can still finish in the top 4/,
        ),
      ]),
    )
    expect(await json(...cop)).toEqual(result)
  })

  test('the table view lists tables, reasons and the round summary', async () => {
    writeFileSync(at('four.t'), `${ROUND_ONE}\n`)
    const { code, stdout } = await cli('pair', at('four.t'), '--round', '2', '--system', 'swiss')
    expect(code).toBe(0)
    expect(stdout).toBe(
      [
        'Round 2',
        '  1  Bravo, Bob (#2) vs Alpha, Ann (#1)',
        '       1–0 vs 1–0, no earlier meeting; Bravo, Bob starts: fewer firsts (0 vs 1)',
        '  2  Charlie, Cy (#3) vs Delta, Di (#4)',
        '       0–1 vs 0–1, no earlier meeting; Charlie, Cy starts: fewer firsts (0 vs 1)',
        '',
        'Swiss on the standings after round 1; 2 pairings, no repeats; widest win gap 0; score groups: 2 on 1 win, 2 on 0 wins',
        '',
      ].join('\n'),
    )
  })

  test.each([
    [['--system', 'swiss'], '--round N (from 1) is required'],
    [['--round', '2', '--system', 'dutch'], '--system must be one of'],
    [['--round', 'x', '--system', 'swiss'], '--round must be a whole number'],
    [['--round', '2', '--system', 'cop', '--simulations', '0'], '--simulations must be from 1'],
    [['--round', '2', '--system', 'cop', '--hopefulness', '0,2'], '"2" is not one'],
  ])('bad arguments exit 2 with one line: %j', async (args, message) => {
    writeFileSync(at('four.t'), `${ROUND_ONE}\n`)
    const { code, stderr } = await cli('pair', at('four.t'), ...args)
    expect(code).toBe(2)
    expect(stderr).toContain(message)
  })

  test('a round that cannot be paired as asked exits 1 and says why', async () => {
    writeFileSync(at('four.t'), `${ROUND_ONE}\n`)
    const { code, stdout } = await cli(
      'pair',
      at('four.t'),
      '--round',
      '4',
      '--based-on',
      '1',
      '--system',
      'swiss',
    )
    expect(code).toBe(1)
    expect(stdout).toContain(
      'cannot pair round 4: Round 4 can be paired on the standings after round 3 or 2',
    )
  })

  /** Eight unpaired players rated 1900 down to 1550, as eight.t. */
  const writeEight = (): void => {
    const eight = Array.from(
      { length: 8 },
      (_, i) => `Player, P${String(i + 1)}  ${String(1900 - i * 50)}`,
    ).join('\n')
    writeFileSync(at('eight.t'), `${eight}\n`)
  }

  test('MSA 1.2 (--preset msa): equal firsts drawn by the program, the same for the same seed', async () => {
    writeEight()
    const args = ['pair', at('eight.t'), '--round', '1', '--system', 'rating', '--preset', 'msa']
    const one = await json(...args, '--seed', '11')
    for (const p of one.pairings) expect(p.reason).toMatch(/starts: drawn by the program$/)
    // Issue 11: the seed is in the export, never in the reasons players read.
    expect(one.seed).toBe(11)
    expect(await json(...args, '--seed', '11')).toEqual(one)
    // One draw per table: some tables start with the lower number, some with the higher.
    const lowerFirst = (round: PairJson) => round.pairings.map((p) => p.first < p.second)
    const seeds = ['1', '2', '3', '4', '5'].map((seed) => json(...args, '--seed', seed))
    const draws = (await Promise.all(seeds)).flatMap(lowerFirst)
    expect(new Set(draws)).toEqual(new Set([true, false]))
  })

  test('issue 32 (--preset wespa): the WESPA preset lets the program draw for first, as MSA 1.2 does', async () => {
    writeEight()
    const args = ['pair', at('eight.t'), '--round', '1', '--system', 'rating', '--seed', '11']
    const wespa = await json(...args, '--preset', 'wespa')
    for (const p of wespa.pairings) expect(p.reason).toMatch(/starts: drawn by the program$/)
    expect(wespa.pairings).toEqual((await json(...args, '--preset', 'wsc2003')).pairings)
  })

  test('pair --help shows its options', async () => {
    const { code, stdout } = await cli('pair', '--help')
    expect(code).toBe(0)
    expect(stdout).toMatch(/^rackside pair FILE\.t --round N \[--rounds TOTAL\]/)
    for (const option of [
      '--max-repeats K|none',
      '--neighbours',
      '--avoid',
      '--gibson',
      '--gibson-spread',
      '--prize-bands',
      '--contender-rounds',
    ]) {
      expect(stdout).toContain(option)
    }
  })

  test('no --system: the automatic plan for 60 players and 12 rounds (auto-plan.ts) pairs each round', async () => {
    const plan = 'Rounds 1–3: Initial Fontes; rounds 4–11: Swiss; round 12: King of the Hill'
    const first = await json('pair', at('a.t'), '--round', '1', '--rounds', '12')
    expect(first).toMatchObject({ system: 'fontes', basedOn: 0, plan, maxRepeats: null })
    const swiss = await json('pair', at('a.t'), '--round', '5', '--rounds', '12')
    expect(swiss).toMatchObject({ system: 'swiss', basedOn: 4 })
    const lagged = await json(
      'pair',
      at('a.t'),
      '--round',
      '5',
      '--system',
      'swiss',
      '--based-on',
      '3',
    )
    expect(lagged).toMatchObject({ system: 'swiss', basedOn: 3 })
    const last = await json('pair', at('a.t'), '--round', '12', '--rounds', '12')
    expect(last).toMatchObject({ system: 'koth', basedOn: 11 })
  })

  test('no --system and no --rounds: exit 2, the automatic plan needs the rounds', async () => {
    const { code, stderr } = await cli('pair', at('a.t'), '--round', '3')
    expect(code).toBe(2)
    expect(stderr).toContain('--rounds TOTAL is needed for the automatic plan')
  })

  test('--max-repeats 0 where nothing else is possible: the pairing over the limit is named in --json', async () => {
    // Two players who met in round 1 can only meet again.
    writeFileSync(at('two.t'), 'Alpha, Ann 1850 2; 420\nBravo, Bob 1790 1; 400\n')
    const limited = await json(
      'pair',
      at('two.t'),
      '--round',
      '2',
      '--system',
      'swiss',
      '--max-repeats',
      '0',
    )
    expect(limited).toMatchObject({ maxRepeats: 0, repeats: 1, backToBack: 1, overLimit: 1 })
    expect(limited.overLimitPairs).toEqual([[1, 2]])
    expect(limited.summary.join('\n')).toContain(
      'over the repeat limit of 0: Alpha, Ann v Bravo, Bob',
    )
    const free = await json('pair', at('two.t'), '--round', '2', '--system', 'swiss')
    expect(free).toMatchObject({ maxRepeats: null, repeats: 1, overLimit: 0, overLimitPairs: [] })
  })

  test('--avoid keeps two players apart; --neighbours pairs a score group 1 v 2', async () => {
    writeFileSync(at('four.t'), `${ROUND_ONE}\n`)
    const pairsOf = (r: PairJson): number[][] =>
      r.pairings.map((p) => [p.first, p.second].sort((a, b) => a - b))
    const apart = await json(
      'pair',
      at('four.t'),
      '--round',
      '2',
      '--system',
      'swiss',
      '--avoid',
      '1-2',
    )
    expect(pairsOf(apart)).not.toContainEqual([1, 2])
    const halves = await json('pair', at('a.t'), '--round', '2', '--system', 'swiss')
    const neighbours = await json(
      'pair',
      at('a.t'),
      '--round',
      '2',
      '--system',
      'swiss',
      '--neighbours',
    )
    expect(pairsOf(neighbours)).not.toEqual(pairsOf(halves))
  })

  test.each([
    [
      ['--round', '2', '--system', 'swiss', '--max-repeats', 'two'],
      '--max-repeats must be a whole number',
    ],
    [
      ['--round', '2', '--system', 'swiss', '--avoid', '1=2'],
      '--avoid takes pairs of two player numbers',
    ],
    [
      ['--round', '2', '--system', 'swiss', '--gibson-spread', '300'],
      '--gibson-spread and --prize-bands take effect with --gibson or --contender-rounds',
    ],
    [
      ['--round', '2', '--system', 'swiss', '--gibson'],
      '--gibson and --contender-rounds need --rounds TOTAL',
    ],
    [['--round', '5', '--rounds', '3'], '--rounds 3 is before round 5'],
    // Issue 28: an event has at most 100 rounds; 100000 was taken and worked through.
    [
      ['--round', '2', '--rounds', '100000'],
      '--rounds 100000 is more rounds than an event has: at most 100',
    ],
    [
      ['--round', '101', '--system', 'swiss'],
      '--round 101 is more rounds than an event has: at most 100',
    ],
  ])('bad engine options exit 2 with one line: %j', async (args, message) => {
    writeFileSync(at('four.t'), `${ROUND_ONE}\n`)
    const { code, stderr } = await cli('pair', at('four.t'), ...args)
    expect(code).toBe(2)
    expect(stderr).toContain(message)
  })
})

describe("pair --session-breaks (tsh's session_breaks, issue 18)", () => {
  /** 100 players after two rounds: player i (1–50) meets 50 + ((i − 2 + round) mod 50) + 1. */
  function hundred(): string {
    const opponents: number[][] = Array.from({ length: 100 }, () => [])
    const scores: number[][] = Array.from({ length: 100 }, () => [])
    for (let round = 1; round <= 2; round++) {
      for (let i = 1; i <= 50; i++) {
        const j = 50 + ((i - 2 + round) % 50) + 1
        opponents[i - 1]?.push(j)
        opponents[j - 1]?.push(i)
        const iWins = (i + round) % 2 === 0
        scores[i - 1]?.push(iWins ? 420 : 380)
        scores[j - 1]?.push(iWins ? 380 : 420)
      }
    }
    return opponents
      .map(
        (o, k) =>
          `Player, P${String(k + 1).padStart(3, '0')} ${2100 - k} ${o.join(' ')}; ${(scores[k] ?? []).join(' ')}`,
      )
      .join('\n')
  }

  test.each([
    // No breaks: nothing lagged (auto-plan.ts).
    { breaks: [], basedOn: 2 },
    // Round 3 inside the first session: lagged, on round 1.
    { breaks: ['--session-breaks', '7'], basedOn: 1 },
    // Round 3 first after a break after round 2: the latest standings.
    { breaks: ['--session-breaks', '2,7'], basedOn: 2 },
  ])('100 players, round 3 of 14, $breaks: on round $basedOn', async ({ breaks, basedOn }) => {
    writeFileSync(at('hundred.t'), `${hundred()}\n`)
    const paired = await json('pair', at('hundred.t'), '--round', '3', '--rounds', '14', ...breaks)
    // Initial Fontes (rounds 1–5 for 100 players) did not visibly make rounds 1–2 of a .t: Swiss.
    expect(paired).toMatchObject({ system: 'swiss', basedOn })
    expect((paired as PairJson & { planNote?: string }).planNote).toBe(
      'Round 3: Swiss — a .t file does not say whether rounds 1–2 were paired by the Initial Fontes schedule',
    )
  })

  test('--session-breaks must be increasing round numbers', async () => {
    const { code, stderr } = await cli(
      'pair',
      at('a.t'),
      '--round',
      '3',
      '--rounds',
      '12',
      '--session-breaks',
      '7,5',
    )
    expect(code).not.toBe(0)
    expect(stderr).toContain('--session-breaks must list increasing round numbers')
  })
})

describe('pair continues a round robin from a .t (issue 29)', () => {
  /**
   * Pairs rounds `history.length + 1` to `through` one by one through the CLI, each from the .t
   * as it stands (its earlier rounds written back), as a director would; returns every round.
   */
  async function continueThrough(
    players: number,
    history: readonly PastRound[],
    total: number,
    through: number,
  ): Promise<{ rounds: PastRound[]; notes: (string | undefined)[] }> {
    const rounds = [...history]
    const notes: (string | undefined)[] = []
    for (let round = rounds.length + 1; round <= through; round++) {
      writeFileSync(at('rr.t'), roundsAsT(players, rounds))
      const paired = (await json(
        'pair',
        at('rr.t'),
        '--round',
        String(round),
        '--rounds',
        String(total),
      )) as PairJson & { planNote?: string }
      expect(paired.system).toBe('round-robin')
      notes.push(paired.planNote)
      rounds.push({
        round,
        pairs: paired.pairings.map((p) => [p.first, p.second] as const),
        byes: paired.bye === null ? [] : [paired.bye],
      })
    }
    return { rounds, notes }
  }

  /** Each pair met exactly once in every cycle of `cycle` rounds. */
  function expectOnceACycle(players: number, rounds: readonly PastRound[], cycle: number): void {
    for (let from = 1; from <= rounds.length; from += cycle) {
      const met = new Map<string, number>()
      for (const r of rounds.slice(from - 1, from - 1 + cycle)) {
        for (const [a, b] of r.pairs) {
          const key = `${String(Math.min(a, b))}-${String(Math.max(a, b))}`
          met.set(key, (met.get(key) ?? 0) + 1)
        }
      }
      expect(met.size).toBe((players * (players - 1)) / 2)
      expect([...met.values()].every((n) => n === 1)).toBe(true)
    }
  }

  test.each([
    // [players, total rounds, rounds another program paired, cycles the plan lays down]
    [28, 27, 5, 1],
    [8, 7, 3, 1],
    [4, 12, 5, 4],
  ])(
    '%i players × %i rounds, %i paired by another schedule: every pair meets once a cycle',
    async (players, total, played, cycles) => {
      const cycle = total / cycles
      const history = otherCycles(players, cycles, players * 10 + played).slice(0, played)
      const { rounds, notes } = await continueThrough(players, history, total, total)
      expectOnceACycle(players, rounds, cycle)
      expect(notes[0]).toBe(
        cycles === 1
          ? `Round ${String(played + 1)}: round robin — rounds 1–${String(played)} are a round robin; continuing it`
          : // Round 6 of 4 × 12 is in the second cycle, rounds 4–6.
            'Round 6: round robin — rounds 4–5 are a round robin; continuing it',
      )
    },
    60_000,
  )

  test.each([24, 25, 26, 27])(
    'contender pairing never breaks a full round robin: 28 × 27 paired by another program, round %i from its real history has no repeat',
    async (round) => {
      // The event ran as one round robin (0 repeats in 27 rounds); each of its last rounds is
      // paired here on the rounds really played before it, as the replay bench does. The plan's
      // contender step (the last 3 rounds) belongs to Swiss, not to the round robin.
      const history = otherRoundRobin(28, 2827).slice(0, round - 1)
      writeFileSync(at('rr.t'), roundsAsT(28, history))
      const paired = await json('pair', at('rr.t'), '--round', String(round), '--rounds', '27')
      expect(paired).toMatchObject({ system: 'round-robin', repeats: 0 })
    },
  )

  test("--config: config.tsh's autopair lines pair the division; its round robin goes on from another program's rounds", async () => {
    // 8 players, 14 rounds: tsh's RoundRobin twice round the field (a double round robin).
    const history = otherRoundRobin(8, 814).slice(0, 3)
    writeFileSync(at('rr.t'), roundsAsT(8, history))
    writeFileSync(at('config.tsh'), 'division A rr.t\nautopair A 0 1 rr 2 A\n')
    const paired = (await json(
      'pair',
      at('rr.t'),
      '--round',
      '4',
      '--rounds',
      '14',
      '--config',
      at('config.tsh'),
    )) as PairJson & { planNote?: string }
    expect(paired).toMatchObject({
      system: 'double-round-robin',
      plan: 'Rounds 1–14: double round robin',
      planNote: 'Round 4: double round robin — rounds 1–3 are a double round robin; continuing it',
      repeats: 0,
    })
    // A round config.tsh has no line for is the director's.
    writeFileSync(at('config.tsh'), 'division A rr.t\nautopair A 0 1 ns 0 0 A\n')
    const { code, stdout } = await cli(
      'pair',
      at('rr.t'),
      '--round',
      '4',
      '--rounds',
      '7',
      '--config',
      at('config.tsh'),
    )
    expect(code).toBe(1)
    expect(stdout).toContain('config.tsh has no autopair line for round 4 of division A')
  })

  test('a .t that is not a round robin goes on as Swiss and says why', async () => {
    const history = [
      {
        round: 1,
        pairs: [
          [1, 2],
          [3, 4],
          [5, 6],
          [7, 8],
        ] as const,
        byes: [],
      },
      {
        round: 2,
        pairs: [
          [1, 2],
          [3, 5],
          [4, 7],
          [6, 8],
        ] as const,
        byes: [],
      },
    ]
    writeFileSync(at('rr.t'), roundsAsT(8, history))
    const paired = (await json('pair', at('rr.t'), '--round', '3', '--rounds', '7')) as PairJson & {
      planNote?: string
    }
    expect(paired.system).toBe('swiss')
    expect(paired.planNote).toBe(
      'Round 3: Swiss — rounds 1–2 are not a round robin (#1 and #2 met again in round 2)',
    )
  })

  test('--system rr on a .t says nothing of Swiss and continues the round robin', async () => {
    const history = otherRoundRobin(8, 87).slice(0, 3)
    writeFileSync(at('rr.t'), roundsAsT(8, history))
    const { code, stdout } = await cli(
      'pair',
      at('rr.t'),
      '--round',
      '4',
      '--rounds',
      '7',
      '--system',
      'rr',
    )
    expect(code).toBe(0)
    expect(stdout).not.toContain('Swiss')
    expect(stdout).toContain('rounds 1–3 are a round robin; continuing it without a repeat')
  })
})
