import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { checkTFile } from './t-check'
import { parseTFile } from './t-file'
import type { TDivisionFile } from './t-file-types'
import { decodeTFileBytes } from './text-codec'
import { formatProblem } from './problem'

const fixtureText = (name: string): string =>
  decodeTFileBytes(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url))).text

const parse = (text: string): TDivisionFile => {
  const result = parseTFile(text)
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

const lines = (...rows: string[]): string => rows.join('\n')

describe('formats.md "tsh .t": consistency of real and worked files', () => {
  test.each([['mgi-2022/a.t'], ['worked-example.t']])('%s has no problems', (name) => {
    expect(checkTFile(parse(fixtureText(name)))).toEqual([])
  })
})

describe('formats.md "tsh .t": each kind of inconsistency is found on its line', () => {
  test.each([
    [
      'asymmetric pairing',
      lines('Alpha, Ann 1850 2; 400', 'Bravo, Bob 1790 3; 380', 'Charlie, Cy 1700 2; 410'),
      1,
      'tfile.opponent.asymmetric',
      'round 1: Alpha, Ann (#1) lists opponent #2 but #2 lists #3 in round 1',
    ],
    [
      'opponent has fewer rounds',
      lines('Alpha, Ann 1850 2 2; 400', 'Bravo, Bob 1790 1; 380'),
      1,
      'tfile.opponent.asymmetric',
      'round 2: Alpha, Ann (#1) lists opponent #2 but #2 has no round 2',
    ],
    [
      'self pairing',
      lines('Alpha, Ann 1850 1; 400'),
      1,
      'tfile.opponent.self',
      'round 1: Alpha, Ann (#1) is paired with themselves',
    ],
    [
      'opponent out of range',
      lines('Alpha, Ann 1850 0 7; 50 400', 'Bravo, Bob 1790 0 0; 50 50'),
      1,
      'tfile.opponent.out-of-range',
      'round 2: Alpha, Ann (#1) lists opponent #7, but there is no player #7',
    ],
    [
      'one-sided score',
      lines('Alpha, Ann 1850 2; 400', 'Bravo, Bob 1790 1; '),
      2,
      'tfile.score.one-sided',
      'round 1: Alpha, Ann (#1) has a score against Bravo, Bob (#2), who has none',
    ],
    [
      'both went first',
      lines('Alpha, Ann 1850 2; 400; p12 1', 'Bravo, Bob 1790 1; 380; p12 1'),
      1,
      'tfile.p12.inconsistent',
      'round 1: p12 says Alpha, Ann (#1) went first and Bravo, Bob (#2) went first',
    ],
    [
      'first against no game',
      lines('Alpha, Ann 1850 2; 400; p12 2', 'Bravo, Bob 1790 1; 380; p12 0'),
      1,
      'tfile.p12.inconsistent',
      'round 1: p12 says Alpha, Ann (#1) went second and Bravo, Bob (#2) had no game',
    ],
    [
      'p12 value out of range',
      lines('Alpha, Ann 1850 0; 50; p12 7'),
      1,
      'tfile.p12.value',
      'round 1: Alpha, Ann (#1) p12 "7" is not 0, 1, 2, 3 or 4',
    ],
    [
      'score without an opponent round',
      lines('Alpha, Ann 1850 0; 50 400'),
      1,
      'tfile.score.unpaired',
      'Alpha, Ann (#1) has 2 scores but only 1 rounds of opponents',
    ],
    [
      'insane score',
      lines('Alpha, Ann 1850 2; 4200', 'Bravo, Bob 1790 1; 380'),
      1,
      'tfile.score.out-of-range',
      'round 1: Alpha, Ann (#1) score 4200 is outside -1000..1500',
    ],
  ])('%s', (_label, text, line, code, message) => {
    const problems = checkTFile(parse(text))
    expect(problems).toContainEqual({ line, code, message, severity: 'error' })
  })

  test.each([
    [
      'duplicate name (case and spacing ignored)',
      lines('Alpha, Ann 1850 0; 50', 'alpha,  ann 1700 0; 50'),
      2,
      'tfile.name.duplicate',
      'alpha,  ann (#2) has the same name as #1',
    ],
    [
      'rrank longer than rounds + 1',
      lines('Alpha, Ann 1850 0; 50; rrank 1 1 1'),
      1,
      'tfile.tag.length',
      'Alpha, Ann (#1) rrank has 3 values for 1 rounds',
    ],
    [
      'board longer than rounds',
      lines('Alpha, Ann 1850 0; 50; board 1 2'),
      1,
      'tfile.tag.length',
      'Alpha, Ann (#1) board has 2 values for 1 rounds',
    ],
  ])('warning: %s', (_label, text, line, code, message) => {
    expect(checkTFile(parse(text))).toEqual([{ line, code, message, severity: 'warning' }])
  })

  test.each([
    ['3 (must draw) agrees with 3', 'p12 3', 'p12 3'],
    ['4 (unknown) agrees with 1', 'p12 1', 'p12 4'],
    ['no p12 at all', 'board 1', 'board 1'],
    ['first and second', 'p12 1', 'p12 2'],
  ])('p12 accepted: %s', (_label, a, b) => {
    const text = lines(`Alpha, Ann 1850 2; 400; ${a}`, `Bravo, Bob 1790 1; 380; ${b}`)
    expect(checkTFile(parse(text))).toEqual([])
  })

  test('a paired round with no scores yet on either side is fine (round in progress)', () => {
    const text = lines('Alpha, Ann 1850 2 2; 400', 'Bravo, Bob 1790 1 1; 380')
    expect(checkTFile(parse(text))).toEqual([])
  })

  test('problems read as file:line: message for the CLI', () => {
    const [first] = checkTFile(parse(lines('Alpha, Ann 1850 2; 400', 'Bravo, Bob 1790 3; 380')))
    expect(first && formatProblem('a.t', first)).toBe(
      'a.t:1: round 1: Alpha, Ann (#1) lists opponent #2 but #2 lists #3 in round 1',
    )
  })
})
