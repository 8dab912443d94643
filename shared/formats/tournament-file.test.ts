import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import { fold } from '../tournament/apply'
import type { Command, LoggedCommand, PlayerKey } from '../tournament/commands'
import { fingerprint } from '../tournament/log'
import { LOG_VERSION } from '../tournament/log-version'
import { ID, logOf, WORKED_EXAMPLE_LOG } from '../tournament/test-support/event'
import { generateLog } from '../tournament/test-support/generate-log'
import { standingsAsOf } from '../tournament/views'
import { WORKED_T } from './__fixtures__/tsh-import-cases'
import {
  checkLog,
  checkLogEntries,
  readTournamentFile,
  tournamentFilePieces,
  writeRawLog,
  writeTournamentFile,
} from './tournament-file'

const SAVED = '2026-03-14T18:00:00.000Z'
const log = logOf(WORKED_EXAMPLE_LOG)
const text = writeTournamentFile(ID, log, SAVED)

/** The file as an object, changed by `edit`, written back as JSON. */
function edited(edit: (file: { [key: string]: unknown; log: unknown[] }) => void): string {
  const file = JSON.parse(text) as { [key: string]: unknown; log: unknown[] }
  edit(file)
  return JSON.stringify(file)
}

const entry = (file: { log: unknown[] }, index: number) =>
  file.log[index] as { seq: number; at: string; command: Record<string, unknown> }

describe('design.md: the tournament file is the command log', () => {
  test('writing then reading gives the same log and the folded state', () => {
    const read = readTournamentFile(text)
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.tournamentId).toBe(ID)
    expect(read.value.savedAt).toBe(SAVED)
    expect(read.value.log).toEqual(log)
    const rows = standingsAsOf(read.value.state, 'A', 3)
    expect(rows.ok && rows.value.map((r) => r.name)).toEqual(['Ann', 'Ed', 'Bob', 'Cy'])
  })

  test('issue 13: undos and the desk of each command survive the file, with the same fingerprints', () => {
    const withDesks: LoggedCommand[] = [
      ...log.map((e, i) => (i % 2 === 0 ? { ...e, desk: 'desk-a' } : e)),
      {
        seq: log.length,
        at: SAVED,
        desk: 'desk-b',
        command: { type: 'undo', seq: log.length - 1 },
      },
    ]
    const read = readTournamentFile(writeTournamentFile(ID, withDesks, SAVED))
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.log).toEqual(withDesks)
    expect(read.value.log.map(fingerprint)).toEqual(withDesks.map(fingerprint))
  })

  test('issue 28: a command mended in place survives the file, both kept, and the log opens', () => {
    const original = log[9]?.command
    if (original?.type !== 'recordResult') throw new Error('the worked example changed')
    // As a damaged copy stored it: a table the round does not have, then mended to its own.
    const damaged = log.map((e, i) =>
      i === 9 ? { ...e, command: { ...original, game: { table: 12 } } } : e,
    )
    const mended: LoggedCommand[] = [
      ...damaged,
      { seq: log.length, at: SAVED, command: { type: 'mendCommand', seq: 9, command: original } },
    ]
    expect(checkLog(ID, damaged)).toMatchObject({ ok: false, error: { seq: 9, kind: 'fold' } })
    const read = readTournamentFile(writeTournamentFile(ID, mended, SAVED))
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.log).toEqual(mended)
    expect(read.value.state).toEqual((fold(ID, log) as { value: unknown }).value)
  })

  test('issue 28: a mend whose command is damaged is named where it is wrong', () => {
    const bad = readTournamentFile(
      writeTournamentFile(
        ID,
        logOf([
          ...WORKED_EXAMPLE_LOG,
          { type: 'mendCommand', seq: 9, command: { type: 'recordResult' } } as unknown as Command,
        ]),
        SAVED,
      ),
    )
    expect(bad).toMatchObject({ ok: false, error: { code: 'tournament-file.command.malformed' } })
    expect(bad.ok ? null : bad.error.message).toMatch(
      /mendCommand\)\.command \(recordResult\)\.division/,
    )
  })

  test('a file written before the hold rule, the draw text and NEON’s overtime takes its preset’s values', () => {
    const old = edited((file) => {
      const rules = entry(file, 0).command['rules'] as Record<string, Record<string, unknown>>
      delete rules['printed']?.['holdRule']
      delete rules['printed']?.['tileDraw']
      delete rules['clock']?.['overtimeIncludedMinutes']
    })
    const read = readTournamentFile(old)
    if (!read.ok) throw new Error(read.error.message)
    const preset = rulesFromPreset('nsa1995')
    expect(read.value.state.rules.printed.tileDraw).toBe(preset.printed.tileDraw)
    expect(read.value.state.rules.printed.holdRule).toBe('call-within')
    expect(read.value.state.rules.clock.overtimeIncludedMinutes).toBe(0)
  })

  test.each([
    ['spring_open_2026', 'a file-name stem (issue 20)'],
    ['a'.repeat(100), 'an id of 100 characters'],
  ])('the id %s is read: %s', (id) => {
    const read = readTournamentFile(writeTournamentFile(id, log, SAVED))
    expect(read.ok && read.value.tournamentId).toBe(id)
  })

  test('issue 22: lifetime games typed at the desk survive the file; a log without them reads as before', () => {
    const withLifeg = logOf([
      ...WORKED_EXAMPLE_LOG.map((c) =>
        c.type === 'registerPlayer' && c.player.name === 'Ann'
          ? { ...c, player: { ...c.player, lifetimeGames: 12 } }
          : c,
      ),
      {
        type: 'editPlayer',
        division: 'A',
        playerId: 2,
        player: { name: 'Bob', rating: 0, memberId: '', club: '', lifetimeGames: 0 },
      },
    ])
    const read = readTournamentFile(writeTournamentFile(ID, withLifeg, SAVED))
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.log).toEqual(withLifeg)
    expect(read.value.state.divisions[0]?.players.map((p) => p.lifetimeGames)).toEqual([
      12,
      0,
      undefined,
      undefined,
      undefined,
    ])
    const old = readTournamentFile(text)
    expect(old.ok && old.value.state.divisions[0]?.players.some((p) => 'lifetimeGames' in p)).toBe(
      false,
    )
    // A value that is not a whole number is refused by the file's schema, naming the command.
    const bad = readTournamentFile(
      writeTournamentFile(
        ID,
        logOf([
          ...WORKED_EXAMPLE_LOG.slice(0, 3),
          {
            type: 'editPlayer',
            division: 'A',
            playerId: 1,
            player: { name: 'Ann', rating: 0, memberId: '', club: '', lifetimeGames: 1.5 },
          },
        ]),
        SAVED,
      ),
    )
    expect(bad.ok ? null : bad.error.message).toMatch(/editPlayer/)
  })

  test('issue 27: player keys, the keys commands name players by and the result a correction replaces survive the file', () => {
    const keyOf = (name: string) => `k-${name.toLowerCase()}`
    const keyed = WORKED_EXAMPLE_LOG.map((c): Command => {
      if (c.type === 'registerPlayer') return { ...c, key: keyOf(c.player.name) }
      return c
    })
    const players = fold(ID, logOf(keyed))
    if (!players.ok || players.value === undefined) throw new Error('the example folds')
    const roster = players.value.divisions[0]?.players ?? []
    const keyFor = (player: number): PlayerKey => ({
      player,
      key: roster[player - 1]?.key ?? '',
    })
    const last = keyed.filter((c) => c.type === 'recordResult' && c.result.kind === 'played').at(-1)
    if (last?.type !== 'recordResult' || last.result.kind !== 'played') {
      throw new Error('the example has a played result')
    }
    const seated = last.result.players.map(keyFor)
    const withKeys = logOf([
      ...keyed.map((c) => (c === last ? { ...c, keys: seated } : c)),
      {
        type: 'registerPlayers',
        division: 'A',
        players: [{ player: { name: 'Flo', rating: 0, memberId: '', club: '' }, key: 'k-flo' }],
      },
      { type: 'checkIn', division: 'A', player: 1, day: '2026-03-14', keys: [keyFor(1)] },
      { type: 'cancelCheckIn', division: 'A', player: 1, day: '2026-03-14', keys: [keyFor(1)] },
      {
        type: 'assignPenalty',
        division: 'A',
        player: 2,
        round: 3,
        points: 10,
        reason: 'slow',
        keys: [keyFor(2)],
      },
      {
        ...last,
        type: 'correctResult',
        result: { ...last.result, scores: [401, 388], rawScores: [401, 388] },
        replaces: last.result,
        keys: seated,
      },
    ])
    const read = readTournamentFile(writeTournamentFile(ID, withKeys, SAVED))
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.log).toEqual(withKeys)
    expect(read.value.log.map(fingerprint)).toEqual(withKeys.map(fingerprint))
    expect(read.value.state.divisions[0]?.players.map((p) => p.key)).toEqual([
      ...roster.map((p) => p.key),
      'k-flo',
    ])
    // A log written before keys reads as before: each key derived from division and number.
    const old = readTournamentFile(text)
    expect(old.ok && old.value.state.divisions[0]?.players.map((p) => p.key)).toEqual([
      'A#1',
      'A#2',
      'A#3',
      'A#4',
      'A#5',
    ])
    // A key of the wrong shape is refused by the file's schema, naming the command.
    const bad = readTournamentFile(
      writeTournamentFile(
        ID,
        logOf([
          ...keyed,
          { type: 'checkIn', division: 'A', player: 1, day: '2026-03-14', keys: [{ player: 1 }] },
        ] as Command[]),
        SAVED,
      ),
    )
    expect(bad.ok ? null : bad.error.message).toMatch(/checkIn.*keys\[0\]\.key/s)
  })

  test('issue 20: the version each command was stored by survives the file', () => {
    const stamped = log.map((e) => ({ ...e, version: 1 }))
    const read = readTournamentFile(writeTournamentFile(ID, stamped, SAVED))
    expect(read.ok && read.value.log).toEqual(stamped)
  })

  test('issue 21: the proposal id an authority accepted each command under survives the file, with the same fingerprints', () => {
    const accepted = log.map((e, i) =>
      i % 2 === 1 ? { ...e, desk: 'desk-b', proposal: `p-${i}` } : e,
    )
    const read = readTournamentFile(writeTournamentFile(ID, accepted, SAVED))
    expect(read.ok && read.value.log).toEqual(accepted)
    expect(read.ok && read.value.log.map(fingerprint)).toEqual(accepted.map(fingerprint))
  })

  test('issue 27: the desk’s name the authority logged survives the file; a name that is not text is named', () => {
    const named = log.map((e, i) =>
      i % 2 === 1 ? { ...e, desk: 'd2', deskName: 'Desk 2', proposal: `p-${i}` } : e,
    )
    const read = readTournamentFile(writeTournamentFile(ID, named, SAVED))
    expect(read.ok && read.value.log).toEqual(named)
    const damaged = JSON.parse(writeTournamentFile(ID, named, SAVED)) as { log: object[] }
    damaged.log[1] = { ...damaged.log[1], deskName: 2 }
    const refused = readTournamentFile(JSON.stringify(damaged))
    expect(!refused.ok && refused.error.message).toContain('log[1].deskName')
  })

  test('the header comes first, pretty-printed, with a final newline', () => {
    expect(text.startsWith('{\n  "format": "rackside-tournament",\n  "version": 1,\n')).toBe(true)
    expect(text.endsWith('}\n')).toBe(true)
  })

  test('stable: the same log written from objects built in another key order is the same text', () => {
    const shuffled: LoggedCommand[] = log.map((e) => ({
      command: Object.fromEntries(Object.entries(e.command).reverse()) as typeof e.command,
      at: e.at,
      seq: e.seq,
    }))
    expect(writeTournamentFile(ID, shuffled, SAVED)).toBe(text)
  })

  test('property: any prefix of the log that starts the tournament is written and read back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: log.length }), (n) => {
        const read = readTournamentFile(writeTournamentFile(ID, log.slice(0, n), SAVED))
        return read.ok && read.value.log.length === n
      }),
    )
  })
})

describe('a tsh .t opened as a tournament file points to the import (issue 28)', () => {
  test.each([
    {
      what: 'the worked example',
      input: WORKED_T,
      message: '(5 player lines, the first “Alpha, Ann”)',
    },
    {
      what: 'one line, no newline',
      input: 'Smith, Ann 1500 0; 0',
      message: '(1 player line, the first “Smith, Ann”)',
    },
  ])('$what: named as a .t, with the import’s button', ({ input, message }) => {
    const read = readTournamentFile(input)
    expect(read.ok ? null : read.error.code).toBe('tournament-file.json')
    const said = read.ok ? '' : read.error.message
    expect(said).toContain('it reads as a tsh .t file')
    expect(said).toContain(message)
    expect(said).toContain('“Import tsh .t file…” on the Files screen')
    expect(said).not.toContain('damaged')
  })

  test.each(['hello', text.slice(0, text.length / 2), ''])(
    'damaged JSON is still called damaged (%#)',
    (input) => {
      const read = readTournamentFile(input)
      expect(read.ok ? '' : read.error.message).toContain('the JSON is damaged or cut short')
    },
  )
})

describe('a damaged or foreign file is refused with what is wrong and where, never thrown', () => {
  test.each([
    { what: 'not JSON', input: 'hello', code: 'tournament-file.json' },
    { what: 'cut short', input: text.slice(0, text.length / 2), code: 'tournament-file.json' },
    { what: 'empty', input: '', code: 'tournament-file.json' },
    { what: 'a list', input: '[]', code: 'tournament-file.format' },
    {
      what: 'another format',
      input: edited((f) => (f.format = 'tsh')),
      code: 'tournament-file.format',
      message: '"format" is string "tsh"',
    },
    {
      what: 'a newer version',
      input: edited((f) => (f.version = 2)),
      code: 'tournament-file.version.newer',
      message: 'made by a newer Rackside',
    },
    {
      what: 'no tournament id',
      input: edited((f) => delete f.tournamentId),
      code: 'tournament-file.header',
      message: 'tournamentId should be a string, not missing',
    },
    {
      what: 'a tournament id that climbs out of the backup folder (issue 13)',
      input: edited((f) => (f.tournamentId = '../../etc')),
      code: 'tournament-file.id',
      message: 'The tournament id "../../etc" must start with a letter or a digit',
    },
    {
      what: 'a tournament id of 101 characters (issue 20: one rule for ids)',
      input: edited((f) => (f.tournamentId = 'a'.repeat(101))),
      code: 'tournament-file.id',
      message: 'at most 100',
    },
    {
      what: 'a command written by a newer Rackside (issue 20)',
      input: edited((f) => ((entry(f, 3) as Record<string, unknown>)['version'] = 99)),
      code: 'tournament-file.command.newer',
      message: 'command 3 (registerPlayer) was written by a newer Rackside (log version 99',
    },
    {
      what: 'a command version that is not a whole number',
      input: edited((f) => ((entry(f, 3) as Record<string, unknown>)['version'] = 'two')),
      code: 'tournament-file.entry',
      message: 'log[3].version should be a whole number',
    },
    {
      what: 'a proposal id that is not text (issue 21)',
      input: edited((f) => ((entry(f, 3) as Record<string, unknown>)['proposal'] = 7)),
      code: 'tournament-file.entry',
      message: 'log[3].proposal should be',
    },
    {
      what: 'an empty log',
      input: edited((f) => (f.log = [])),
      code: 'tournament-file.log.empty',
    },
    {
      what: 'a gap in seq',
      input: edited((f) => f.log.splice(4, 1)),
      code: 'tournament-file.seq',
      message: 'log[4].seq is 5',
    },
    {
      what: 'an entry without its time',
      input: edited((f) => delete (f.log[3] as { at?: string }).at),
      code: 'tournament-file.entry',
      message: 'log[3].at should be a string, not missing',
    },
    {
      what: 'an unknown command',
      input: edited((f) => (entry(f, 2).command.type = 'teleport')),
      code: 'tournament-file.command.unknown',
      message: 'command 2: "teleport"',
    },
    {
      what: 'a command missing a field',
      input: edited((f) => delete entry(f, 7).command.round),
      code: 'tournament-file.command.malformed',
      message: 'command 7 (pairRound).round should be a whole number, not missing',
    },
    {
      what: 'a result of an unknown kind',
      input: edited((f) => ((entry(f, 9).command.result as { kind: string }).kind = 'draw')),
      code: 'tournament-file.command.malformed',
      message: 'command 9 (recordResult).result.kind should be one of played, bye',
    },
    {
      what: 'rules of an unknown preset',
      input: edited((f) => ((entry(f, 0).command.rules as { preset: string }).preset = 'x')),
      code: 'tournament-file.command.malformed',
      message: 'command 0 (createTournament).rules.preset should be one of',
    },
    {
      what: 'a result for a table the round does not have',
      input: edited((f) => (entry(f, 9).command.game = { table: 12 })),
      code: 'tournament-file.fold',
      message: 'command 9 (recordResult): Round 1 has no table 12.',
    },
    {
      what: 'a log that does not start with createTournament',
      input: edited((f) => {
        f.log.shift()
        f.log.forEach((e, i) => ((e as { seq: number }).seq = i))
      }),
      code: 'tournament-file.fold',
      message: 'command 0 (addDivision)',
    },
  ])('$what: $code', ({ input, code, message }) => {
    const read = readTournamentFile(input)
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.error.code).toBe(code)
    if (message !== undefined) expect(read.error.message).toContain(message)
  })

  test.each([
    ['a doubled comma', '{\n  "format": "rackside-tournament",\n  "version": 1,,\n}', 3, 16],
    ['cut short (the engine gives no position)', '{\n  "format": "rackside-tournament",\n', 3, 1],
    ['a byte-order mark is not counted', '\uFEFF{\n  "format" "x"\n}', 2, 12],
    ['\r\n line ends', '{\r\n  "log": [1,]\r\n}', 2, 13],
  ])('issue 20: a damaged JSON names line and column: %s', (_, input, line, column) => {
    const read = readTournamentFile(input)
    expect(read.ok ? null : read.error).toMatchObject({
      code: 'tournament-file.json',
      line,
      column,
    })
    expect(read.ok ? '' : read.error.message).toContain(
      `line ${String(line)}, column ${String(column)}`,
    )
  })

  test('issue 20: every damage that breaks the JSON is refused with its line and column', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.integer({ min: 0, max: text.length }),
        (junk, at) => {
          const damaged = text.slice(0, at) + junk + text.slice(at + junk.length)
          const read = readTournamentFile(damaged)
          if (read.ok || read.error.code !== 'tournament-file.json') return
          expect(read.error.line).toBeGreaterThanOrEqual(1)
          expect(read.error.column).toBeGreaterThanOrEqual(1)
        },
      ),
      { numRuns: 500 },
    )
    for (let cut = 0; cut < text.length; cut += 97) {
      const read = readTournamentFile(text.slice(0, cut))
      expect(read.ok ? null : read.error).toMatchObject({ code: 'tournament-file.json' })
      expect(read.ok ? undefined : read.error.column).toBeGreaterThanOrEqual(1)
    }
  })

  test('issue 20: a refused command names the line where it starts in the file', () => {
    // Pretty-printed as Rackside writes, so each command starts on its own line.
    const damaged = JSON.stringify(
      JSON.parse(
        edited((f) => {
          entry(f, 3).command.type = 'noSuchCommand'
        }),
      ),
      null,
      2,
    )
    const starts = [...damaged.matchAll(/\n {4}\{/g)].map((m) => m.index + 1)
    const expectedLine = damaged.slice(0, starts[3]).split('\n').length
    const read = readTournamentFile(damaged)
    expect(read.ok ? null : read.error).toMatchObject({ line: expectedLine, column: 5 })
  })

  test.each([
    ['a foreign format', '{\n  "format": "other",\n  "version": 1\n}', 2, 13],
    [
      'a version from the future',
      `{\n  "format": "rackside-tournament",\n  "version": 99\n}`,
      3,
      14,
    ],
  ])("issue 20: a header refusal names its field's line: %s", (_, input, line, column) => {
    const read = readTournamentFile(input)
    expect(read.ok ? null : read.error).toMatchObject({ line, column })
  })

  test('property: no text makes the reader throw', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: text.length }), (junk, at) => {
        const damaged = text.slice(0, at) + junk + text.slice(at + junk.length)
        expect(() => readTournamentFile(damaged)).not.toThrow()
      }),
      { numRuns: 300 },
    )
  })

  test('property: any JSON value in place of a command field is refused, never thrown', () => {
    const entries = (JSON.parse(text) as { log: { command: Record<string, unknown> }[] }).log
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: entries.length - 1 }),
        fc.jsonValue(),
        (index, value) => {
          const damaged = edited((f) => {
            const command = entry(f, index).command
            const keys = Object.keys(command).filter((k) => k !== 'type')
            const key = keys[value === null ? 0 : keys.length - 1]
            if (key !== undefined) command[key] = value
          })
          expect(() => readTournamentFile(damaged)).not.toThrow()
        },
      ),
      { numRuns: 300 },
    )
  })
})

/* ---------- issue 20: a stored log, checked on load as a file is ---------- */

/** A real log with undos, redos and desks: the worked example and a made-up event of 12 × 4. */
const STORED_LOGS: readonly (readonly LoggedCommand[])[] = [
  log,
  [
    ...generateLog({ players: 12, rounds: 4, seed: 7, starts: 'given' }).map((e, i) => ({
      ...e,
      desk: i % 3 === 0 ? 'desk-a' : 'desk-b',
      version: LOG_VERSION,
    })),
  ],
]

type Path = readonly (string | number)[]

/** Every place in a value a damage can hit: each field and list item, at every depth. */
function pathsOf(value: unknown, at: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return []
  const keys: (string | number)[] = Array.isArray(value)
    ? value.map((_, i) => i)
    : Object.keys(value)
  return keys.flatMap((key) => [
    [...at, key],
    ...pathsOf((value as Record<string | number, unknown>)[key], [...at, key]),
  ])
}

const DELETE = Symbol('delete')

/** `value` with one field replaced (or removed): what a damaged row or a bad disk leaves. */
function damaged(value: unknown, path: Path, replacement: unknown): unknown {
  const copy: unknown = structuredClone(value)
  let parent = copy as Record<string | number, unknown>
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
  const last = path.at(-1)
  if (last === undefined) return replacement
  if (replacement === DELETE) Reflect.deleteProperty(parent, last)
  else parent[last] = replacement
  return copy
}

/** What IndexedDB's structured clone can hold, beyond JSON: every one of them seen in a row. */
const STRANGE = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(DELETE, undefined, NaN, Infinity, -1, 1e300, '', 'undo', 'recordResult'),
  fc.bigInt(),
  fc.date({ noInvalidDate: true }),
  fc.constantFrom(new Map(), new Set([1]), [undefined], { type: 'futureCommand', seq: 0 }),
)

describe('checkLog: every stored command is checked on load as a file is (issue 20)', () => {
  test('a whole stored log gives its state, the same as the fold', () => {
    for (const stored of STORED_LOGS) {
      const checked = checkLog(ID, stored)
      const folded = fold(ID, stored)
      expect(checked.ok && folded.ok && checked.value.state).toEqual(folded.ok && folded.value)
    }
  })

  test.each([
    [
      'a command of a type this version does not know (an older copy, a newer log)',
      (l: unknown[]) => (l[5] = { ...(l[5] as object), command: { type: 'shuffleDivisions' } }),
      {
        seq: 5,
        kind: 'unknown',
        type: 'shuffleDivisions',
        code: 'tournament-file.command.unknown',
      },
    ],
    [
      'a command stamped by a newer Rackside',
      (l: unknown[]) => (l[4] = { ...(l[4] as object), version: LOG_VERSION + 1 }),
      { seq: 4, kind: 'newer', type: 'registerPlayer', code: 'tournament-file.command.newer' },
    ],
    [
      'a row whose command is null',
      (l: unknown[]) => (l[7] = { ...(l[7] as object), command: null }),
      { seq: 7, kind: 'unreadable', type: null, code: 'tournament-file.entry' },
    ],
    [
      'a result without its game',
      (l: unknown[]) => delete (l[9] as { command: Record<string, unknown> }).command['game'],
      {
        seq: 9,
        kind: 'unreadable',
        type: 'recordResult',
        code: 'tournament-file.command.malformed',
      },
    ],
    [
      'a result for a table the round does not have',
      (l: unknown[]) =>
        ((l[9] as { command: Record<string, unknown> }).command['game'] = { table: 12 }),
      { seq: 9, kind: 'fold', type: 'recordResult', code: 'table.missing' },
    ],
  ])('%s: named with seq, type and what is wrong', (_, damage, expected) => {
    const entries: unknown[] = structuredClone(log) as unknown[]
    damage(entries)
    const checked = checkLog(ID, entries)
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    const { seq, kind, type, message, readable } = checked.error
    expect({ seq, kind, type }).toEqual({
      seq: expected.seq,
      kind: expected.kind,
      type: expected.type,
    })
    expect(checked.error.code).toBe(expected.code)
    expect(message.length).toBeGreaterThan(10)
    // The commands before it are read, for the recovery view; all of them after a fold failure.
    expect(readable.length).toBe(kind === 'fold' ? log.length : seq)
  })

  test('property: a random single-field damage of a real log gives the state or a named command, never a throw', () => {
    const runs = STORED_LOGS.map((stored) => {
      const paths = pathsOf(stored)
      return fc.property(
        fc.integer({ min: 0, max: paths.length - 1 }),
        STRANGE,
        (which, replacement) => {
          const path = paths[which] ?? []
          const entries = damaged(stored, path, replacement) as unknown[]
          const checked = checkLog(ID, entries)
          if (!checked.ok) {
            // The problem names a command of the log, and every command before it was read.
            expect(checked.error.seq).toBeGreaterThanOrEqual(0)
            expect(checked.error.seq).toBeLessThan(entries.length)
            expect(checked.error.message).not.toBe('')
            expect(checked.error.readable.length).toBeLessThanOrEqual(entries.length)
          } else {
            expect(checked.value.log).toHaveLength(entries.length)
          }
          // Even unchecked, the fold answers with a Result.
          expect(() => fold(ID, entries as LoggedCommand[])).not.toThrow()
        },
      )
    })
    for (const run of runs) fc.assert(run, { numRuns: 750 })
  })

  test('checkLogEntries from a held prefix checks only what is new, still naming a bad new entry', () => {
    const newer = { seq: log.length, at: SAVED, command: { type: 'shuffleDivisions' } }
    const checked = checkLogEntries([...log, newer], log.length)
    expect(checked.ok ? null : { seq: checked.error.seq, kind: checked.error.kind }).toEqual({
      seq: log.length,
      kind: 'unknown',
    })
    const fine = checkLogEntries([...log, { ...newer, command: { type: 'undo', seq: 5 } }], 3)
    expect(fine.ok && fine.value).toHaveLength(log.length + 1)
  })

  test('writeRawLog keeps what could not be read, and JSON-less values as text', () => {
    const entries: unknown[] = [...log, { seq: log.length, command: { type: 'x', n: 10n } }, null]
    const file = JSON.parse(writeRawLog(ID, entries, SAVED)) as { log: unknown[]; format: string }
    expect(file.format).toBe('rackside-tournament')
    expect(file.log).toHaveLength(log.length + 2)
    expect(file.log.at(-2)).toEqual({ seq: log.length, command: { type: 'x', n: '10' } })
    expect(file.log.at(-1)).toBeNull()
  })
})

/**
 * Issue 20: a rolling backup writes the file a slice at a time between the page's frames; the
 * pieces must be the file `JSON.stringify(file, null, 2)` gives, byte for byte, whatever the slice.
 */
describe('an entry checked once is not walked again (issue 27: a desk checked its log twice)', () => {
  /** The entry behind a proxy that counts the reads of its command's fields. */
  function counted(entry: LoggedCommand): { entry: LoggedCommand; reads: () => number } {
    let reads = 0
    const command = new Proxy(entry.command, {
      get(target, key, receiver) {
        reads++
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    return { entry: { ...entry, command }, reads: () => reads }
  }

  test('the same object at the same place passes without its fields read again', () => {
    const [first] = generateLog({ players: 4, rounds: 1, seed: 3, starts: 'given' })
    if (first === undefined) throw new Error('no entry')
    const { entry, reads } = counted(first)
    expect(checkLogEntries([entry]).ok).toBe(true)
    const afterFirst = reads()
    expect(afterFirst).toBeGreaterThan(0)
    expect(checkLogEntries([entry]).ok).toBe(true)
    expect(reads()).toBe(afterFirst)
  })

  test('the same object at another place is checked, and refused for its seq', () => {
    const [first] = generateLog({ players: 4, rounds: 1, seed: 3, starts: 'given' })
    if (first === undefined) throw new Error('no entry')
    expect(checkLogEntries([first]).ok).toBe(true)
    const moved = checkLogEntries([first, first])
    expect(!moved.ok && moved.error.code).toBe('tournament-file.seq')
  })
})

describe('the tournament file in pieces', () => {
  const standard = (file: string): string => `${JSON.stringify(JSON.parse(file), null, 2)}\n`

  test.each([
    ['the worked example, one command a piece', log, 1],
    ['the worked example, 7 a piece (a last piece shorter)', log, 7],
    ['the worked example, all in one piece', log, 1000],
    ['a log of a single command', log.slice(0, 1), 3],
    ['an empty log (a damaged tournament exported whole)', [], 3],
  ] as const)('%s: joined, exactly the standard JSON text', (_case, entries, slice) => {
    const pieces = [...tournamentFilePieces(ID, entries, SAVED, slice)]
    const joined = pieces.join('')
    expect(joined).toBe(standard(joined))
    expect(JSON.parse(joined)).toMatchObject({ tournamentId: ID, savedAt: SAVED })
    expect(joined).toBe(writeTournamentFile(ID, entries, SAVED))
    // A header, one piece per slice, the close.
    expect(pieces).toHaveLength(entries.length === 0 ? 1 : 2 + Math.ceil(entries.length / slice))
  })

  test('any generated event, any slice: the pieces read back to the same log', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 40 }),
        fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
        (players, rounds, slice, desk) => {
          const generated = generateLog({
            players,
            rounds,
            seed: players * rounds,
            starts: 'rules',
          })
          const stamped = generated.map((e) => ({
            ...e,
            ...(desk === undefined ? {} : { desk }),
            version: LOG_VERSION,
          }))
          const joined = [...tournamentFilePieces(ID, stamped, SAVED, slice)].join('')
          expect(joined).toBe(standard(joined))
          const read = readTournamentFile(joined)
          expect(read.ok && read.value.log).toEqual(stamped)
        },
      ),
      { numRuns: 40 },
    )
  })
})
