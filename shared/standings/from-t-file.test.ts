import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parseTFile } from '../formats/t-file'
import type { TDivisionFile, TPlayerLine } from '../formats/t-file-types'
import { standingsByRoundFromTFile, type StandingRow } from './from-t-file'

const fixture = (name: string): string =>
  readFileSync(new URL(`../formats/__fixtures__/mgi-2022/${name}`, import.meta.url), 'latin1')

function parsed(text: string): TDivisionFile {
  const file = parseTFile(text)
  if (!file.ok) throw new Error(`fixture does not parse: ${file.error.message}`)
  return file.value
}

function standings(file: TDivisionFile, byeSpread?: number) {
  const result = standingsByRoundFromTFile(file, byeSpread === undefined ? {} : { byeSpread })
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value
}

const brief = (row: StandingRow): string =>
  `${row.rank} ${row.name} ${row.wins}-${row.losses} ${row.spread}`

describe('replaying mgi-2022 division A (60 players, 12 rounds, real tsh output)', () => {
  const file = parsed(fixture('a.t'))
  const byRound = standings(file)

  test('gives standings for rounds 1..12', () => {
    expect([...byRound.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  })

  // rrank[0] is the pre-event rank; rrank[r] the rank tsh printed after round r.
  const cases = file.players.flatMap((line) =>
    Array.from({ length: 12 }, (_, k) => {
      const rrank = line.tags.find((tag) => tag.name === 'rrank')?.values ?? []
      return { id: line.id, name: line.name, round: k + 1, expected: Number(rrank[k + 1]) }
    }),
  )

  test('the fixture has the 720 rrank values the replay is checked against', () => {
    expect(cases).toHaveLength(720)
    expect(cases.every((c) => Number.isInteger(c.expected))).toBe(true)
  })

  test.each(cases)('formats.md: $name after round $round is ranked $expected (rrank)', (c) => {
    const row = byRound.get(c.round)?.find((r) => r.player === c.id)
    expect(row?.rank).toBe(c.expected)
  })

  test('design.md "Standings": tied players share a rank (rrank has shared ranks in round 1)', () => {
    const ranks = byRound.get(1)?.map((row) => row.rank) ?? []
    expect(new Set(ranks).size).toBeLessThan(ranks.length)
  })

  interface Golden {
    readonly player_name: string
    readonly wins: number
    readonly games: number
    readonly spread: number
    readonly rank: number
  }
  const golden = JSON.parse(fixture('a.golden')) as readonly Golden[]

  test.each(golden)('a.golden: $rank $player_name $wins wins, spread $spread', (g) => {
    const row = byRound.get(12)?.find((r) => r.name === g.player_name)
    expect(row).toBeDefined()
    expect({
      rank: row?.rank,
      wins: row?.wins,
      games: (row?.wins ?? 0) + (row?.losses ?? 0),
      spread: row?.spread,
    }).toEqual({ rank: g.rank, wins: g.wins, games: g.games, spread: g.spread })
  })

  test('a.golden lists the final standings in row order', () => {
    expect(byRound.get(12)?.map((row) => row.name)).toEqual(golden.map((g) => g.player_name))
  })
})

/** formats.md's invented example (NSA starts, bye spread 50). */
const EXAMPLE = [
  'Alpha, Ann              1850 2 3 5; 420 455 432; p12 1 2 2',
  'Bravo, Bob              1790 1 5 0; 380 390 50; p12 2 1 0',
  'Charlie, Cy             1700 4 1 0; 410 401 -50; p12 2 1 1',
  'Delta, Di               1650 3 0 0; 402 50 -50; off -50; p12 1 0 1',
  'Echo, Ed                1600 0 2 1; 50 390 410; p12 0 2 1',
  '',
].join('\n')

describe('formats.md worked example', () => {
  const byRound = standings(parsed(EXAMPLE))

  test('after round 3, Di dropped: 1 Ann 3-0 +116; 2 Ed 1½-1½ +28; 3 Bob 1½-1½ +10; 4 Cy 1-2 -96', () => {
    expect(byRound.get(3)?.map(brief)).toEqual([
      '1 Alpha, Ann 3-0 116',
      '2 Echo, Ed 1.5-1.5 28',
      '3 Bravo, Bob 1.5-1.5 10',
      '4 Charlie, Cy 1-2 -96',
    ])
  })

  test.each([
    {
      round: 1,
      rows: [
        '1 Echo, Ed 1-0 50',
        '2 Alpha, Ann 1-0 40',
        '3 Charlie, Cy 1-0 8',
        '4 Delta, Di 0-1 -8',
        '5 Bravo, Bob 0-1 -40',
      ],
    },
    {
      round: 2,
      rows: [
        '1 Alpha, Ann 2-0 94',
        '2 Echo, Ed 1.5-0.5 50',
        '3 Delta, Di 1-1 42',
        '4 Charlie, Cy 1-1 -46',
        '5 Bravo, Bob 0.5-1.5 -40',
      ],
    },
  ])('design.md "Standings": Di is still ranked after round $round, which Di played', (c) => {
    expect(byRound.get(c.round)?.map(brief)).toEqual(c.rows)
  })
})

function line(partial: Partial<TPlayerLine> & Pick<TPlayerLine, 'id' | 'name'>): TPlayerLine {
  return {
    line: partial.id,
    ratingText: String(partial.rating ?? 0),
    rating: 0,
    opponents: [],
    scores: [],
    tags: [],
    ...partial,
  }
}

describe('reading a .t as tsh does', () => {
  test('formats.md: opponent 0 with score 0 is unplayed, neither a win nor a loss', () => {
    const file: TDivisionFile = {
      players: [
        line({ id: 1, name: 'A', opponents: [0, 2], scores: [0, 400] }),
        line({ id: 2, name: 'B', opponents: [0, 1], scores: [0, 300] }),
      ],
      comments: [],
    }
    const round1 = standings(file).get(1) ?? []
    expect(round1.map(brief)).toEqual(['1 A 0-0 0', '1 B 0-0 0'])
  })

  test('a game whose opponent has no score yet is not counted for either player', () => {
    const file: TDivisionFile = {
      players: [
        line({ id: 1, name: 'A', opponents: [2, 2], scores: [400, 380] }),
        line({ id: 2, name: 'B', opponents: [1, 1], scores: [350] }),
      ],
      comments: [],
    }
    const byRound = standings(file)
    expect(byRound.get(2)?.map(brief)).toEqual(['1 A 1-0 50', '2 B 0-1 -50'])
  })

  test('tsh Player::Penalty: a penalty is written negative and added to the spread from its round', () => {
    const file: TDivisionFile = {
      players: [
        line({
          id: 1,
          name: 'A',
          opponents: [2, 2],
          scores: [400, 400],
          tags: [{ name: 'penalty', values: ['0', '-50'] }],
        }),
        line({ id: 2, name: 'B', opponents: [1, 1], scores: [380, 380] }),
      ],
      comments: [],
    }
    const byRound = standings(file)
    expect(byRound.get(1)?.map(brief)).toEqual(['1 A 1-0 20', '2 B 0-1 -20'])
    expect(byRound.get(2)?.map(brief)).toEqual(['1 A 2-0 -10', '2 B 0-2 -40'])
  })

  test('byeSpread re-scores byes and forfeits at that spread', () => {
    const byRound = standings(parsed(EXAMPLE), 100)
    expect(byRound.get(3)?.map(brief)).toEqual([
      '1 Alpha, Ann 3-0 116',
      '2 Echo, Ed 1.5-1.5 78',
      '3 Bravo, Bob 1.5-1.5 60',
      '4 Charlie, Cy 1-2 -146',
    ])
  })

  test.each([
    {
      code: 'standings.tfile.opponent-unknown',
      players: [line({ id: 1, name: 'A', opponents: [7], scores: [400] })],
    },
    {
      code: 'standings.tfile.opponent-asymmetric',
      players: [
        line({ id: 1, name: 'A', opponents: [2], scores: [400] }),
        line({ id: 2, name: 'B', opponents: [3], scores: [300] }),
        line({ id: 3, name: 'C', opponents: [2], scores: [300] }),
      ],
    },
    {
      code: 'standings.tfile.opponent-missing',
      players: [line({ id: 1, name: 'A', opponents: [], scores: [400] })],
    },
    {
      code: 'standings.tfile.penalty-invalid',
      players: [
        line({
          id: 1,
          name: 'A',
          opponents: [0],
          scores: [50],
          tags: [{ name: 'penalty', values: ['x'] }],
        }),
      ],
    },
  ])('refuses a file it cannot read: $code', ({ code, players }) => {
    const result = standingsByRoundFromTFile({ players, comments: [] })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe(code)
      expect(result.error.line).toBe(1)
    }
  })
})
