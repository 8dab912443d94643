import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { parseTFile, readTFile, serializePlayerLine, serializeTFile } from './t-file'
import type { TDivisionFile, TPlayerLine } from './t-file-types'
import { decodeTFileBytes, encodeText } from './text-codec'

const fixture = (name: string): Uint8Array =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url))
const fixtureText = (name: string): string => decodeTFileBytes(fixture(name)).text

const mgi = fixtureText('mgi-2022/a.t')

const mustParse = (text: string): TDivisionFile => {
  const result = parseTFile(text)
  if (!result.ok) throw new Error(`${result.error.code} at line ${String(result.error.line)}`)
  return result.value
}

const player = (file: TDivisionFile, name: string): TPlayerLine => {
  const found = file.players.find((p) => p.name === name)
  if (found === undefined) throw new Error(`no ${name}`)
  return found
}

describe('formats.md "tsh .t": the real MGI 2022 division', () => {
  const file = mustParse(mgi)

  test('has 60 players and 12 rounds, with no reading problems', () => {
    expect(readTFile(mgi).problems).toEqual([])
    expect(file.players).toHaveLength(60)
    expect(file.players.every((p) => p.opponents.length === 12 && p.scores.length === 12)).toBe(
      true,
    )
    expect(file.players.map((p) => p.id)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1))
  })

  test.each([
    [1, 'Karo, Eta', 1739, 31, 477],
    [2, 'Avwenagha, Oshevire', 1716, 32, 424],
    [60, 'Ojior, Osikhena', 1221, 30, 488],
  ])(
    'player #%i reads as %s rated %i (first opponent %i, first score %i)',
    (id, name, rating, opp, score) => {
      const p = file.players[id - 1]
      expect(p).toMatchObject({ id, name, rating, ratingText: String(rating) })
      expect(p?.opponents[0]).toBe(opp)
      expect(p?.scores[0]).toBe(score)
    },
  )

  test('first line keeps every tag in file order with its values', () => {
    const karo = player(file, 'Karo, Eta')
    expect(karo.opponents).toEqual([31, 36, 41, 46, 51, 56, 26, 21, 16, 11, 6, 35])
    expect(karo.scores).toEqual([477, 368, 474, 467, 447, 585, 461, 406, 389, 408, 437, 485])
    expect(karo.tags.map((t) => t.name)).toEqual([
      'board',
      'excwins',
      'newr',
      'p12',
      'rrank',
      'rtime',
      'team',
      'time',
    ])
    expect(karo.tags.find((t) => t.name === 'team')?.values).toEqual(['Airpop', 'Alpha'])
    expect(karo.tags.find((t) => t.name === 'rrank')?.values).toHaveLength(13)
  })

  test('writing it back gives the same bytes (the fixture follows tsh layout, no final newline)', () => {
    expect(file.layout).toEqual({ lineEnding: '\n', finalNewline: false })
    expect(serializeTFile(file)).toBe(mgi)
  })

  test('round trip keeps every name, rating, opponent, score and tag', () => {
    const again = mustParse(serializeTFile({ players: file.players, comments: [] }))
    expect(again.players).toEqual(file.players)
  })
})

describe('formats.md worked example (NSA starts, bye spread 50)', () => {
  const file = mustParse(fixtureText('worked-example.t'))
  const [ann, bob, cy, di, ed] = [
    'Alpha, Ann',
    'Bravo, Bob',
    'Charlie, Cy',
    'Delta, Di',
    'Echo, Ed',
  ].map((n) => player(file, n))

  test.each([
    [
      'round 1: Ann (#1) played Bob (#2), 420-380',
      () => [ann?.opponents[0], ann?.scores[0], bob?.opponents[0], bob?.scores[0]],
      [2, 420, 1, 380],
    ],
    [
      'round 1: Cy (#3) played Di (#4), 410-402',
      () => [cy?.opponents[0], cy?.scores[0], di?.scores[0]],
      [4, 410, 402],
    ],
    ['round 1: Ed has the bye, +50', () => [ed?.opponents[0], ed?.scores[0]], [0, 50]],
    ['round 2: Di has the bye, +50', () => [di?.opponents[1], di?.scores[1]], [0, 50]],
    [
      'round 2: Bob and Ed tie 390-390',
      () => [bob?.opponents[1], bob?.scores[1], ed?.scores[1]],
      [5, 390, 390],
    ],
    ['round 3: Bob +50 for Cy not showing', () => [bob?.opponents[2], bob?.scores[2]], [0, 50]],
    ['round 3: Cy forfeits, -50', () => [cy?.opponents[2], cy?.scores[2]], [0, -50]],
    [
      'round 3: Ann beat Ed 432-410',
      () => [ann?.opponents[2], ann?.scores[2], ed?.scores[2]],
      [5, 432, 410],
    ],
  ])('%s', (_label, actual, expected) => {
    expect(actual()).toEqual(expected)
  })

  test('Di is withdrawn: `off -50` is kept as a tag', () => {
    expect(di?.tags).toEqual([
      { name: 'off', values: ['-50'] },
      { name: 'p12', values: ['1', '0', '1'] },
    ])
  })

  test('is written back byte for byte', () => {
    expect(serializeTFile(file)).toBe(fixtureText('worked-example.t'))
  })
})

describe('formats.md "tsh .t": broken lines are reported with line and column, never thrown', () => {
  const { file, problems } = readTFile(fixtureText('broken.t'))

  test.each([
    [4, 12, 'tfile.rating.missing'],
    [5, 32, 'tfile.opponent.not-a-number'],
    [6, 38, 'tfile.score.not-a-number'],
    [7, 44, 'tfile.tag.name'],
  ])('line %i column %i: %s', (line, column, code) => {
    expect(problems).toContainEqual(
      expect.objectContaining({ line, column, code, severity: 'error' }),
    )
  })

  test('exactly those four problems, and the readable lines keep their ids', () => {
    expect(problems).toHaveLength(4)
    expect(file.players.map((p) => [p.id, p.name])).toEqual([
      [1, 'Alpha, Ann'],
      [2, 'Bravo, Bob'],
    ])
  })

  test('parseTFile refuses the file with the first error and the error count', () => {
    const result = parseTFile(fixtureText('broken.t'))
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'tfile.rating.missing',
        line: 4,
        column: 12,
        details: { errors: 4 },
      }),
    })
  })

  test.each([
    ['only a name', 'Alpha, Ann', 'tfile.rating.missing'],
    ['only numbers', '1850 2 3; 1 2', 'tfile.name.missing'],
    ['score with a letter', 'Alpha, Ann 1850 2; 4o0', 'tfile.score.not-a-number'],
    ['decimal score', 'Alpha, Ann 1850 2; 400.5', 'tfile.score.not-a-number'],
    ['numeric tag name', 'Alpha, Ann 1850 2; 400; 12 1', 'tfile.tag.name'],
  ])('%s: %s -> %s', (_label, line, code) => {
    const result = parseTFile(line)
    expect(result.ok ? null : result.error.code).toBe(code)
  })
})

describe('formats.md "tsh .t": names, ratings and odd fields', () => {
  test.each([
    [
      'trailing comma protects a final digit',
      'Team 3,                 1500 2; 400',
      'Team 3',
      '1500',
      1500,
      [2],
    ],
    [
      'name with a digit inside a word',
      'Smith, Jo2,              900; ',
      'Smith, Jo2',
      '900',
      900,
      [],
    ],
    [
      'non-integer rating kept as text',
      'Doe, Jo 1500.5 2 3; 400 410',
      'Doe, Jo',
      '1500.5',
      null,
      [2, 3],
    ],
    ['negative rating is an integer', 'Doe, Jo -5 0; -50', 'Doe, Jo', '-5', -5, [0]],
    ['no opponents and no scores field', 'Roe, Al 1400', 'Roe, Al', '1400', 1400, []],
    ['inner spacing of the name kept', 'Van  Der, Kim 1400 0;', 'Van  Der, Kim', '1400', 1400, [0]],
  ])('%s', (_label, line, name, ratingText, rating, opponents) => {
    const p = mustParse(line).players[0]
    expect(p).toMatchObject({ name, ratingText, rating, opponents })
  })

  test('a name ending in a digit is written with a trailing comma', () => {
    const p = mustParse('Team 3,                 1500 2; 400').players[0]!
    expect(serializePlayerLine(p)).toBe('Team 3,                 1500 2; 400')
  })

  test('negative and signed scores read as numbers; more opponents than scores is kept', () => {
    const p = mustParse('Alpha, Ann 1850 2 3 4; -50 +100').players[0]!
    expect(p.opponents).toEqual([2, 3, 4])
    expect(p.scores).toEqual([-50, 100])
  })

  test('a changed rating is written as the new number, an unchanged one as written', () => {
    const p = mustParse('Alpha, Ann 01850 2; 400').players[0]!
    expect(serializePlayerLine(p)).toContain(' 01850 2; 400')
    expect(serializePlayerLine({ ...p, rating: 1900 })).toContain('  1900 2; 400')
  })
})

describe('formats.md "tsh .t": line endings, BOM and encodings', () => {
  const lf = fixtureText('worked-example.t')
  const lines = lf.split('\n')

  test.each([
    ['CRLF', '\r\n'],
    ['CR', '\r'],
    ['LF', '\n'],
  ] as const)('%s line endings read the same and are written back', (_label, ending) => {
    const text = lines.join(ending)
    const file = mustParse(text)
    expect(file.players).toEqual(mustParse(lf).players)
    expect(file.layout?.lineEnding).toBe(ending)
    expect(serializeTFile(file)).toBe(text)
  })

  test('a byte-order mark is ignored', () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...fixture('worked-example.t')])
    const decoded = decodeTFileBytes(bytes)
    expect(decoded).toMatchObject({ encoding: 'utf8', hadBom: true })
    expect(mustParse(decoded.text).players).toEqual(mustParse(lf).players)
    expect(mustParse(`\uFEFF${lf}`).players[0]?.name).toBe('Alpha, Ann')
  })

  test.each([
    ['Latin-1 byte F1 is ñ', [0x4e, 0x75, 0xf1, 0x65, 0x7a], 'latin1', 'Nuñez'],
    ['UTF-8 bytes C3 B1 are ñ', [0x4e, 0x75, 0xc3, 0xb1, 0x65, 0x7a], 'utf8', 'Nuñez'],
    ['plain ASCII reads as UTF-8', [0x4e, 0x75, 0x65, 0x7a], 'utf8', 'Nuez'],
    ['overlong UTF-8 is Latin-1', [0xc0, 0xaf], 'latin1', 'À¯'],
  ] as const)('%s', (_label, bytes, encoding, text) => {
    expect(decodeTFileBytes(Uint8Array.from(bytes))).toEqual({ text, encoding, hadBom: false })
  })

  test('a Latin-1 name with ñ reads and writes back to the same bytes', () => {
    const line = `${'Nu\u00f1ez, Jos\u00e9'.padEnd(22)}  1500 0; 50`
    const bytes = encodeText(line, 'latin1')
    if (!bytes.ok) throw new Error(bytes.error.message)
    expect(Array.from(bytes.value).filter((b) => b > 0x7f)).toEqual([0xf1, 0xe9])
    const decoded = decodeTFileBytes(bytes.value)
    expect(decoded.encoding).toBe('latin1')
    const file = mustParse(decoded.text)
    expect(file.players[0]?.name).toBe('Nuñez, José')
    expect(encodeText(serializeTFile(file), 'latin1')).toEqual({
      ok: true,
      value: bytes.value,
    })
  })

  test('Latin-1 refuses a character it cannot hold; UTF-8 round-trips it', () => {
    expect(encodeText('Łukasz', 'latin1')).toMatchObject({
      ok: false,
      error: { code: 'text.encoding.unrepresentable', column: 1 },
    })
    const utf8 = encodeText('Łukasz 😀', 'utf8')
    expect(utf8.ok && decodeTFileBytes(utf8.value).text).toBe('Łukasz 😀')
  })

  test('comments and blank lines stay where they were', () => {
    const text = '# Division A\n\nAlpha, Ann 1850 0; 50\n# late entry\nBravo, Bob 1790 0; 50\n'
    const file = mustParse(text)
    expect(file.comments).toEqual([
      { line: 1, text: '# Division A' },
      { line: 2, text: '' },
      { line: 4, text: '# late entry' },
    ])
    expect(file.players.map((p) => [p.id, p.line])).toEqual([
      [1, 3],
      [2, 5],
    ])
    expect(mustParse(serializeTFile(file))).toEqual(file)
  })
})

// Generated valid files: names that follow the convention (no standalone number inside, letters
// first), integer or decimal ratings, any opponents, scores and tags, comments anywhere.
const word = fc.stringMatching(/^[A-Z][a-z'.-]{0,7}$/)
const nameArb = fc
  .tuple(
    word,
    fc.array(word, { minLength: 1, maxLength: 2 }),
    fc.option(fc.integer({ min: 0, max: 99 })),
  )
  .map(
    ([surname, given, suffix]) =>
      `${surname}, ${given.join(' ')}${suffix === null ? '' : ` ${String(suffix)}`}`,
  )
const ratingArb = fc.oneof(
  fc
    .integer({ min: 0, max: 2999 })
    .map((r) => ({ ratingText: String(r), rating: r as number | null })),
  fc
    .tuple(fc.integer({ min: 0, max: 2999 }), fc.integer({ min: 0, max: 9 }))
    .map(([a, b]) => ({ ratingText: `${String(a)}.${String(b)}`, rating: null as number | null })),
)
const tagArb = fc.record({
  name: fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/),
  values: fc.array(fc.stringMatching(/^[A-Za-z0-9.+-]{1,6}$/), { maxLength: 5 }),
})
const playerArb = fc.record({
  name: nameArb,
  rating: ratingArb,
  opponents: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 6 }),
  scores: fc.array(fc.integer({ min: -200, max: 900 }), { maxLength: 6 }),
  // A tag given twice on a line is refused (issue 20), so generated tags have distinct names.
  tags: fc.uniqueArray(tagArb, { maxLength: 3, selector: (t) => t.name }),
})
const entryArb = fc.oneof(
  { weight: 3, arbitrary: playerArb.map((p) => ({ kind: 'player' as const, p })) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.constant(''), fc.stringMatching(/^#[ -~]{0,20}$/))
      .map((text) => ({ kind: 'comment' as const, text })),
  },
)
const fileArb = fc
  .record({
    entries: fc.array(entryArb, { minLength: 1, maxLength: 12 }),
    lineEnding: fc.constantFrom('\n' as const, '\r\n' as const, '\r' as const),
    finalNewline: fc.boolean(),
  })
  .map(({ entries, lineEnding, finalNewline }): TDivisionFile => {
    const players: TPlayerLine[] = []
    const comments: { line: number; text: string }[] = []
    entries.forEach((e, i) => {
      if (e.kind === 'comment') comments.push({ line: i + 1, text: e.text })
      else {
        const { name, rating, opponents, scores, tags } = e.p
        players.push({
          id: players.length + 1,
          line: i + 1,
          name,
          ...rating,
          opponents,
          scores,
          tags,
        })
      }
    })
    // A blank last line and a final newline are the same bytes; the reader says final newline.
    const lastBlank =
      entries[entries.length - 1]?.kind === 'comment' && comments.at(-1)?.text === ''
    const final = finalNewline || lastBlank
    // One line with no ending says nothing about the ending: the reader assumes \n.
    const ending = entries.length === 1 && !final ? '\n' : lineEnding
    return { players, comments, layout: { lineEnding: ending, finalNewline: final } }
  })

describe('formats.md "tsh .t": property', () => {
  test('parse after serialize gives back the same file', () => {
    fc.assert(
      fc.property(fileArb, (file) => {
        const read = readTFile(serializeTFile(file))
        expect(read.problems).toEqual([])
        expect(read.file).toEqual(file)
      }),
      { numRuns: 300 },
    )
  })
})

describe('hostile .t files: limits refused with the line', () => {
  test('a 40,000-character line is refused at once with its line and the limit', () => {
    const started = performance.now()
    const read = readTFile(`Ann 1500 0; 0\n${' '.repeat(40_000)}x 1500\n`)
    expect(performance.now() - started).toBeLessThan(500)
    expect(read.problems).toContainEqual(
      expect.objectContaining({ line: 2, code: 'tfile.line.too-long', severity: 'error' }),
    )
  })

  test('an opponent or score of more than 9 digits is refused (nothing loops on it)', () => {
    const read = readTFile('Ann 1500 1000000000; 4\nBob 1500 1; 99999999999\n')
    expect(read.problems.map((p) => [p.line, p.code])).toEqual([
      [1, 'tfile.number.too-long'],
      [2, 'tfile.number.too-long'],
    ])
  })
})
