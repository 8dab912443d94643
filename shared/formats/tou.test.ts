import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parseTFile } from './t-file'
import type { TDivisionFile, TPlayerLine } from './t-file-types'
import { decodeTFileBytes } from './text-codec'
import { defaultTouByeMode, toAscii, writeTou, type TouOptions } from './tou'
import { rulesFromPreset } from '../rules/presets'

const worked = ((): TDivisionFile => {
  const text = decodeTFileBytes(
    readFileSync(new URL('./__fixtures__/worked-example.t', import.meta.url)),
  ).text
  const result = parseTFile(text)
  if (!result.ok) throw new Error(result.error.message)
  return result.value
})()

const options: TouOptions = {
  title: 'Worked Example Open',
  date: '2022-02-19',
  division: 'A',
  highWordScore: 124,
}

const touLines = (file: TDivisionFile, opts: TouOptions = options): string[] => {
  const result = writeTou(file, opts)
  if (!result.ok) throw new Error(result.error.message)
  expect(result.value.endsWith('\r\n')).toBe(true)
  expect(result.value.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  return result.value.split('\r\n').slice(0, -1)
}

describe('formats.md "AUPAIR .TOU": the worked example', () => {
  test('every character of every line', () => {
    expect(touLines(worked)).toEqual([
      '*M19.02.2022 Worked Example Open',
      '*A',
      '124',
      // name (20) | result, score mod 1000, space, opponent with + when this player went first
      'Alpha, Ann          ' + '2420  +2' + '2455   3' + '2432   5',
      'Bravo, Bob          ' + ' 380   1' + '1390  +5' + '2 50   0',
      'Charlie, Cy         ' + '2410   4' + ' 401  +1' + '  50   0',
      'Delta, Di           ' + ' 402  +3' + '2 50   0' + '  50   0',
      'Echo, Ed            ' + '2 50   0' + '1390   2' + ' 410  +1',
      '*** END OF FILE ***',
    ])
  })

  test.each([
    ['opponent-zero', '2 50   0', '  50   0'],
    ['own-number', '2 50   5', '  50   3'],
    ['blank', '        ', '        '],
  ] as const)(
    'bye mode %s: Ed round 1 bye %j, Cy round 3 forfeit %j',
    (byeMode, edBye, cyForfeit) => {
      const lines = touLines(worked, { ...options, byeMode })
      expect(lines[7]?.slice(20, 28)).toBe(edBye)
      expect(lines[5]?.slice(36, 44)).toBe(cyForfeit)
    },
  )

  test('a paired round without scores yet is written blank', () => {
    const file: TDivisionFile = {
      comments: [],
      players: worked.players.map((p) => ({ ...p, opponents: [...p.opponents, 0] })),
    }
    expect(touLines(file)[3]).toBe('Alpha, Ann          2420  +22455   32432   5        ')
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

describe('formats.md "AUPAIR .TOU": wide divisions, names and dates', () => {
  test('over 99 players: 9-character blocks, scores modulo 1000', () => {
    const players = Array.from({ length: 100 }, (_, i) => {
      const id = i + 1
      const opponent = id % 2 === 1 ? id + 1 : id - 1
      return player(id, `Player ${String(id)}`, [opponent], [id === 99 ? 1010 : 400 + id])
    })
    const lines = touLines({ players, comments: [] })
    expect(lines).toHaveLength(100 + 4)
    expect(lines[3 + 98]).toBe('Player 99           ' + '2 10  100')
    expect(lines[3 + 99]).toBe('Player 100          ' + ' 500  +99')
  })

  test.each([
    ['Nuñez, José', 'Nunez, Jose'],
    ['Øster, Łukasz', 'Oster, Lukasz'],
    ['Strauß, Ærø', 'Strauss, AEro'],
    ['Björk 李', 'Bjork ?'],
  ])('%s is written %s', (name, ascii) => {
    expect(toAscii(name)).toBe(ascii)
  })

  test('a name longer than 20 characters is cut to keep the columns', () => {
    const players = [
      player(1, 'Abcdefghijklmnopqrstuvwxyz, Al', [2], [400]),
      player(2, 'B', [1], [300]),
    ]
    expect(touLines({ players, comments: [] })[3]).toBe('Abcdefghijklmnopqrst2400   2')
  })

  test.each([['19.02.2022'], ['2022-02-30'], ['2023-02-29'], ['2022-13-01']])(
    'date %s is refused',
    (date) => {
      const result = writeTou(worked, { ...options, date })
      expect(result.ok ? null : result.error.code).toBe('tou.date')
    },
  )

  test('2024-02-29 is a date', () => {
    expect(touLines(worked, { ...options, date: '2024-02-29' })[0]).toBe(
      '*M29.02.2024 Worked Example Open',
    )
  })

  test('ids with a gap are refused (opponent numbers would point at the wrong line)', () => {
    const result = writeTou({ players: [player(2, 'B', [0], [50])], comments: [] }, options)
    expect(result.ok ? null : result.error.code).toBe('tou.players.ids')
  })
})

describe('the rules decide what the rating file gets by default', () => {
  test.each([
    {
      rule: 'NSA VII.J.2: byes are not rated: rounds without an opponent are left blank',
      byeRated: false,
      mode: 'blank',
    },
    {
      rule: 'a director who rates byes: tsh’s opponent-0 form',
      byeRated: true,
      mode: 'opponent-zero',
    },
  ] as const)('$rule', ({ byeRated, mode }) => {
    const rules = rulesFromPreset('nsa1995')
    expect(defaultTouByeMode({ results: { ...rules.results, byeRated } })).toBe(mode)
  })
})
