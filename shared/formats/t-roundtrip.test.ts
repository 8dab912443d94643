import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { seededRng, shuffled } from '../random'
import { rulesFromPreset } from '../rules/presets'
import { TIE_BREAKS } from '../rules/ranking'
import type { RuleSet } from '../rules/rule-set'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import type { TournamentState } from '../tournament/types'
import { exportTDivisionWithNotes } from './t-export'
import { readTFile, serializeTFile } from './t-file'
import { importTDivision } from './t-import'
import {
  randomEvent,
  resultKinds,
  roundTripDifference,
  tshFilesRoundTripDifference,
  tshReadingDifference,
} from './test-support/random-event'

// 500 events take a second or two alone; a busy 2-core CI gets a minute.
describe('formats.md "tsh .t": Rackside reads its own .t back to the same standings', () => {
  test('tsh .t round trip: 500 random events with every kind of result keep every round’s standings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        expect(roundTripDifference(randomEvent(seed))).toBeNull()
      }),
      { seed: 20261124, numRuns: 500 },
    )
  }, 60_000)

  test('tsh ranks the exported .t as Rackside does (read as tsh reads it): wins, losses and spread of every player after every round, 500 random events', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        expect(tshReadingDifference(randomEvent(seed))).toBeNull()
      }),
      { seed: 20261125, numRuns: 500 },
    )
  }, 60_000)

  test.each(['tsh', 't with config.tsh'] as const)(
    'issue 28: 1,000 random events with every results setting through tsh files (%s) and back, imported under the default preset, keep every round’s standings',
    (form) => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
          expect(tshFilesRoundTripDifference(randomEvent(seed), form)).toBeNull()
        }),
        { seed: 20261128, numRuns: 1000 },
      )
    },
    120_000,
  )

  test.each(['tsh', 't with config.tsh'] as const)(
    'issue 28 and 32: 300 random events with a ranking from Settings (tie-breaks in any order, caps by round) through tsh files (%s) and back keep every round’s standings',
    (form) => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
          const event = randomEvent(seed)
          const rng = seededRng(seed + 1)
          const ranking = {
            tieBreaks: shuffled([...TIE_BREAKS], rng).slice(0, 1 + rng.int(TIE_BREAKS.length)),
            spreadCapByRound: rng.int(3) === 0 ? [] : [300, 250, 400].slice(0, 1 + rng.int(3)),
          }
          const ranked = apply(event.state, { type: 'setRanking', division: 'A', ranking }, 'x')
          if (!ranked.ok) throw new Error(ranked.error.message)
          expect(tshFilesRoundTripDifference({ ...event, state: ranked.value }, form)).toBeNull()
        }),
        { seed: 20261130, numRuns: 300 },
      )
    },
    120_000,
  )

  test('the random events hold every kind of result the engine knows (so the trip above tests them)', () => {
    const seen = new Set<string>()
    for (let seed = 0; seed < 200; seed += 1) {
      for (const kind of resultKinds(randomEvent(seed).state)) seen.add(kind)
    }
    expect([...seen].sort()).toEqual(
      [
        'bye',
        'bye at 0 or below',
        'double forfeit',
        'double forfeit at 0',
        'forfeit',
        'forfeit at 0',
        'rated forfeit',
        'missing result',
        'late entry, missed rounds lost',
        'late entry, missed rounds unplayed',
        'penalty',
        'played',
        'tie',
        'unplayed',
        'withdrawn',
      ].sort(),
    )
  })
})

const nsa = rulesFromPreset('nsa1995')

function build(commands: readonly Command[]): TournamentState {
  let state: TournamentState | undefined
  for (const command of commands) {
    const next = apply(state, command, 't')
    if (!next.ok) throw new Error(`${command.type}: ${next.error.message}`)
    state = next.value
  }
  if (state === undefined) throw new Error('empty')
  return state
}

const start = (players: number, rounds: number, rules: RuleSet = nsa): Command[] => [
  {
    type: 'createTournament',
    info: { name: 'T', venue: '', startDate: '2026-01-10', endDate: '2026-01-10', rounds },
    rules,
  },
  { type: 'addDivision', name: 'A' },
  ...Array.from({ length: players }, (_, i): Command => ({
    type: 'registerPlayer',
    division: 'A',
    player: { name: `P${String.fromCharCode(65 + i)}`, rating: 1500 - i, memberId: '', club: '' },
  })),
]

/** Round 1 of three players: #1 v #2 at table 1, the bye to #3. */
const GAME_AND_BYE: Command = {
  type: 'pairRound',
  division: 'A',
  round: 1,
  pairings: [
    { kind: 'game', table: 1, players: [1, 2] },
    { kind: 'bye', player: 3 },
  ],
}

const played = (a: number, b: number, sa: number, sb: number) =>
  ({
    kind: 'played',
    players: [a, b],
    rawScores: [sa, sb],
    overtimeSeconds: [0, 0],
    scores: [sa, sb],
  }) as const

function trip(state: TournamentState) {
  const exported = exportTDivisionWithNotes(state, 'A')
  if (!exported.ok) throw new Error(exported.error.message)
  const text = serializeTFile(exported.value.file)
  const imported = importTDivision(readTFile(text).file, {
    division: 'A',
    rules: state.rules,
    rounds: state.info.rounds,
  })
  return { text, notes: exported.value.notes, imported }
}

describe('tsh .t: results tsh has no form for come back, with a note', () => {
  test('tsh .t: a game without its result stays without one once a later round is played, not a 0–0 tie', () => {
    const state = build([
      ...start(2, 2),
      {
        type: 'pairRound',
        division: 'A',
        round: 1,
        pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
      },
      {
        type: 'pairRound',
        division: 'A',
        round: 2,
        pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
      },
      {
        type: 'recordResult',
        division: 'A',
        round: 2,
        game: { table: 1 },
        result: played(1, 2, 400, 350),
      },
    ])
    const { text, notes, imported } = trip(state)
    // Round 1 is written unplayed (opponent 0, score 0): tsh ranks nothing for it, as Rackside.
    expect(text.split('\n')[0]).toContain('0 2; 0 400')
    expect(notes.map((n) => n.round)).toEqual([1, 1])
    expect(roundTripDifference({ commands: [], state })).toBeNull()
    const results = imported.ok
      ? imported.value.commands.filter((c) => c.type === 'recordResult')
      : []
    expect(results).toHaveLength(1)
  })

  test('NSA VII.J.1–2: a double forfeit and a bye in one round come back as they were', () => {
    const state = build([
      ...start(3, 1),
      GAME_AND_BYE,
      {
        type: 'recordResult',
        division: 'A',
        round: 1,
        game: { table: 1 },
        result: { kind: 'doubleForfeit', players: [1, 2], spread: 50 },
      },
    ])
    const { imported } = trip(state)
    expect(imported.ok).toBe(true)
    expect(roundTripDifference({ commands: [], state })).toBeNull()
  })

  test('tsh has no bye at −50: written as a win of 1 with a penalty of −51 (ranked the same), noted, and read back as the bye', () => {
    const state = build([
      ...start(3, 1),
      GAME_AND_BYE,
      {
        type: 'recordResult',
        division: 'A',
        round: 1,
        game: { table: 1 },
        result: played(1, 2, 300, 310),
      },
      {
        type: 'correctResult',
        division: 'A',
        round: 1,
        game: { players: [3] },
        result: { kind: 'bye', player: 3, spread: -50 },
      },
    ])
    const { text, notes } = trip(state)
    expect(text.split('\n')[2]).toBe(
      'PC                      1498 0; 1; newr 1498; penalty -51; rackside r1=bye:-50',
    )
    expect(notes).toHaveLength(1)
    expect(notes[0]?.message).toContain('tsh has no bye at -50')
    expect(roundTripDifference({ commands: [], state })).toBeNull()
  })

  test('late entry whose missed rounds are forfeit losses: tsh’s opponent 0 and minus the spread, first round in the tag', () => {
    const rules: RuleSet = {
      ...nsa,
      results: { ...nsa.results, lateEntryMissedRounds: 'forfeit-loss' },
    }
    const state = build([
      ...start(2, 2, rules),
      {
        type: 'pairRound',
        division: 'A',
        round: 1,
        pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
      },
      {
        type: 'recordResult',
        division: 'A',
        round: 1,
        game: { table: 1 },
        result: played(1, 2, 300, 310),
      },
      {
        type: 'registerPlayer',
        division: 'A',
        player: { name: 'Late, Lou', rating: 1400, memberId: '', club: '' },
      },
    ])
    const { text } = trip(state)
    expect(text.split('\n')[2]).toBe(
      `Late, Lou               1400 0; ${String(-rules.results.forfeitSpread)}; newr 1400; rackside from=2`,
    )
    expect(roundTripDifference({ commands: [], state })).toBeNull()
  })
})

describe('tsh .t: names, ratings and tags', () => {
  test('tsh’s name rule: the rating is the number after the name, so "Team 2 Bob 1500" is "Team 2 Bob"', () => {
    const read = readTFile('Team 2 Bob 1500 0; 0\n')
    expect(read.file.players[0]).toMatchObject({ name: 'Team 2 Bob', rating: 1500 })
    expect(read.problems.filter((p) => p.severity === 'error')).toEqual([])
  })

  test('a name starting with # would read back as a tsh comment: the export is refused with the player named', () => {
    const state = build([
      ...start(1, 1),
      {
        type: 'editPlayer',
        division: 'A',
        playerId: 1,
        player: { name: '#1 Seed', rating: 1500, memberId: '', club: '' },
      },
    ])
    const exported = exportTDivisionWithNotes(state, 'A')
    expect(exported.ok ? null : exported.error.message).toMatch(/#1 "#1 Seed" starts with "#"/)
    // A rating file is no tsh text: the name goes there as it is.
    expect(exportTDivisionWithNotes(state, 'A', { purpose: 'rating-file' }).ok).toBe(true)
  })

  test('formats.md: a Woogles rating (1111111) and tags Rackside does not know come back unchanged', () => {
    const lines =
      'Smith, Jane            1111111 2; 400; team Reds; xyz 1 2 3\n' +
      'Doe, John               1500 1; 350\n'
    const imported = importTDivision(readTFile(lines).file, { division: 'A', rules: nsa })
    if (!imported.ok) throw new Error(imported.error.message)
    const state = build([...start(0, 1), ...imported.value.commands])
    const exported = exportTDivisionWithNotes(state, 'A')
    const text = exported.ok ? serializeTFile(exported.value.file) : ''
    expect(text).toBe(lines)
  })
})

describe('NASPA submission: what NASPA needs for ratings is in the .t', () => {
  test('NASPA ratings: member ids in tsh’s naspa tag, p12 who went first, byes as tsh writes them; read back into the member id', () => {
    const state = build([
      {
        type: 'createTournament',
        info: { name: 'T', venue: '', startDate: '2026-01-10', endDate: '2026-01-10', rounds: 1 },
        rules: nsa,
      },
      { type: 'addDivision', name: 'A' },
      ...[
        ['Able, Al', 'AA001234'],
        ['Baker, Bo', 'BB004321'],
        ['Cole, Cy', 'club-7'],
      ].map(([name = '', memberId = '']): Command => ({
        type: 'registerPlayer',
        division: 'A',
        player: { name, rating: 1500, memberId, club: '' },
      })),
      {
        type: 'pairRound',
        division: 'A',
        round: 1,
        pairings: [
          { kind: 'game', table: 1, players: [1, 2], start: { kind: 'director', starter: 2 } },
          { kind: 'bye', player: 3 },
        ],
      },
      {
        type: 'recordResult',
        division: 'A',
        round: 1,
        game: { table: 1 },
        result: played(1, 2, 400, 380),
        first: 2,
      },
    ])
    const { text, imported } = trip(state)
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Able, Al                1500 2; 400; naspa AA001234; newr 1515; p12 2',
      'Baker, Bo               1500 1; 380; naspa BB004321; newr 1490; p12 1',
      'Cole, Cy                1500 0; 50; id club-7; newr 1500',
    ])
    const registered = imported.ok
      ? imported.value.commands.flatMap((c) =>
          c.type === 'registerPlayer' ? [c.player.memberId] : [],
        )
      : []
    expect(registered).toEqual(['AA001234', 'BB004321', 'club-7'])
  })
})

describe('formats.md "tsh .t": the rackside tag after tsh changed the file', () => {
  test('tsh keeps unknown tags: a rackside tag that no longer matches the columns is not used, with a warning', () => {
    // Written by Rackside as a bye at −50 (+1, penalty −51); then tsh gave the player a game.
    const text =
      'Ann                     1500 2; 400; penalty -51; rackside r1=bye:-50\n' +
      'Bob                     1400 1; 300\n'
    const imported = importTDivision(readTFile(text).file, { division: 'A', rules: nsa })
    if (!imported.ok) throw new Error(imported.error.message)
    expect(imported.value.warnings.map((w) => w.code)).toContain('timport.rackside.stale')
    expect(imported.value.commands.filter((c) => c.type === 'recordResult')).toHaveLength(1)
  })

  test.each([
    ['r1=bye:x'],
    ['r1=fw:2:50:lost:1'],
    ['from=abc'],
    ['r1=zz:1'],
    // Issue 28: round 0 does not exist; `wd=0` used to withdraw the player from every round.
    ['wd=0'],
    ['from=0'],
    ['r0=bye:50'],
  ])(
    'a rackside value Rackside does not write (%s) makes the file read as tsh reads it',
    (value) => {
      const text = `Ann                     1500 0; 50; rackside ${value}\n`
      const imported = importTDivision(readTFile(text).file, { division: 'A', rules: nsa })
      expect(imported.ok && imported.value.warnings.map((w) => w.code)).toContain(
        'timport.rackside.stale',
      )
    },
  )
})
