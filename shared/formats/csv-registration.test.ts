import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import type { TournamentState } from '../tournament/types'
import {
  csvPreviewNames,
  planCsvRegistration,
  planCsvRegistrationInSlices,
  readCsvPlayersBytes,
  registrationCommand,
} from './csv-registration'
import { encodeText } from './text-codec'
import { readTournamentFile, writeTournamentFile } from './tournament-file'

function build(commands: readonly Command[]): TournamentState {
  let state: TournamentState | undefined
  for (const command of commands) {
    const next = apply(state, command, 'csv')
    if (!next.ok) throw new Error(next.error.message)
    state = next.value
  }
  if (state === undefined) throw new Error('empty')
  return state
}

const event = build([
  {
    type: 'createTournament',
    info: { name: 'T', venue: '', startDate: '2026-01-10', endDate: '2026-01-10', rounds: 3 },
    rules: rulesFromPreset('nsa1995'),
  },
  { type: 'addDivision', name: 'A' },
  { type: 'addDivision', name: 'B' },
  {
    type: 'registerPlayer',
    division: 'A',
    player: { name: 'Alpha, Ann', rating: 1800, memberId: 'AA1', club: '' },
  },
])

const latin1 = (text: string): Uint8Array => {
  const bytes = encodeText(text, 'latin1')
  if (!bytes.ok) throw new Error(bytes.error.message)
  return bytes.value
}
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)

describe('formats.md "CSV": the encoding is detected as the .t import does', () => {
  test.each([
    ['Latin-1 (Excel on Windows)', latin1, 'latin1'],
    ['UTF-8', utf8, 'utf8'],
  ] as const)(
    '%s: "Müller, Jürgen" stays intact and the encoding is named',
    (_label, encode, encoding) => {
      const read = readCsvPlayersBytes(
        encode('Surname;Given name;Rating\r\nMüller;Jürgen;1500\r\n'),
      )
      expect(read.encoding).toBe(encoding)
      expect(read.rows.map((r) => r.name)).toEqual(['Müller, Jürgen'])
    },
  )
})

describe('formats.md "CSV": every row is checked by the registration rules before the preview', () => {
  const read = readCsvPlayersBytes(
    utf8(
      [
        'Name,Rating,Member ID,Division,Team,Country,Email,Phone',
        'Bravo; Bob,1500,,,,,,', // a ; cannot go into a .t name
        '"Charlie, Cy",9999,,,,,,', // over the highest rating
        '"Delta, Di",1500,AA1,,,,,', // member id of Ann in A
        '"Echo, Ed",1500,,C,,,,', // no division C
        '"Alpha, Ann",1800,,,,,,', // already registered
        '"Foxtrot, Flo",1600,FF1,B,Reds,NGA,flo@example.org,+234 5',
        '"Foxtrot, Flo",1600,,B,,,,', // twice in the file
        '"Golf, Gus",,,,,,,',
      ].join('\n'),
    ),
  )
  const plan = planCsvRegistration(event, 'A', read.rows)

  test('the preview counts only what will be registered; refusals and skips name their rows', () => {
    expect(plan.entries.map((e) => [e.row, e.division, e.player.name])).toEqual([
      [7, 'B', 'Foxtrot, Flo'],
      [9, 'A', 'Golf, Gus'],
    ])
    expect(plan.refused.map((r) => r.row)).toEqual([2, 3, 4, 5])
    expect(plan.refused[2]?.message).toContain('member id AA1 already belongs to Alpha, Ann')
    expect(plan.skipped.map((r) => r.row)).toEqual([6, 8])
  })

  test('team, country, email and phone keep their own player fields (not merged into club)', () => {
    expect(plan.entries[0]?.player).toEqual({
      name: 'Foxtrot, Flo',
      rating: 1600,
      memberId: 'FF1',
      club: '',
      team: 'Reds',
      country: 'NGA',
      email: 'flo@example.org',
      phone: '+234 5',
    })
  })

  test('checked in slices (for progress) it plans the same as at once', () => {
    const first = planCsvRegistration(event, 'A', read.rows.slice(0, 4))
    expect(planCsvRegistration(event, 'A', read.rows.slice(4), first)).toEqual(plan)
  })

  test('one registerPlayers command registers the whole plan, each in its division', () => {
    const command = registrationCommand('A', plan)
    if (command === null) throw new Error('nothing to register')
    const after = apply(event, command, 'csv')
    expect(after.ok && after.value.divisions.map((d) => d.players.map((p) => p.name))).toEqual([
      ['Alpha, Ann', 'Golf, Gus'],
      ['Foxtrot, Flo'],
    ])
  })
})

describe('a registration list is stored as one command', () => {
  test('1,000 Latin-1 rows: one registerPlayers command, accents intact', () => {
    const lines = ['Surname;Given name;Rating;Club']
    for (let i = 0; i < 1000; i += 1)
      lines.push(`Müller${String(i)};Jürgen;${String(1000 + i)};Köln`)
    const read = readCsvPlayersBytes(latin1(lines.join('\r\n')))
    const plan = planCsvRegistration(event, 'A', read.rows)
    const command = registrationCommand('A', plan)
    if (command === null) throw new Error('nothing to register')
    const after = apply(event, command, 'csv')
    if (!after.ok) throw new Error(after.error.message)
    const players = after.value.divisions[0]?.players ?? []
    expect(players).toHaveLength(1001)
    expect(players[1000]?.name).toBe('Müller999, Jürgen')
    expect(players[1000]?.club).toBe('Köln')
  })

  test('one refused entry refuses the whole command (nothing half-registered)', () => {
    const command: Command = {
      type: 'registerPlayers',
      division: 'A',
      players: [
        { player: { name: 'New, Nia', rating: 1500, memberId: '', club: '' } },
        { player: { name: 'Dup, Dan', rating: 1500, memberId: 'AA1', club: '' } },
      ],
    }
    const after = apply(event, command, 'csv')
    expect(!after.ok && after.error.message).toMatch(/^Entry 2 \(Dup, Dan\): Member id AA1/)
  })

  test('the tournament file keeps the list command and the new player fields', () => {
    const command: Command = {
      type: 'registerPlayers',
      division: 'A',
      players: [
        {
          player: {
            name: 'Köhler, Kai',
            rating: 1500,
            memberId: '',
            club: '',
            team: 'Rot',
            country: 'DEU',
            email: 'kai@example.org',
            phone: '+49 1',
          },
          division: 'B',
        },
      ],
    }
    const log = [
      { type: 'createTournament', info: event.info, rules: event.rules } as const,
      { type: 'addDivision', name: 'A' } as const,
      { type: 'addDivision', name: 'B' } as const,
      command,
    ].map((c, seq) => ({ seq, at: '2026-01-10T09:00:00.000Z', command: c }))
    const read = readTournamentFile(writeTournamentFile('csv', log, '2026-01-10T10:00:00.000Z'))
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.state.divisions[1]?.players[0]).toMatchObject({
      name: 'Köhler, Kai',
      team: 'Rot',
      country: 'DEU',
      email: 'kai@example.org',
      phone: '+49 1',
    })
  })
})

/** Issue 20: the Players screen checks a long list in slices, in linear time, with progress. */
describe('a registration list checked in slices', () => {
  const list = (rows: readonly string[]) =>
    readCsvPlayersBytes(latin1(['Name;Rating;Member ID;Division', ...rows].join('\r\n'))).rows

  test('progress after every slice but the last, and the plan of the whole list at once', () => {
    const rows = list(
      Array.from({ length: 10 }, (_, i) => `Player ${String(i % 7)};1500;M${String(i % 4)};A`),
    )
    const steps = planCsvRegistrationInSlices(event, 'A', rows, 3)
    const progress: number[] = []
    let step = steps.next()
    while (step.done !== true) {
      progress.push(step.value)
      step = steps.next()
    }
    expect(progress).toEqual([3, 6, 9])
    expect(step.value).toEqual(planCsvRegistration(event, 'A', rows))
  })

  test('property: any list, any slice, the same plan as checking it at once', () => {
    const row = fc.record({
      name: fc.constantFrom('Alpha, Ann', 'Beta, Bo', 'beta, bo', 'Ç, Ed', '', 'Dee, Di'),
      memberId: fc.constantFrom('', 'AA1', 'aa1', 'B2', 'C3'),
      division: fc.constantFrom('', 'A', 'B', 'Z'),
    })
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 25 }),
        fc.integer({ min: 1, max: 30 }),
        (drawn, slice) => {
          const rows = list(drawn.map((r) => `${r.name};1500;${r.memberId};${r.division}`))
          const steps = planCsvRegistrationInSlices(event, 'A', rows, slice)
          let step = steps.next()
          while (step.done !== true) step = steps.next()
          expect(step.value).toEqual(planCsvRegistration(event, 'A', rows))
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('issue 22: a "lifeg" / "Lifetime games" column gives each player their lifetime games', () => {
  test.each([
    ['lifeg', 'Name,Rating,lifeg\n"Beta, Bo",1500,12\n"Cruz, Cy",1400,\n'],
    ['Lifetime games', 'Name;Rating;Lifetime games\nBeta, Bo;1500;12\nCruz, Cy;1400;\n'],
  ])('column %j: given → kept, blank → not given (100)', (_column, csv) => {
    const read = readCsvPlayersBytes(utf8(csv))
    expect(read.problems).toEqual([])
    const plan = planCsvRegistration(event, 'A', read.rows)
    expect(plan.refused).toEqual([])
    expect(plan.entries.map((e) => e.player.lifetimeGames)).toEqual([12, undefined])
    const command = registrationCommand('A', plan)
    if (command === null) throw new Error('nothing to register')
    const next = apply(event, command, 'csv')
    if (!next.ok) throw new Error(next.error.message)
    expect(next.value.divisions[0]?.players.map((p) => p.lifetimeGames)).toEqual([
      undefined,
      12,
      undefined,
    ])
  })

  test('a value that is not a whole number 0–100000 refuses the row, naming it and why', () => {
    const read = readCsvPlayersBytes(utf8('Name,lifeg\nBo,lots\nCy,7\n'))
    const plan = planCsvRegistration(event, 'A', read.rows)
    expect(plan.refused).toEqual([
      {
        row: 2,
        name: 'Bo',
        message: 'Lifetime games must be a whole number from 0 to 100000, not "lots".',
      },
    ])
    expect(plan.entries.map((e) => e.player.lifetimeGames)).toEqual([7])
  })
})

describe('issue 28: the import preview names the first players, so a mis-decoded name shows', () => {
  const rows = (names: readonly string[]): Uint8Array =>
    utf8(['Name,Rating', ...names.map((n) => `"${n}",1500`)].join('\n'))
  test.each([
    { names: [], said: null },
    { names: ['Bravo, Bob'], said: 'First to import: Bravo, Bob (row 2).' },
    {
      names: [
        'Ay?e, Kaya',
        'Bravo, Bob',
        'Cole, Cy',
        'Dane, Di',
        'Eton, Ed',
        'Fox, Flo',
        'Gray, Gus',
      ],
      said: 'First to import: Ay?e, Kaya (row 2); Bravo, Bob (row 3); Cole, Cy (row 4); Dane, Di (row 5); Eton, Ed (row 6); and 2 more.',
    },
  ])('$names.length rows', ({ names, said }) => {
    const read = readCsvPlayersBytes(rows(names))
    expect(csvPreviewNames(planCsvRegistration(event, 'A', read.rows))).toBe(said)
  })
})
