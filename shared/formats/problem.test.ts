import { describe, expect, test } from 'vitest'
import { formatProblem, hasErrors, type FormatProblem } from './problem'

const error: FormatProblem = { line: 12, code: 'tfile.x', message: 'bad score', severity: 'error' }
const warning: FormatProblem = { ...error, severity: 'warning', message: 'odd tag' }

describe('a file problem as the director reads it (formats.md)', () => {
  test.each([
    ['an error', error, 'a.t:12: bad score'],
    ['a warning says so', warning, 'a.t:12: warning: odd tag'],
    [
      'a column goes last, so editors still jump to the line',
      { ...error, column: 5 },
      'a.t:12: bad score (column 5)',
    ],
  ])('%s', (_name, problem, text) => {
    expect(formatProblem('a.t', problem)).toBe(text)
  })

  test.each([
    ['no problems', [], false],
    ['warnings only: the file can be used', [warning, warning], false],
    ['one error among warnings', [warning, error], true],
  ] as const)('%s → has errors: %s', (_name, problems, expected) => {
    expect(hasErrors(problems)).toBe(expected)
  })
})
