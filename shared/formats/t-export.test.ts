import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import type { RuleSet } from '../rules/rule-set'
import { standingsByRoundFromTFile } from '../standings/from-t-file'
import { apply, fold } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import {
  applyAll,
  register,
  standingsLine,
  WORKED_EXAMPLE_LOG,
} from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { standingsAsOf } from '../tournament/views'
import { parseConfigTsh } from './config-tsh'
import { exportTDivision } from './t-export'
import { parseTFile, serializeTFile } from './t-file'
import type { TDivisionFile } from './t-file-types'
import { importTDivision, importTshEvent } from './t-import'

const fixture = (name: string): string =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'latin1')

function parsed(text: string): TDivisionFile {
  const file = parseTFile(text)
  if (!file.ok) throw new Error(`does not parse: ${file.error.message}`)
  return file.value
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

const nsa = rulesFromPreset('nsa1995')

function importFile(file: TDivisionFile, rules: RuleSet = nsa): TournamentState {
  const imported = importTDivision(file, { division: 'A', rules })
  if (!imported.ok) throw new Error(`${imported.error.code}: ${imported.error.message}`)
  return foldCommands([
    {
      type: 'createTournament',
      info: {
        name: 'Imported',
        venue: '',
        startDate: '2026-01-01',
        endDate: '',
        rounds: Math.max(1, imported.value.rounds),
      },
      rules,
    },
    { type: 'addDivision', name: 'A' },
    ...imported.value.commands,
  ])
}

function exported(state: TournamentState, options = {}): TDivisionFile {
  const file = exportTDivision(state, 'A', options)
  if (!file.ok) throw new Error(file.error.message)
  return file.value
}

describe('mgi-2022 division A: .t -> import -> export gives the file back', () => {
  const text = fixture('mgi-2022/a.t')
  const original = parsed(text)
  const config = parseConfigTsh(fixture('mgi-2022/config.tsh')).config
  const imported = importTshEvent(
    config,
    new Map([
      ['a.t', original],
      ['b.t', { players: [], comments: [] }],
    ]),
    { fallbackDate: '2022-02-19' },
  )
  if (!imported.ok) throw new Error(imported.error.message)
  const state = foldCommands(imported.value.commands)
  const back = exported(state)

  test.each(original.players.map((line) => ({ id: line.id, name: line.name, line })))(
    'formats.md: #$id $name keeps name, rating, opponents, scores and every tag',
    ({ id, line }) => {
      const again = back.players[id - 1]
      expect(again?.name).toBe(line.name)
      expect(again?.ratingText).toBe(line.ratingText)
      expect(again?.rating).toBe(line.rating)
      expect(again?.opponents).toEqual(line.opponents)
      expect(again?.scores).toEqual(line.scores)
      expect(again?.tags).toEqual(line.tags)
    },
  )

  test('serialized with the original layout, the file is byte-identical', () => {
    const withLayout = exported(state, {
      comments: original.comments,
      ...(original.layout === undefined ? {} : { layout: original.layout }),
    })
    expect(serializeTFile(withLayout)).toBe(text)
  })
})

describe('a tournament built by commands exports to a .t that re-imports to the same standings', () => {
  const state = applyAll(WORKED_EXAMPLE_LOG)
  const file = exported(state)
  const text = serializeTFile(file)

  test('formats.md worked example: opponents, scores, byes, forfeit, off and p12', () => {
    // Round 1 has tile draws at both tables (nobody had a first yet), recorded as who went first;
    // round 3's forfeit is written as tsh writes it: opponent 0, +50 and −50. The NSA preset rates
    // by tsh's `nsa`, so each line carries its estimates (issue 22), unchanged by the byes and the
    // unrated forfeit of round 3 (Bob, Cy, Di).
    expect(text).toBe(
      [
        'Ann                     1850 2 3 5; 420 455 432; newr 1858 1863 1864; p12 1 2 2',
        'Bob                     1790 1 5 0; 380 390 50; newr 1782 1777 1777; p12 2 1 0',
        'Cy                      1700 4 1 0; 410 401 -50; newr 1712 1703 1703; p12 2 1 0',
        'Di                      1650 3 0 0; 402 50 0; newr 1642 1641 1641; off 0; p12 1 0 0',
        'Ed                      1600 0 2 1; 50 390 410; newr 1600 1605 1601; p12 0 2 1',
        '',
      ].join('\n'),
    )
  })

  test.each([1, 2, 3])('standings after round %i are the same after the trip', (round) => {
    const again = importFile(parsed(text))
    const rowsOf = (s: TournamentState) => {
      const rows = standingsAsOf(s, 'A', round)
      if (!rows.ok) throw new Error(rows.error.message)
      return rows.value
    }
    expect(standingsLine(rowsOf(again))).toBe(standingsLine(rowsOf(state)))
    // The exported file read directly by tsh's rules gives the same ranks.
    const fromFile = standingsByRoundFromTFile(file)
    expect(fromFile.ok && fromFile.value.get(round)?.map((r) => [r.rank, r.player])).toEqual(
      rowsOf(state).map((r) => [r.rank, r.player]),
    )
  })

  test('the worked example file of formats.md re-exports with its data (names, off -50)', () => {
    const original = parsed(fixture('worked-example.t'))
    const back = exported(importFile(original))
    expect(back.players.map((p) => [p.opponents, p.scores, p.tags])).toEqual(
      original.players.map((p) => [p.opponents, p.scores, p.tags]),
    )
  })
})

describe('what Rackside owns is regenerated (t-export)', () => {
  const base: Command[] = [
    {
      type: 'createTournament',
      info: { name: 'T', venue: '', startDate: '2026-01-01', endDate: '', rounds: 2 },
      rules: nsa,
    },
    { type: 'addDivision', name: 'A' },
    register('Ann', 1500),
    register('Bob', 1400),
    {
      type: 'pairRound',
      division: 'A',
      round: 1,
      pairings: [
        { kind: 'game', table: 1, players: [1, 2], start: { kind: 'director', starter: 2 } },
      ],
    },
  ]

  test('a game waiting for its result: the opponent, no score, p12 from the printed starter', () => {
    const file = exported(foldCommands(base))
    expect(file.players.map((p) => [p.opponents, p.scores, p.tags])).toEqual([
      [[2], [], [{ name: 'p12', values: ['2'] }]],
      [[1], [], [{ name: 'p12', values: ['1'] }]],
    ])
  })

  test('NSA IV.J.3: a 10-point penalty in round 2 is written as penalty 0 -10', () => {
    const state = foldCommands([
      ...base,
      { type: 'assignPenalty', division: 'A', player: 1, round: 2, points: 10, reason: 'phone' },
    ])
    expect(exported(state).players[0]?.tags).toEqual([
      { name: 'p12', values: ['2'] },
      { name: 'penalty', values: ['0', '-10'] },
    ])
  })

  test('an edited rating replaces the rating text kept from the import', () => {
    const imported = importFile(parsed('Ann 01500 0; 50\n'))
    expect(exported(imported).players[0]?.ratingText).toBe('01500')
    const edited = apply(
      imported,
      {
        type: 'editPlayer',
        division: 'A',
        playerId: 1,
        player: { name: 'Ann', rating: 1600, memberId: '', club: '' },
      },
      't',
    )
    if (!edited.ok) throw new Error(edited.error.message)
    expect(exported(edited.value).players[0]).toMatchObject({ ratingText: '1600', rating: 1600 })
  })

  test('an unknown division is refused', () => {
    expect(exportTDivision(foldCommands(base), 'Z')).toMatchObject({
      ok: false,
      error: { code: 'division.missing' },
    })
  })
})

describe('forfeits reach the .t and the rating file as the preset rates them', () => {
  const neon = rulesFromPreset('neon')
  const msa = rulesFromPreset('msa')
  const withForfeit = (rules: RuleSet, result: Command) =>
    foldCommands([
      {
        type: 'createTournament',
        info: { name: 'T', venue: '', startDate: '2026-01-01', endDate: '', rounds: 1 },
        rules,
      },
      { type: 'addDivision', name: 'A' },
      register('Ann', 1500),
      register('Bob', 1400),
      {
        type: 'pairRound',
        division: 'A',
        round: 1,
        pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
      },
      result,
    ])
  const forfeit = (spread: number, rated: boolean, reason: 'no-show' | 'walk-out'): Command => ({
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table: 1 },
    result: { kind: 'forfeit', winner: 1, loser: 2, reason, spread, rated },
  })
  const lines = (state: TournamentState) =>
    exported(state).players.map((p) => [p.opponents, p.scores, p.tags])

  test('NSA VII.J.2: a forfeit not rated is tsh’s opponent 0 with ±spread', () => {
    // Not rated: the estimates stay at the ratings (issue 22).
    expect(lines(withForfeit(nsa, forfeit(50, false, 'no-show')))).toEqual([
      [[0], [50], [{ name: 'newr', values: ['1500'] }]],
      [[0], [-50], [{ name: 'newr', values: ['1400'] }]],
    ])
  })

  test('a rated forfeit (MSA guide lateness) is a game against the other player, spread to 0', () => {
    const state = withForfeit(msa, forfeit(50, true, 'no-show'))
    expect(lines(state).map(([opponents, scores]) => [opponents, scores])).toEqual([
      [[2], [50]],
      [[1], [0]],
    ])
    // tsh ranks it as Rackside does: a win and a loss by 50.
    const fromFile = standingsByRoundFromTFile(exported(state))
    expect(fromFile.ok && fromFile.value.get(1)?.map((r) => [r.player, r.spread])).toEqual([
      [1, 50],
      [2, -50],
    ])
  })

  test('NEON, Competition rules 18: a walk-out win with 0 margin stays a win in the .t, ranked as tsh would', () => {
    const state = withForfeit(neon, forfeit(0, false, 'walk-out'))
    expect(lines(state)).toEqual([
      [
        [0],
        [1],
        [
          { name: 'newr', values: ['1500'] },
          { name: 'penalty', values: ['-1'] },
          { name: 'rackside', values: ['r1=fw:2:0:walk-out:0'] },
        ],
      ],
      [
        [0],
        [-1],
        [
          { name: 'newr', values: ['1400'] },
          { name: 'penalty', values: ['1'] },
          { name: 'rackside', values: ['r1=fl:1:0:walk-out:0'] },
        ],
      ],
    ])
    const fromFile = standingsByRoundFromTFile(exported(state))
    expect(
      fromFile.ok && fromFile.value.get(1)?.map((r) => [r.player, r.wins, r.losses, r.spread]),
    ).toEqual([
      [1, 1, 0, 0],
      [2, 0, 1, 0],
    ])
    // Read back, it is the same walk-out, not a forfeit by 1 and two penalties.
    const again = importFile(exported(state), neon)
    expect(again.divisions[0]?.rounds[0]?.results[0]?.result).toEqual({
      kind: 'forfeit',
      winner: 1,
      loser: 2,
      reason: 'walk-out',
      spread: 0,
      rated: false,
    })
    expect(again.divisions[0]?.penalties).toEqual([])
  })
})
