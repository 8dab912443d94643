import { describe, expect, test } from 'vitest'
import { detectDelimiter, importCsvPlayers, parseCsv, readCsvPlayers } from './csv-players'

describe('formats.md "CSV": RFC 4180 quoting', () => {
  test.each([
    ['plain', 'a,b,c', [['a', 'b', 'c']]],
    ['quoted comma', '"Smith, Jo",1500', [['Smith, Jo', '1500']]],
    ['doubled quote', '"Jo ""JJ"" Smith",1', [['Jo "JJ" Smith', '1']]],
    [
      'line break inside quotes',
      '"two\nlines",x\ny,z',
      [
        ['two\nlines', 'x'],
        ['y', 'z'],
      ],
    ],
    [
      'CRLF records',
      'a,b\r\nc,d\r\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    [
      'CR records',
      'a,b\rc,d',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['empty fields', ',,', [['', '', '']]],
    ['spaces around unquoted fields trimmed', ' a , b ', [['a', 'b']]],
    ['spaces kept inside quotes', '" a ",b', [[' a ', 'b']]],
  ])('%s', (_label, text, fields) => {
    const { records, problem } = parseCsv(text, ',')
    expect(problem).toBeNull()
    expect(records.map((r) => r.fields)).toEqual(fields)
  })

  test('record lines count the breaks inside quotes', () => {
    const { records } = parseCsv('h\n"a\r\nb"\nc', ',')
    expect(records.map((r) => r.line)).toEqual([1, 2, 4])
  })

  test.each([
    ['"open,1', 'csv.quote.unclosed', 1],
    ['a\nJo "JJ" Smith,1', 'csv.quote.inside', 2],
    ['a\n"Jo" Smith,1', 'csv.quote.trailing', 2],
  ])('%j: %s on line %i', (text, code, line) => {
    expect(parseCsv(text, ',').problem).toMatchObject({ code, line, severity: 'error' })
  })

  test.each([
    ['Name,Rating', ','],
    ['Name;Rating;Club', ';'],
    ['Name\tRating', '\t'],
    ['"Name;x",Rating', ','],
    ['Name', ','],
  ])('delimiter of %j is %j', (header, delimiter) => {
    expect(detectDelimiter(`${header}\nx`)).toBe(delimiter)
  })
})

describe('formats.md "CSV": headers in any order, with synonyms', () => {
  test('name, rating, member id, club, division, email and phone in shuffled order', () => {
    const text = [
      'E-mail;Division;NASPA ID;Player;Rtg;Club;Mobile;Notes',
      'ann@example.org;A;AA001;Alpha, Ann;1850;Lagos;+234 1;first timer',
      ';B;;Bravo, Bob;;;;',
    ].join('\r\n')
    const read = readCsvPlayers(`\uFEFF${text}`)
    expect(read.delimiter).toBe(';')
    expect(read.problems).toEqual([])
    expect(read.ignoredColumns).toEqual(['Notes'])
    expect(read.rows).toEqual([
      {
        row: 2,
        name: 'Alpha, Ann',
        rating: 1850,
        memberId: 'AA001',
        club: 'Lagos',
        country: null,
        division: 'A',
        email: 'ann@example.org',
        phone: '+234 1',
        lifetimeGames: null,
        team: null,
      },
      {
        row: 3,
        name: 'Bravo, Bob',
        rating: null,
        memberId: null,
        club: null,
        country: null,
        division: 'B',
        email: null,
        phone: null,
        lifetimeGames: null,
        team: null,
      },
    ])
  })

  test.each([
    ['First name,Last name', 'Ann,Alpha', 'Alpha, Ann'],
    ['Given,Surname', 'Ann,Alpha', 'Alpha, Ann'],
    ['surname', 'Alpha', 'Alpha'],
    ['Prénom,Nom', 'Ann,Alpha Ann', 'Alpha Ann'],
    ['NAME,first_name', '"Alpha, Ann",Zed', 'Alpha, Ann'],
  ])('header %j, row %j -> name %j', (header, row, name) => {
    const read = readCsvPlayers(`${header}\n${row}`)
    expect(read.problems).toEqual([])
    expect(read.rows[0]?.name).toBe(name)
  })

  test.each([
    ['Rating,Club', 'csv.header.name'],
    ['Name,Player', 'csv.header.duplicate'],
    ['', 'csv.header.name'],
  ])('header %j is refused: %s', (header, code) => {
    const result = importCsvPlayers(`${header}\nx,y`)
    expect(result.ok ? null : result.error.code).toBe(code)
  })

  test('an empty file is refused', () => {
    expect(importCsvPlayers('')).toMatchObject({ ok: false, error: { code: 'csv.empty' } })
  })
})

describe('formats.md "CSV": bad rows are reported by row number, and the import is refused', () => {
  const text = [
    'Name,Rating,Email',
    'Alpha Ann,1850,ann@example.org',
    ',1700,',
    'Charlie Cy,17OO,',
    '',
    'Delta Di,1650,not-an-address',
    'Echo Ed,1600,ed@example.org,extra',
  ].join('\n')

  test.each([
    [3, 'csv.row.name', 'row 3: no name', 'error'],
    [4, 'csv.row.rating', 'row 4: rating "17OO" is not a whole number', 'error'],
    [6, 'csv.row.email', 'row 6: "not-an-address" does not look like an email address', 'warning'],
    [7, 'csv.row.columns', 'row 7: 4 cells for 3 columns (a missing quote?)', 'error'],
  ])('line %i: %s', (line, code, message, severity) => {
    expect(readCsvPlayers(text).problems).toContainEqual({ line, code, message, severity })
  })

  test('the readable rows are listed, the blank row is skipped, and nothing is imported', () => {
    const read = readCsvPlayers(text)
    expect(read.problems).toHaveLength(4)
    expect(read.rows.map((r) => [r.row, r.name])).toEqual([
      [2, 'Alpha Ann'],
      [6, 'Delta Di'],
    ])
    expect(importCsvPlayers(text)).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'csv.row.name', line: 3, details: { errors: 3 } }),
    })
  })

  test('a file broken by an unclosed quote says the rest was not read', () => {
    const read = readCsvPlayers('Name\nAnn\n"Bob\nCy\n')
    expect(read.rows.map((r) => r.name)).toEqual(['Ann'])
    expect(read.problems.map((p) => p.code)).toEqual(['csv.quote.unclosed', 'csv.incomplete'])
  })

  test('warnings alone do not refuse the import', () => {
    const result = importCsvPlayers('Name,Email\nAnn,nope')
    expect(result).toMatchObject({ ok: true, value: [{ name: 'Ann', email: 'nope' }] })
  })
})

describe('hostile CSV: limits refused with the row', () => {
  test('a 40,000-character cell is refused with its row and the limit', () => {
    const read = readCsvPlayers(`Name,Club\nAnn,${'x'.repeat(40_000)}\n`)
    expect(read.problems).toContainEqual(
      expect.objectContaining({ code: 'csv.row.cell-length', severity: 'error' }),
    )
    expect(read.problems[0]?.message).toMatch(/^row 2: .*at most 1000/)
  })

  test('more rows than the limit are refused, not read', () => {
    const read = readCsvPlayers(
      ['Name', ...Array.from({ length: 20_001 }, (_, i) => `P${String(i)}`)].join('\n'),
    )
    expect(read.rows).toEqual([])
    expect(read.problems[0]?.code).toBe('csv.limit')
  })
})
