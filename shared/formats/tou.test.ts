import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import { parseTFile } from './t-file'
import type { TDivisionFile, TPlayerLine } from './t-file-types'
import { decodeTFileBytes } from './text-codec'
import {
  defaultTouByeMode,
  toAscii,
  touName,
  writeTou,
  type TouDivision,
  type TouOptions,
} from './tou'

const fixture = (path: string): TDivisionFile => {
  const text = decodeTFileBytes(
    readFileSync(new URL(`./__fixtures__/${path}`, import.meta.url)),
  ).text
  const result = parseTFile(text)
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

const worked = fixture('worked-example.t')
const options: TouOptions = { title: 'Worked Example Open', date: '2022-02-19' }
const one = (file: TDivisionFile, highWordScore = 124): TouDivision[] => [
  { name: 'A', file, highWordScore },
]

const touLines = (divisions: readonly TouDivision[], opts: TouOptions = options): string[] => {
  const result = writeTou(divisions, opts)
  if (!result.ok) throw new Error(result.error.message)
  expect(result.value.endsWith('\r\n')).toBe(true)
  expect(result.value.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  return result.value.split('\r\n').slice(0, -1)
}

describe('tsh aupair layout (formats.md "AUPAIR .TOU")', () => {
  test('tsh aupair: a Woogles-style two-division event, byte for byte', () => {
    const expected = readFileSync(
      new URL('./__fixtures__/woogles/event.tou', import.meta.url),
    ).toString('latin1')
    const written = writeTou(
      [
        { name: 'A', file: fixture('woogles/a.t'), highWordScore: 87 },
        { name: 'B', file: fixture('woogles/b.t'), highWordScore: 0 },
      ],
      { title: 'Woogles Club Open', date: '2023-03-05' },
    )
    expect(written.ok && written.value).toBe(expected)
  })

  test('tsh aupair: the worked example, every character of every line', () => {
    expect(touLines(one(worked))).toEqual([
      '*M19.02.2022 Worked Example Open',
      '*A',
      `${' '.repeat(36)}124`,
      // name (20) | per round: space, result, score (3), opponent (4) with + when first
      'Ann Alpha           ' + ' 2420  +2' + ' 2455   3' + ' 2432   5',
      'Bob Bravo           ' + '  380   1' + ' 1390  +5' + ' 2001  +2',
      'Cy Charlie          ' + ' 2410   4' + '  401  +1' + ' 0000   3',
      'Di Delta            ' + '  402  +3' + ' 2001  +4' + ' 0000   4',
      'Ed Echo             ' + ' 2001  +5' + ' 1390   2' + '  410  +1',
      '*** END OF FILE ***',
    ])
  })

  test.each([
    ['aupair', ' 2001  +5', ' 0000   3'],
    ['opponent-zero', ' 2 50   0', '   50   0'],
    ['own-number', ' 2 50   5', '   50   3'],
    ['blank', '         ', '         '],
  ] as const)(
    'older forms kept as an option: bye mode %s writes Ed round 1 bye %j, Cy round 3 forfeit %j',
    (byeMode, edBye, cyForfeit) => {
      const lines = touLines(one(worked), { ...options, byeMode })
      expect(lines[7]?.slice(20, 29)).toBe(edBye)
      expect(lines[5]?.slice(38, 47)).toBe(cyForfeit)
    },
  )

  test('tsh aupair: an unscored round is a game against oneself, 1000', () => {
    const file: TDivisionFile = {
      comments: [],
      players: worked.players.map((p) => ({
        ...p,
        opponents: [...p.opponents, 0],
        scores: [...p.scores, 0],
      })),
    }
    expect(touLines(one(file))[3]?.slice(47)).toBe(' 1000   1')
  })

  test('tsh aupair refuses while a round is incomplete, also a game without result before scored rounds', () => {
    const file: TDivisionFile = {
      comments: [],
      players: worked.players.map((p) =>
        p.id === 1 ? { ...p, tags: [...p.tags, { name: 'rackside', values: ['r2=pend:3'] }] } : p,
      ),
    }
    const result = writeTou(one(file), options)
    expect(result.ok ? null : [result.error.code, result.error.details]).toEqual([
      'tou.round.incomplete',
      { round: 2 },
    ])
  })

  test('tsh aupair refuses while a round is incomplete', () => {
    const file: TDivisionFile = {
      comments: [],
      players: worked.players.map((p) => ({
        ...p,
        opponents: [...p.opponents, p.id === 1 ? 2 : 0],
      })),
    }
    const result = writeTou(one(file), options)
    expect(result.ok ? null : result.error.code).toBe('tou.round.incomplete')
  })
})

const player = (id: number, name: string, opponents: number[], scores: number[]): TPlayerLine => ({
  id,
  line: id,
  name,
  ratingText: '1500',
  rating: 1500,
  opponents,
  scores,
  tags: [{ name: 'p12', values: opponents.map((_, i) => ((id + i) % 2 === 0 ? '1' : '2')) }],
})

describe('formats.md "AUPAIR .TOU": numbers, names and dates', () => {
  test('tsh aupair: players with no game are left out and the others renumbered', () => {
    const players = [
      player(1, 'Gone, Gus', [0], [0]),
      player(2, 'Two, Tia', [3], [400]),
      player(3, 'Three, Tom', [2], [350]),
    ]
    const lines = touLines(one({ players, comments: [] }, 0))
    expect(lines.slice(3, -1)).toEqual([
      'Tia Two             ' + ' 2400  +2',
      'Tom Three           ' + '  350   1',
    ])
  })

  test('a score over 999 does not fit three columns and is refused, not cut', () => {
    const players = [player(1, 'A', [2], [1010]), player(2, 'B', [1], [300])]
    const result = writeTou(one({ players, comments: [] }), options)
    expect(result.ok ? null : result.error.code).toBe('tou.score.width')
  })

  test('over 99 players: opponent numbers of three digits with + fill the 4 columns', () => {
    const players = Array.from({ length: 100 }, (_, i) => {
      const id = i + 1
      const opponent = id % 2 === 1 ? id + 1 : id - 1
      return player(id, `Player ${String(id)}`, [opponent], [400 + id])
    })
    const lines = touLines(one({ players, comments: [] }))
    expect(lines).toHaveLength(100 + 4)
    expect(lines[3 + 98]).toBe('Player 99           ' + '  499 100')
    expect(lines[3 + 99]).toBe('Player 100          ' + ' 2500 +99')
  })

  test.each([
    ['Nuñez, José', 'Jose Nunez          '],
    ['Øster, Łukasz', 'Lukasz Oster        '],
    ['Strauß, Ærø', 'AEro Strauss        '],
    ['Björk 李', 'Bjork ?             '],
    ['Abcdefghijklmnopqrstuvwxyz, Al', 'Al Abcdefghijklmnopq'],
  ])('tsh aupair: %s is written "Given Surname" in 20 columns: %j', (name, written) => {
    expect(touName(name)).toBe(written)
  })

  test('accents are dropped for ASCII', () => {
    expect(toAscii('Strauß, Ærø')).toBe('Strauss, AEro')
  })

  test.each([['19.02.2022'], ['2022-02-30'], ['2023-02-29'], ['2022-13-01']])(
    'date %s is refused',
    (date) => {
      const result = writeTou(one(worked), { ...options, date })
      expect(result.ok ? null : result.error.code).toBe('tou.date')
    },
  )

  test('2024-02-29 is a date', () => {
    expect(touLines(one(worked), { ...options, date: '2024-02-29' })[0]).toBe(
      '*M29.02.2024 Worked Example Open',
    )
  })

  test('ids with a gap are refused (opponent numbers would point at the wrong line)', () => {
    const result = writeTou(one({ players: [player(2, 'B', [0], [50])], comments: [] }), options)
    expect(result.ok ? null : result.error.code).toBe('tou.players.ids')
  })
})

describe('the rules decide what the rating file gets by default', () => {
  test.each([
    {
      rule: 'NSA VII.J.2: byes are not rated: tsh aupair’s game against oneself',
      byeRated: false,
      mode: 'aupair',
    },
    {
      rule: 'a director who rates byes: the bye score against one’s own number',
      byeRated: true,
      mode: 'own-number',
    },
  ] as const)('$rule', ({ byeRated, mode }) => {
    const rules = rulesFromPreset('nsa1995')
    expect(defaultTouByeMode({ results: { ...rules.results, byeRated } })).toBe(mode)
  })
})
