import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { standingsByRoundFromTFile } from '../standings/from-t-file'
import { rulesFromPreset } from '../rules/presets'
import type { RuleSet } from '../rules/rule-set'
import { fold } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { standingsLine } from '../tournament/test-support/event'
import type { GamePairing, TournamentState } from '../tournament/types'
import { standingsAsOf } from '../tournament/views'
import { parseConfigTsh } from './config-tsh'
import { parseTFile } from './t-file'
import type { TDivisionFile } from './t-file-types'
import { eventFromConfig, importTDivision, importTshEvent, readEventDate } from './t-import'

const fixture = (name: string): string =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'latin1')

function parsed(text: string): TDivisionFile {
  const file = parseTFile(text)
  if (!file.ok) throw new Error(`does not parse: ${file.error.message}`)
  return file.value
}

const nsa = rulesFromPreset('nsa1995')

function build(file: TDivisionFile, rules: RuleSet = nsa, rounds?: number): TournamentState {
  const imported = importTDivision(file, {
    division: 'A',
    rules,
    ...(rounds === undefined ? {} : { rounds }),
  })
  if (!imported.ok) throw new Error(`${imported.error.code}: ${imported.error.message}`)
  return foldCommands([
    {
      type: 'createTournament',
      info: {
        name: 'Imported',
        venue: '',
        startDate: '2026-01-01',
        endDate: '2026-01-01',
        rounds: rounds ?? Math.max(1, imported.value.rounds),
      },
      rules,
    },
    { type: 'addDivision', name: 'A' },
    ...imported.value.commands,
  ])
}

function foldCommands(commands: readonly Command[]): TournamentState {
  const state = fold(
    't',
    commands.map((command, seq) => ({ seq, at: '2026-01-01T00:00:00.000Z', command })),
  )
  if (!state.ok)
    throw new Error(`${state.error.code} at ${state.error.seq}: ${state.error.message}`)
  if (state.value === undefined) throw new Error('no state')
  return state.value
}

function standings(state: TournamentState, round: number): string {
  const rows = standingsAsOf(state, 'A', round)
  if (!rows.ok) throw new Error(rows.error.message)
  return standingsLine(rows.value)
}

describe('formats.md worked example (worked-example.t) imported as commands', () => {
  const state = build(parsed(fixture('worked-example.t')))

  test.each([
    { round: 1, line: '1 Ed 1–0 +50; 2 Ann 1–0 +40; 3 Cy 1–0 +8; 4 Di 0–1 −8; 5 Bob 0–1 −40' },
    { round: 2, line: '1 Ann 2–0 +94; 2 Ed 1½–½ +50; 3 Di 1–1 +42; 4 Cy 1–1 −46; 5 Bob ½–1½ −40' },
    // formats.md: Di withdrew (off −50) and is dropped; Cy's no-show gives Bob +50, Cy −50.
    { round: 3, line: '1 Ann 3–0 +116; 2 Ed 1½–1½ +28; 3 Bob 1½–1½ +10; 4 Cy 1–2 −96' },
  ])('formats.md, tsh .t: standings after round $round', ({ round, line }) => {
    // The file writes "Surname, Given"; formats.md's text uses the given names.
    expect(standings(state, round).replace(/\w+, (\w+)/g, '$1')).toBe(line)
  })

  test('formats.md: opponent 0 at +50 and −50 in one round is one forfeit game (NSA VII.J.2)', () => {
    const round3 = state.divisions[0]?.rounds[2]
    expect(round3?.results.map((r) => r?.result.kind)).toEqual(['played', 'forfeit'])
    expect(round3?.results[1]?.result).toMatchObject({ winner: 2, loser: 3, spread: 50 })
  })

  test('formats.md: off withdraws Di from round 3, before round 3 is paired', () => {
    expect(state.divisions[0]?.players[3]?.status).toEqual({ kind: 'withdrawn', fromRound: 3 })
  })

  test('formats.md: p12 1/2 is who went first; a bye (opponent 0, +50) has no start', () => {
    const round1 = state.divisions[0]?.rounds[0]
    expect(round1?.pairings[0]).toMatchObject({ start: { kind: 'director', starter: 1 } })
    expect(round1?.results[1]?.first).toBe(4)
    expect(round1?.pairings[2]).toMatchObject({ kind: 'bye', player: 5 })
  })

  test('every tag is kept on the player (formats.md: keep every tag)', () => {
    expect(state.divisions[0]?.players[3]?.tsh?.tags).toEqual([
      { name: 'off', values: ['-50'] },
      { name: 'p12', values: ['1', '0', '1'] },
    ])
  })
})

describe('mgi-2022 division A with its config.tsh: every rrank reproduced by the folded log', () => {
  const file = parsed(fixture('mgi-2022/a.t'))
  const config = parseConfigTsh(fixture('mgi-2022/config.tsh')).config
  const imported = importTshEvent(
    config,
    new Map([
      ['a.t', file],
      ['b.t', { players: [], comments: [] }],
    ]),
    { fallbackDate: '2022-02-19' },
  )
  if (!imported.ok) throw new Error(imported.error.message)
  const state = foldCommands(imported.value.commands)
  const fromFile = standingsByRoundFromTFile(file)
  if (!fromFile.ok) throw new Error(fromFile.error.message)

  test('config.tsh maps: 12 rounds, bye spread 100, event name and date', () => {
    expect(state.info).toMatchObject({
      name: 'MGI SCRABBLE PREMIER LEAGUE 2022 - MATCH DAY ONE',
      startDate: '2021-02-19',
      rounds: 12,
    })
    expect(state.rules.results.byeSpread).toBe(100)
    expect(state.divisions.map((d) => d.name)).toEqual(['A', 'B'])
  })

  test('the ignored config keys and commands are reported', () => {
    expect(imported.value.ignored).toEqual(expect.arrayContaining(['director_name', 'begin']))
    // Read into each division's prize table (issue 14), so no longer ignored.
    expect(imported.value.ignored).not.toContain('prize')
    expect(imported.value.ignored).not.toContain('bye_spread')
    expect(imported.value.ignored).not.toContain('gibson')
  })

  test('tsh prize lines (rank 1..5 per division) become each division’s prize table (issue 14)', () => {
    const a = state.divisions[0]?.prizes
    expect(a?.prizes.map((p) => [p.kind, p.place, p.value])).toEqual([
      ['place', 1, '1,500,000+TROPHY'],
      ['place', 2, '800,000'],
      ['place', 3, '500,000'],
      ['place', 4, '300,000'],
      ['place', 5, '200,000'],
    ])
    expect(state.divisions[1]?.prizes?.prizes.map((p) => p.value)).toEqual([
      '1,000,000',
      '500,000',
      '300,000',
      '200,000',
      '100,000',
    ])
  })

  test('gibson, gibson_spread and prize_bands become each division’s prize contention (issue 10); contenders in the last 3 rounds as tsh ChewPair', () => {
    expect(state.divisions.map((d) => [d.name, d.contention])).toEqual([
      ['A', { gibson: true, prizeBands: [1, 2, 3, 4, 5], maxSpread: 400, contenderRounds: 3 }],
      ['B', { gibson: true, prizeBands: [1, 2, 3, 4, 5], maxSpread: 400, contenderRounds: 3 }],
    ])
  })

  test('tsh config pairing_system manual: every division is paired by hand in Rackside', () => {
    expect(imported.value.ignored).not.toContain('pairing_system')
    expect(state.divisions.map((d) => d.plan.map((step) => step.system))).toEqual(
      state.divisions.map(() => ['manual']),
    )
  })

  test('the board tag gives the table numbers', () => {
    const table = (state.divisions[0]?.rounds[0]?.pairings as GamePairing[]).find((p) =>
      p.players.includes(1),
    )?.table
    expect(table).toBe(2)
  })

  const cases = file.players.flatMap((line) =>
    Array.from({ length: 12 }, (_, k) => ({
      id: line.id,
      name: line.name,
      round: k + 1,
      expected: Number(line.tags.find((t) => t.name === 'rrank')?.values[k + 1]),
    })),
  )

  test('720 rrank values are checked', () => {
    expect(cases).toHaveLength(720)
  })

  const byRound = new Map(
    Array.from({ length: 12 }, (_, k) => {
      const rows = standingsAsOf(state, 'A', k + 1)
      if (!rows.ok) throw new Error(rows.error.message)
      return [k + 1, rows.value] as const
    }),
  )

  test.each(cases)('formats.md: $name after round $round is ranked $expected', (c) => {
    expect(byRound.get(c.round)?.find((r) => r.player === c.id)?.rank).toBe(c.expected)
    expect(fromFile.value.get(c.round)?.find((r) => r.player === c.id)?.rank).toBe(c.expected)
  })

  test.each(Array.from({ length: 12 }, (_, k) => k + 1))(
    'after round %i the folded standings equal standingsByRoundFromTFile row for row',
    (round) => {
      const strip = (r: {
        rank: number
        player: number
        wins: number
        losses: number
        spread: number
      }) => [r.rank, r.player, r.wins, r.losses, r.spread]
      expect(byRound.get(round)?.map(strip)).toEqual(fromFile.value.get(round)?.map(strip))
    },
  )
})

describe('prize contention a config.tsh leaves out is tsh’s default (issue 18)', () => {
  const importWith = (lines: string) => {
    const config = parseConfigTsh(`division A a.t\nconfig max_rounds = 8\n${lines}\n`).config
    const imported = importTshEvent(config, new Map([['a.t', { players: [], comments: [] }]]), {
      fallbackDate: '2024-08-01',
    })
    if (!imported.ok) throw new Error(imported.error.message)
    return foldCommands(imported.value.commands).divisions[0]?.contention
  }

  test.each([
    [
      'gibson = 1 alone: tsh’s gibson_spread 500 a game (NASPA ruling 2016), contenders in the last 3 rounds (ChewPair)',
      'config gibson = 1',
      { gibson: true, prizeBands: [1, 2, 3], maxSpread: 500, contenderRounds: 3 },
    ],
    [
      'gibson_spread = [250, 200]: the last round’s value, one game',
      'config gibson_spread = [250, 200]',
      { gibson: false, prizeBands: [1, 2, 3], maxSpread: 250, contenderRounds: 3 },
    ],
    ['nothing set: the division keeps the default', '', undefined],
  ])('%s', (_name, lines, expected) => {
    expect(importWith(lines)).toEqual(expected)
  })
})

describe('tsh opponent 0 and tags, line by line (formats.md, "tsh .t")', () => {
  const imported = (text: string, rules: RuleSet = nsa, rounds?: number) =>
    importTDivision(parsed(text), {
      division: 'A',
      rules,
      ...(rounds === undefined ? {} : { rounds }),
    })

  test('a bye at another value than the preset is corrected to the file value', () => {
    const result = imported('Ann 1500 0; 100\n')
    // Issue 11: a round with results was played, so it comes in published.
    expect(result.ok && result.value.commands.map((c) => c.type)).toEqual([
      'registerPlayer',
      'pairRound',
      'publishRound',
      'correctResult',
    ])
    const state = build(parsed('Ann 1500 0; 100\n'))
    expect(standings(state, 1)).toBe('1 Ann 1–0 +100')
    expect(state.divisions[0]?.rounds[0]?.published).toBe(true)
  })

  test('issue 11: a round paired in the file but not played yet comes in unpublished', () => {
    const state = build(
      parsed('Ann 1500 2 3; 400\nBob 1400 1 4; 300\nCy 1300 4 1; 350\nDi 1200 3 2; 360\n'),
    )
    expect(state.divisions[0]?.rounds.map((r) => r.published)).toEqual([true, false])
  })

  test('a score of 0 against opponent 0 leaves the player unpaired: neither win nor loss', () => {
    const state = build(parsed('Ann 1500 2 0; 400 0\nBob 1400 1 0; 380 0\n'), nsa, 2)
    expect(state.divisions[0]?.rounds).toHaveLength(1)
    expect(standings(state, 2)).toBe('1 Ann 1–0 +20; 2 Bob 0–1 −20')
  })

  test('two forfeit losses of one size are a double forfeit', () => {
    const state = build(parsed('Ann 1500 0; -50\nBob 1400 0; -50\n'))
    expect(state.divisions[0]?.rounds[0]?.results[0]?.result.kind).toBe('doubleForfeit')
    expect(standings(state, 1)).toBe('1 Ann 0–1 −50; 1 Bob 0–1 −50')
  })

  test('a forfeit loss nothing matches is refused at its line', () => {
    const result = imported('# note\nAnn 1500 0; -50\nBob 1400 0; 50\nCy 1300 0; -100\n')
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error).toMatchObject({ code: 'timport.forfeit.alone', line: 4 })
  })

  test('NSA IV.J.3: penalty -10 in round 2 becomes a 10-point penalty in round 2', () => {
    const state = build(parsed('Ann 1500 2 2; 400 400; penalty 0 -10\nBob 1400 1 1; 300 300\n'))
    expect(state.divisions[0]?.penalties).toEqual([
      { player: 1, round: 2, points: 10, reason: 'tsh penalty' },
    ])
    expect(standings(state, 2)).toBe('1 Ann 2–0 +190; 2 Bob 0–2 −200')
  })

  test('a positive penalty (a spread bonus) is refused with its line', () => {
    const result = imported('Ann 1500 2; 400; penalty 5\nBob 1400 1; 300\n')
    expect(!result.ok && result.error).toMatchObject({ code: 'timport.penalty.bonus', line: 1 })
  })

  test('a paired round without scores is paired, with no results', () => {
    const state = build(parsed('Ann 1500 2 2; 400\nBob 1400 1 1; 300\n'))
    expect(state.divisions[0]?.rounds).toHaveLength(2)
    expect(state.divisions[0]?.rounds[1]?.results).toEqual([null])
  })

  test('p12 3 is a draw for first, 4 stays undecided', () => {
    const state = build(parsed('Ann 1500 2 2; 400 380; p12 3 4\nBob 1400 1 1; 300 390; p12 3 4\n'))
    const rounds = state.divisions[0]?.rounds
    expect(rounds?.[0]?.pairings[0]).toMatchObject({ start: { kind: 'rule', starter: null } })
    expect(rounds?.[1]?.pairings[0]).toMatchObject({ start: { kind: 'undecided' } })
    expect(rounds?.[0]?.results[0]?.first).toBeNull()
  })

  test('a rating that is not a whole number is kept as text and counted as unrated', () => {
    const result = imported('Ann 1500.5 0; 50\n')
    expect(result.ok && result.value.warnings.map((w) => w.code)).toEqual(['timport.rating.kept'])
    expect(result.ok && result.value.commands[0]).toMatchObject({
      player: { rating: 0 },
      tsh: { ratingText: '1500.5' },
    })
  })

  test('an inconsistent file is refused with the first error and its line', () => {
    const result = imported('Ann 1500 2; 400\nBob 1400 3; 380\nCy 1300 2; 410\n')
    expect(!result.ok && result.error).toMatchObject({
      code: 'tfile.opponent.asymmetric',
      line: 1,
    })
  })

  test('a score no game can have is refused with its line', () => {
    const result = imported('Ann 1500 2; 1400\nBob 1400 1; 1499\n', {
      ...nsa,
      results: { ...nsa.results, maxScore: 1000 },
    })
    expect(!result.ok && result.error).toMatchObject({ code: 'score.out-of-range', line: 1 })
  })
})

describe('event dates as config.tsh writes them', () => {
  test.each([
    ['2022-02-19', '2022-02-19'],
    ['February 19, 2021', '2021-02-19'],
    ['Feb 19-20, 2022', '2022-02-19'],
    ['19 February 2022', '2022-02-19'],
    ['19th Feb 2022', '2022-02-19'],
    ['Februar 30, 2022', null],
    ['sometime', null],
  ])('%s -> %s', (text, iso) => {
    expect(readEventDate(text)).toBe(iso)
  })
})

describe('issue 20: nonsense in a .t is refused with its line (and column), never imported', () => {
  /** The refusal as the app and the CLI meet it: reading first, then the import's own checks. */
  function refusal(text: string) {
    const read = parseTFile(text)
    if (!read.ok) return read.error
    const imported = importTDivision(read.value, { division: 'A', rules: nsa })
    return imported.ok ? null : imported.error
  }

  test.each([
    [
      'a second byte-order mark inside a name (two files joined)',
      '\uFEFFAnn 1500 2; 400; p12 1\nBo\uFEFFb 1400 1; 350; p12 2\n',
      { line: 2, column: 3, code: 'text.bom.inside' },
    ],
    [
      'a NUL inside a line (a damaged disk)',
      'Ann 1500 2; 400\nBob 1400 1; 350\0\n',
      { line: 2, column: 16, code: 'text.control' },
    ],
    [
      'a second p12 on one line (tsh keeps one and drops the other)',
      'Ann 1500 2; 400; p12 1; p12 2\nBob 1400 1; 350; p12 2\n',
      { line: 1, column: 25, code: 'tfile.tag.repeated' },
    ],
    [
      'any tag given twice (board)',
      'Ann 1500 2; 400; board 1\nBob 1400 1; 350; board 1;board 2\n',
      { line: 2, column: 26, code: 'tfile.tag.repeated' },
    ],
    [
      'a p12 other than 0-4 (formats.md: 0 no game, 1, 2, 3 draw, 4 unknown)',
      'Ann 1500 2; 400; p12 1\nBob 1400 1; 350; p12 7\n',
      { line: 2, code: 'tfile.p12.value' },
    ],
    [
      'a score over 1500 (no Scrabble game scores that)',
      'Ann 1500 2; 4000\nBob 1400 1; 350\n',
      { line: 1, code: 'tfile.score.out-of-range' },
    ],
    [
      'a score far below any forfeit',
      'Ann 1500 2; 400\nBob 1400 1; -5000\n',
      { line: 2, code: 'tfile.score.out-of-range' },
    ],
  ])('%s', (_, text, expected) => {
    expect(refusal(text)).toMatchObject(expected)
  })

  test('the same file without the nonsense imports (each row fails for its own reason)', () => {
    expect(refusal('Ann 1500 2; 400; p12 1\nBob 1400 1; 350; p12 2\n')).toBeNull()
  })

  test('a DOS end-of-file mark (Ctrl-Z) after the last line is the end of the file, not nonsense', () => {
    expect(refusal('Ann 1500 2; 400; p12 1\nBob 1400 1; 350; p12 2\n\u001a')).toBeNull()
    expect(refusal('Ann 1500 2; 400; p12 1\r\nBob 1400 1; 350; p12 2\u001a')).toBeNull()
  })

  test.each([
    ['max_rounds 0 (was silently replaced by the file rounds)', 'config max_rounds = 0', 2],
    ['a negative round count', 'config max_rounds = -4', 2],
  ])('a whole event: %s is refused with its config line', (_, line, at) => {
    const config = parseConfigTsh(`division A a.t\n${line}\n`)
    expect(config.problems).toEqual([])
    const imported = importTshEvent(
      config.config,
      new Map([['a.t', parsed('Ann 1500 2; 400\nBob 1400 1; 350\n')]]),
      { fallbackDate: '2022-02-19' },
    )
    expect(imported.ok ? null : imported.error).toMatchObject({
      code: 'tsh.config.type',
      line: at,
    })
  })
})

describe('issue 28: a penalty the desk refuses is refused at its .t line, not as "command N" later', () => {
  test.each([['-99999999999'], ['-10001']])('penalty %s', (penalty) => {
    const result = importTDivision(
      parsed(`Ann 1500 2; 400; penalty ${penalty}\nBob 1400 1; 300\n`),
      { division: 'A', rules: nsa },
    )
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'penalty.points-invalid', line: 1, details: { player: 1, round: 1 } },
    })
    expect(result.ok ? '' : result.error.message).toContain(
      `Ann (#1): penalty ${penalty} in round 1`,
    )
  })
})

describe('issue 28: an event_name the app refuses is noted at its line and the title used', () => {
  test.each([
    { case: 'too long', name: 'N'.repeat(101), why: 'is longer than 100 characters' },
    { case: 'a text-direction mark', name: 'Spring\u202eOpen', why: 'holds a text-direction mark' },
  ])('$case', ({ name, why }) => {
    const config = parseConfigTsh(`division A a.t\nconfig event_name = '${name}'\n`).config
    const event = eventFromConfig(config, { title: 'spring', fallbackDate: '2026-03-14' })
    expect(event.ok && event.value.name).toBe('spring')
    expect(event.ok && event.value.warnings).toMatchObject([
      { line: 2, code: 'timport.config.event-name', severity: 'warning' },
    ])
    expect(event.ok ? event.value.warnings[0]?.message : '').toContain(`event_name ${why}`)
  })
})
