import fc from 'fast-check'
import { describe, expect, test } from 'vitest'

import { findJsonSyntaxError, lineAndColumn, locateJsonPath } from './json-position'

describe('lineAndColumn: where an offset falls, as an editor counts it', () => {
  test.each([
    ['the first character', 'abc', 0, 1, 1],
    ['inside the first line', 'abc', 2, 1, 3],
    ['the start of line 2 after \\n', 'ab\ncd', 3, 2, 1],
    ['\\r\\n counts as one break', 'ab\r\ncd', 5, 2, 2],
    ['a lone \\r ends a line (old Mac text)', 'ab\rcd', 3, 2, 1],
    ['past the end is the end', 'ab\n', 99, 2, 1],
  ])('%s', (_, text, offset, line, column) => {
    expect(lineAndColumn(text, offset)).toEqual({ line, column })
  })
})

describe('findJsonSyntaxError: RFC 8259 JSON, the first place it breaks (issue 20)', () => {
  test.each([
    ['an empty file', '', 1, 1, 'expected a value, found the end of the file'],
    ['cut short inside an object', '{\n  "a": 1,\n', 3, 1, 'property name'],
    ['cut short inside a string', '{"a": "b', 1, 9, 'closing quote'],
    ['a doubled comma', '{\n  "format": "x",\n  "version": 1,,\n}', 3, 16, 'property name'],
    ['a trailing comma before }', '{"a": 1,\n}', 2, 1, 'property name'],
    ['a trailing comma before ]', '[1,\n ]', 2, 2, 'expected a value'],
    ['a missing comma', '[1\n 2]', 2, 2, '"," or "]"'],
    ['a missing colon', '{"a" 1}', 1, 6, '":"'],
    ['a single-quoted key', "{'a': 1}", 1, 2, 'property name in double quotes'],
    ['a bare word', '{"a": yes}', 1, 7, 'expected a value'],
    ['a misspelt literal', '[tru]', 1, 5, '"true"'],
    ['a leading zero is allowed only alone', '[01]', 1, 3, '"," or "]"'],
    ['a number without digits after the point', '[1.]', 1, 4, 'decimal point'],
    ['an empty exponent', '[1e+]', 1, 5, 'exponent'],
    ['a bad escape', '["a\\x"]', 1, 5, 'escape'],
    ['a short \\u escape', '["\\u12"]', 1, 7, 'hex digits'],
    ['a raw newline inside a string', '["a\nb"]', 1, 4, 'closing quote'],
    ['text after the value', '{}\n{}', 2, 1, 'end of the file after the value'],
    ['a byte-order mark is not JSON', '\uFEFF{}', 1, 1, 'expected a value'],
    ['an unclosed array', '[[1]', 1, 5, '"," or "]"'],
  ])('%s', (_, text, line, column, message) => {
    const problem = findJsonSyntaxError(text)
    expect(problem).toMatchObject({ line, column })
    expect(problem?.message).toContain(message)
    expect(() => JSON.parse(text) as unknown).toThrow()
  })

  test.each([
    ['nested values', '{"a": [1, -2.5e+3, true, false, null, {"b": "\\u00e9\\n"}], "c": {}}'],
    ['whitespace around', ' \t\r\n[ ] \n'],
    ['a bare scalar', '0'],
  ])('valid: %s', (_, text) => {
    expect(findJsonSyntaxError(text)).toBeUndefined()
  })

  test('deep nesting does not overflow the stack', () => {
    expect(findJsonSyntaxError('['.repeat(200_000))?.line).toBe(1)
  })

  test('property: agrees with JSON.parse on any text and any damaged JSON', () => {
    const parses = (text: string): boolean => {
      try {
        JSON.parse(text)
        return true
      } catch {
        return false
      }
    }
    const damagedJson = fc
      .tuple(fc.json(), fc.nat(), fc.string({ maxLength: 3 }))
      .map(([json, at, junk]) => {
        const cut = at % (json.length + 1)
        return json.slice(0, cut) + junk + json.slice(cut + 1)
      })
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), damagedJson), (text) => {
        const problem = findJsonSyntaxError(text)
        expect(problem === undefined).toBe(parses(text))
        if (problem !== undefined) expect(problem.offset).toBeLessThanOrEqual(text.length)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('locateJsonPath: where a value of a well-formed file starts', () => {
  const text =
    '{\n  "format": "x",\n  "log": [\n    {"seq": 0},\n    {"a": "[,]\\"", "b": [1, {"c": 2}]}\n  ]\n}'
  test.each([
    ['a top-level key', ['format'], 2, 13],
    ['the log', ['log'], 3, 10],
    ['the second command', ['log', 1], 5, 5],
    ['past a string holding brackets and an escaped quote', ['log', 1, 'b', 1, 'c'], 5, 35],
    ['the whole file', [], 1, 1],
  ])('%s', (_, path, line, column) => {
    expect(locateJsonPath(text, path)).toEqual({ line, column })
  })

  test('a path that is not there', () => {
    expect(locateJsonPath(text, ['log', 2])).toBeUndefined()
  })
})
