import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { mapConfigToRules, parseConfigTsh, ratingSystemFromConfig } from './config-tsh'
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

  test('tsh config: division A maps rounds, bye spread, firsts, name, date, realm, pairing system, avoid_sr_runs, prize contention and session breaks', () => {
    const mapped = mapConfigToRules(config, 'A')
    expect(mapped.settings).toEqual({
      rounds: 12,
      byeSpread: 100,
      tracksFirsts: true,
      assignsFirsts: true,
      eventName: 'MGI SCRABBLE PREMIER LEAGUE 2022 - MATCH DAY ONE',
      eventDate: 'February 19, 2021',
      realm: 'nga',
      pairingSystem: 'manual',
      avoidStartRuns: true,
      // Issue 10: tsh's Gibsonization settings; gibson_spread is a list, its first value is one game.
      gibson: true,
      gibsonSpread: 400,
      prizeBands: [1, 2, 3, 4, 5],
      // Issue 18: tsh's session_breaks, where lagged pairing stops.
      sessionBreaks: [7, 12],
    })
    expect(mapped.problems).toEqual([])
    expect(mapped.ignored).toEqual(
      expect.arrayContaining(["division_label{'A'}", 'begin', 'prize']),
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
      'pairing_system',
      "prize_bands{'A'}",
      'realm',
      'assign_firsts',
      'track_firsts',
      'avoid_sr_runs',
      'gibson',
      'gibson_spread',
      'session_breaks',
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
    ["config max_rounds = 'twelve'", 'a whole number of rounds from 1 expected'],
    ['config bye_spread = 1.5', 'a whole number from 0 expected'],
    ['config bye_spread = -50', 'a whole number from 0 expected'],
    ['config spread_cap = -1', 'a whole number from 0, or a list of caps from 1, one a round'],
    // Issue 32: a cap per round is a list of caps from 1; 0 inside it is no cap of a round.
    ['config spread_cap = [100,0]', 'a list of caps from 1, one a round expected'],
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

describe('hostile config.tsh: limits refused with the line, never a stall or a throw', () => {
  test('tsh config lists nested 8,000 deep are refused at the depth limit', () => {
    const read = parseConfigTsh(`config a = ${'['.repeat(8000)}${']'.repeat(8000)}`)
    expect(read.problems[0]).toMatchObject({ line: 1, code: 'tsh.config.line-length' })
    const deep = parseConfigTsh(`config a = ${'['.repeat(40)}${']'.repeat(40)}`)
    expect(deep.problems[0]).toMatchObject({ line: 1, code: 'tsh.config.value' })
    expect(deep.problems[0]?.message).toContain('nested deeper than 16')
  })

  test('tsh config max_rounds of 10^9 is refused at the rounds limit, not looped over', () => {
    const { config } = parseConfigTsh('division A a.t\nconfig max_rounds = 1000000000\n')
    const mapped = mapConfigToRules(config, 'A')
    expect(mapped.problems).toEqual([
      expect.objectContaining({
        line: 2,
        code: 'tsh.config.limit',
        message: expect.stringContaining('over the limit of 100'),
      }),
    ])
  })

  test('a 40,000-space config line is refused at once with its line and the limit', () => {
    const started = performance.now()
    const read = parseConfigTsh(`division A a.t\nconfig${' '.repeat(40_000)}x\n`)
    expect(performance.now() - started).toBeLessThan(500)
    expect(read.problems[0]).toMatchObject({ line: 2, code: 'tsh.config.line-length' })
    expect(read.problems[0]?.message).toContain('at most 4000')
  })

  test('a long line under the limit stays linear (no backtracking between key and =)', () => {
    const started = performance.now()
    parseConfigTsh(`config a${' '.repeat(3_900)}x`)
    expect(performance.now() - started).toBeLessThan(500)
  })

  test.each([
    ['spread_cap', 'config spread_cap = 300', { spreadCap: 300 }],
    // Issue 32: a school championship's cap rising by round, as its config.tsh writes both keys.
    ['spread_cap', 'config spread_cap = [100,100,150]', { spreadCap: [100, 100, 150] }],
    ['standings_spread_cap', 'config standings_spread_cap = [100,250]', { spreadCap: [100, 250] }],
    ['bye_firsts', "config bye_firsts = 'ignore'", { byeFirsts: 'ignore' }],
    ['avoid_sr_runs', 'config avoid_sr_runs = 0', { avoidStartRuns: false }],
  ])('tsh config %s maps: %s', (_key, line, settings) => {
    expect(mapConfigToRules(parseConfigTsh(line).config).settings).toEqual(settings)
  })
})

describe('issue 20: nonsense in a config.tsh is refused with its line, never used or dropped', () => {
  test.each([
    [
      'a file that is not a config.tsh (/etc/passwd)',
      'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/:/usr/sbin/nologin\n',
      1,
      1,
      'tsh.config.syntax',
    ],
    ['a line of punctuation', 'division A a.t\n  ==> x\n', 2, 3, 'tsh.config.syntax'],
    [
      'a second byte-order mark, inside a value (two files joined)',
      "\uFEFFdivision A a.t\nconfig event_name = 'Spring\uFEFF Open'\n",
      2,
      28,
      'text.bom.inside',
    ],
    [
      'a NUL byte (a damaged disk)',
      'division A a.t\nconfig max_rounds = 7\0\n',
      2,
      22,
      'text.control',
    ],
    [
      "tsh's own rule, one division per name: division A twice",
      'division A a.t\ndivision a b.t\n',
      2,
      10,
      'tsh.config.division.repeated',
    ],
  ])('%s', (_, text, line, column, code) => {
    expect(parseConfigTsh(text).problems[0]).toMatchObject({
      line,
      column,
      code,
      severity: 'error',
    })
  })

  test.each([
    [
      'a key given twice: the later value counts, as in tsh (Perl keeps the last)',
      'config max_rounds = 7\nconfig bye_spread = 50\nconfig  max_rounds = 8\n',
      3,
      9,
      'max_rounds',
      8,
    ],
    [
      'a per-division key given twice for one division',
      'config max_div_rounds{\'A\'} = 7\nconfig max_div_rounds{"a"} = 8\n',
      2,
      8,
      'max_div_rounds',
      8,
    ],
  ])(
    '%s: read as tsh reads it, with a warning on its line',
    (_, text, line, column, key, value) => {
      const read = parseConfigTsh(text)
      expect(read.problems).toEqual([
        expect.objectContaining({ line, column, code: 'tsh.config.repeated', severity: 'warning' }),
      ])
      const entries = read.config.entries.filter((e) => e.key === key)
      expect(entries).toHaveLength(1)
      expect(entries[0]?.value).toEqual(expect.objectContaining({ value }))
    },
  )

  test('a DOS end-of-file mark (Ctrl-Z) after the last line ends the file, as it did under DOS', () => {
    const read = parseConfigTsh('division A a.t\nconfig max_rounds = 7\n\u001a')
    expect(read.problems).toEqual([])
    expect(read.config.divisions.map((d) => d.name)).toEqual(['A'])
  })

  test('the same key for two divisions, or event-wide and for one division, is not a repeat', () => {
    const read = parseConfigTsh(
      "config max_rounds = 7\nconfig max_div_rounds{'A'} = 8\nconfig max_div_rounds{'B'} = 9\n",
    )
    expect(read.problems).toEqual([])
  })

  test.each([
    ['max_rounds 0 (was silently replaced)', 'config max_rounds = 0', 1],
    ['a negative round count', 'division A a.t\nconfig max_rounds = -3', 2],
    ["max_div_rounds{'A'} 0", "config max_div_rounds{'A'} = 0", 1],
  ])('%s is refused with its line, not used', (_, text, line) => {
    const mapped = mapConfigToRules(parseConfigTsh(text).config, 'A')
    expect(mapped.settings.rounds).toBeUndefined()
    expect(mapped.problems[0]).toMatchObject({ line, code: 'tsh.config.type' })
    expect(mapped.problems[0]?.message).toContain('from 1')
  })
})

describe('issue 22: the rating system config.tsh gives a division (tsh’s TSH/Config.pm)', () => {
  const read = (text: string, division = 'A') =>
    ratingSystemFromConfig(parseConfigTsh(text).config, division)

  test('the MGI event: realm nga names no rating system, line 64 is a comment, so tsh’s default nsa', () => {
    // tsh's own default, not a name the config gives: `from` is absent.
    expect(ratingSystemFromConfig(parseConfigTsh(mgiConfig).config, 'A')).toEqual({
      system: 'nsa',
      warnings: [],
    })
  })

  test.each([
    {
      why: 'rating_system names it',
      text: "config rating_system = 'nsa2008'",
      A: 'nsa2008',
      B: 'nsa2008',
    },
    {
      why: 'division_rating_system{A} wins over rating_system for A only',
      text: "config rating_system = 'naspa-csw'\nconfig division_rating_system{'A'} = 'wespa'",
      A: 'wespa',
      B: 'naspa-csw',
    },
    {
      why: 'whatever the order of the lines',
      text: "config division_rating_system{'A'} = 'aus'\nconfig rating_system = 'elo'",
      A: 'aus',
      B: 'elo',
    },
    { why: 'realm naspa: nsa2008', text: "config realm = 'naspa'", A: 'nsa2008', B: 'nsa2008' },
    { why: 'realm naspa-csw', text: "config realm = 'naspa-csw'", A: 'naspa-csw', B: 'naspa-csw' },
    {
      why: 'realm naspa2024-csw: naspa2024',
      text: "config realm = 'naspa2024-csw'",
      A: 'naspa2024',
      B: 'naspa2024',
    },
    { why: 'realm wespa', text: "config realm = 'wespa'", A: 'wespa', B: 'wespa' },
    { why: 'realm absp', text: "config realm = 'absp'", A: 'absp', B: 'absp' },
    { why: 'realm sgp: nsa', text: "config realm = 'sgp'", A: 'nsa', B: 'nsa' },
    {
      why: 'rating_system over realm',
      text: "config realm = 'wespa'\nconfig rating_system = 'nsa'",
      A: 'nsa',
      B: 'nsa',
    },
    {
      why: 'no realm: tsh’s realm is nsa, whose system is nsa2008',
      text: 'division A a.t',
      A: 'nsa2008',
      B: 'nsa2008',
    },
  ])('$why', ({ text, A, B }) => {
    expect(read(text, 'A')).toMatchObject({ system: A, warnings: [] })
    expect(read(text, 'B')).toMatchObject({ system: B, warnings: [] })
  })

  test.each([
    {
      why: 'a name Rackside does not know',
      text: "# event\nconfig rating_system = 'glixo'",
      system: undefined,
      line: 2,
      says: 'config rating_system: "glixo" is not a rating system Rackside knows',
    },
    {
      why: 'tsh’s LCT variant, which Rackside does not estimate',
      text: "config division_rating_system{'A'} = 'nsa2008 lct'",
      system: undefined,
      line: 1,
      says: 'config division_rating_system{\'A\'}: "nsa2008 lct" is not a rating system',
    },
    {
      why: 'a realm whose system Rackside does not have',
      text: "\n\nconfig realm = 'thai'",
      system: undefined,
      line: 3,
      says: 'config realm "thai" rates by tsh\'s "thai", which Rackside does not have',
    },
    {
      why: 'a realm tsh does not know: tsh takes the nsa realm’s nsa2008',
      text: "config realm = 'mars'",
      system: 'nsa2008',
      line: 1,
      says: 'config realm "mars" is not a realm tsh knows',
    },
  ])('warned with its line, never refused: $why', ({ text, system, line, says }) => {
    const got = read(text)
    expect(got.system).toBe(system)
    expect(got.warnings).toHaveLength(1)
    expect(got.warnings[0]).toMatchObject({
      line,
      code: 'tsh.config.rating-system',
      severity: 'warning',
    })
    expect(got.warnings[0]?.message).toContain(says)
  })

  test('rating_system and division_rating_system are read, so never listed as ignored', () => {
    const { config } = parseConfigTsh(
      "config rating_system = 'nsa2008'\nconfig division_rating_system{'B'} = 'wespa'",
    )
    expect(mapConfigToRules(config, 'A').ignored).toEqual([])
    expect(mapConfigToRules(config, 'A').problems).toEqual([])
  })
})

describe('issue 28: a division name the app refuses is refused at its config.tsh line', () => {
  test.each([
    { case: '41 characters', name: 'D'.repeat(41), code: 'division.name.too-long' },
    { case: 'a zero-width space', name: 'Open\u200bB', code: 'division.name.hidden-character' },
  ])('$case: $code at line 2', ({ name, code }) => {
    const read = parseConfigTsh(`config max_rounds = 3\ndivision ${name} a.t\n`)
    expect(read.problems).toMatchObject([{ line: 2, code, severity: 'error' }])
    expect(read.config.divisions).toEqual([])
  })
})
