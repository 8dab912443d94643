import { describe, expect, test } from 'vitest'
import { assertNever, err, ok, type Result } from './result'

describe('rule violations are values (Result)', () => {
  test('ok carries the value', () => {
    expect(ok(42)).toEqual({ ok: true, value: 42 })
  })

  test.each([
    { case: 'code and message only', extra: undefined, error: { code: 'a.b', message: 'M' } },
    {
      case: 'a field',
      extra: { field: 'rating' },
      error: { code: 'a.b', message: 'M', field: 'rating' },
    },
    {
      case: 'a file position',
      extra: { line: 3, column: 7 },
      error: { code: 'a.b', message: 'M', line: 3, column: 7 },
    },
  ])('err with $case', ({ extra, error }) => {
    expect(err('a.b', 'M', extra)).toEqual({ ok: false, error })
  })

  test('narrowing on ok gives the value or the error', () => {
    const results: Result<number>[] = [ok(1), err('x.y', 'no')]
    expect(results.map((r) => (r.ok ? r.value : r.error.code))).toEqual([1, 'x.y'])
  })

  test('assertNever throws, naming what was not handled', () => {
    expect(() => assertNever('surprise' as never, 'command')).toThrow(
      'Unhandled command: "surprise"',
    )
  })
})
