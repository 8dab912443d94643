import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { mapConfigToRules, parseConfigTsh } from './config-tsh'
import { decodeTFileBytes } from './text-codec'

const mgiConfig = decodeTFileBytes(
  readFileSync(new URL('./__fixtures__/mgi-2022/config.tsh', import.meta.url)),
).text

describe('formats.md "tsh event": the MGI 2022 config.tsh', () => {
  const { config, problems } = parseConfigTsh(mgiConfig)

  test('reads without problems, with both divisions', () => {
    expect(problems).toEqual([])
    expect(config.divisions).toEqual([
      { line: 3, name: 'A', file: 'a.t' },
      { line: 4, name: 'B', file: 'b.t' },
    ])
  })

  test.each([
    ['max_rounds', null, { kind: 'number', value: 12 }],
    ['max_div_rounds', 'B', { kind: 'number', value: 12 }],
    ['bye_spread', null, { kind: 'number', value: 100 }],
    ['pairing_system', null, { kind: 'string', value: 'manual' }],
    ['division_label', 'A', { kind: 'string', value: 'Premier' }],
    ['division_label', 'B', { kind: 'string', value: 'Open' }],
    ['gibson_spread', null, { kind: 'list', items: [{ kind: 'number', value: 400 }] }],
    ['ftp_path', null, { kind: 'string', value: '' }],
    ['hook_autopair', null, { kind: 'string', value: 'json;stats' }],
    [
      'hook_division_complete',
      'A',
      { kind: 'string', value: 'st a;rat a;stats;esb a; sb a;sdsc a;wc a;rwc a;crs $r a' },
    ],
  ])('config %s (division %s) reads as %j', (key, division, value) => {
    expect(config.entries).toContainEqual(expect.objectContaining({ key, division, value }))
  })

  test('`Config` in capitals is still a config line; commented-out lines are not read', () => {
    expect(config.entries.filter((e) => e.key === 'division_label')).toHaveLength(2)
    expect(config.entries.some((e) => e.key === 'sb_banner_url')).toBe(false)
  })

  test('prize lines are kept as written, other commands too', () => {
    expect(config.prizes).toHaveLength(10)
    expect(config.prizes[0]).toEqual({ line: 22, text: 'prize rank 1 A 1,500,000+TROPHY' })
    expect(config.other.map((o) => o.text)).toEqual(['begin esb A', 'begin esb B'])
  })

  test('division A maps rounds, bye spread, firsts, name, date, realm and prize contention', () => {
    const mapped = mapConfigToRules(config, 'A')
    expect(mapped.settings).toEqual({
      rounds: 12,
      byeSpread: 100,
      tracksFirsts: true,
      assignsFirsts: true,
      eventName: 'MGI SCRABBLE PREMIER LEAGUE 2022 - MATCH DAY ONE',
      eventDate: 'February 19, 2021',
      realm: 'nga',
      // Issue 10: tsh's Gibsonization settings; gibson_spread is a list, its first value is one game.
      gibson: true,
      gibsonSpread: 400,
      prizeBands: [1, 2, 3, 4, 5],
    })
    expect(mapped.problems).toEqual([])
    expect(mapped.ignored).toEqual(
      expect.arrayContaining(['pairing_system', "division_label{'A'}", 'begin', 'prize']),
    )
    for (const key of ['bye_spread', 'gibson', 'gibson_spread', "prize_bands{'A'}"]) {
      expect(mapped.ignored).not.toContain(key)
      expect(mapped.used).toContain(key)
    }
    expect(mapped.used).toEqual([
      'max_rounds',
      'event_name',
      'event_date',
      'bye_spread',
      "prize_bands{'A'}",
      'realm',
      'assign_firsts',
      'track_firsts',
      'gibson',
      'gibson_spread',
    ])
  })
})

describe('formats.md "tsh event": config value forms', () => {
  test.each([
    ["config a = 'it\\'s'", { kind: 'string', value: "it's" }],
    ['config a = "tab\\there"', { kind: 'string', value: 'tab\there' }],
    ['config a = -3.5', { kind: 'number', value: -3.5 }],
    [
      "config a = [1, 'x', [2]]",
      {
        kind: 'list',
        items: [
          { kind: 'number', value: 1 },
          { kind: 'string', value: 'x' },
          { kind: 'list', items: [{ kind: 'number', value: 2 }] },
        ],
      },
    ],
    ['config a = []', { kind: 'list', items: [] }],
    ['config a = 1; # trailing comment', { kind: 'number', value: 1 }],
    ["config a = { 'x' => 1 }", { kind: 'raw', text: "{ 'x' => 1 }" }],
    ['config a = 1 + 2', { kind: 'raw', text: '1 + 2' }],
    ['config a = 12abc', { kind: 'raw', text: '12abc' }],
  ])('%s', (line, value) => {
    const { config, problems } = parseConfigTsh(line)
    expect(problems).toEqual([])
    expect(config.entries).toEqual([{ line: 1, key: 'a', division: null, value }])
  })

  test.each([
    ["config a{'B'} = 1", 'B'],
    ['config a{"B"} = 1', 'B'],
    ['config a{B} = 1', 'B'],
  ])('%s is for division B', (line, division) => {
    expect(parseConfigTsh(line).config.entries[0]?.division).toBe(division)
  })

  test.each([
    ["config a = 'open", 'tsh.config.value', 12],
    ['config = 1', 'tsh.config.syntax', 1],
    ['config a 1', 'tsh.config.syntax', 1],
    ['   config a = [1, 2', 'tsh.config.value', 15],
  ])('%s is refused: %s at column %i', (line, code, column) => {
    expect(parseConfigTsh(line).problems).toEqual([
      expect.objectContaining({ line: 1, column, code, severity: 'error' }),
    ])
  })

  test('a division line without a file is refused with its line number', () => {
    expect(parseConfigTsh('# x\ndivision A').problems).toEqual([
      expect.objectContaining({ line: 2, code: 'tsh.config.division' }),
    ])
  })

  test('a division-specific value wins over the event-wide one, whatever the order', () => {
    const { config } = parseConfigTsh(
      "config max_div_rounds{'B'} = 8\nconfig max_rounds = 12\nconfig bye_spread = 50",
    )
    expect(mapConfigToRules(config, 'B').settings.rounds).toBe(8)
    expect(mapConfigToRules(config, 'A').settings.rounds).toBe(12)
    expect(mapConfigToRules(config).settings.rounds).toBe(12)
  })

  test.each([
    ["config max_rounds = 'twelve'", 'a whole number expected'],
    ['config bye_spread = 1.5', 'a whole number expected'],
    ['config track_firsts = [1]', '0 or 1 expected'],
  ])('wrong type is a problem, not a setting: %s', (line, message) => {
    const mapped = mapConfigToRules(parseConfigTsh(line).config)
    expect(mapped.settings).toEqual({})
    expect(mapped.problems[0]?.message).toContain(message)
  })

  test.each([
    ['config track_firsts = 0', false],
    ["config track_firsts = '0'", false],
    ["config track_firsts = ''", false],
    ['config track_firsts = 1', true],
  ])('%s means tracking firsts is %s (Perl truth)', (line, value) => {
    expect(mapConfigToRules(parseConfigTsh(line).config).settings.tracksFirsts).toBe(value)
  })
})
