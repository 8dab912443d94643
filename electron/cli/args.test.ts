import { describe, expect, test } from 'vitest'
import { parseArgs } from './args'

const spec = { flags: ['json', 'all-rounds'], options: ['after-round', 'title'] }

describe('CLI argv parser', () => {
  test.each([
    [['a.t'], ['a.t'], [], {}],
    [['a.t', '--json'], ['a.t'], ['json'], {}],
    [['--after-round', '3', 'a.t'], ['a.t'], [], { 'after-round': '3' }],
    [['--title=Open, 2022', 'a.t'], ['a.t'], [], { title: 'Open, 2022' }],
    [['--title', '--json'], [], [], { title: '--json' }],
    [['-h'], [], ['help'], {}],
    [['--', '--json', '-x'], ['--json', '-x'], [], {}],
    [['-'], ['-'], [], {}],
  ])('%j', (argv, positionals, flags, options) => {
    const parsed = parseArgs(argv, spec)
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.value.positionals).toEqual(positionals)
    expect([...parsed.value.flags]).toEqual(flags)
    expect(Object.fromEntries(parsed.value.options)).toEqual(options)
  })

  test.each([
    [['--nope'], 'cli.args.unknown'],
    [['--after-round'], 'cli.args.missing-value'],
    [['--json=1'], 'cli.args.flag-value'],
    [['--title', 'a', '--title', 'b'], 'cli.args.repeated'],
  ])('%j is refused with %s', (argv, code) => {
    const parsed = parseArgs(argv, spec)
    expect(parsed.ok ? null : parsed.error.code).toBe(code)
  })
})
