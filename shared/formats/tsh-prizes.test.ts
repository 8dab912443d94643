/**
 * tsh `prize` lines and `class` tags through the import (issue 14): a tsh event with a prize table
 * imports, shows the same prize table in the prizes report, and exports the same lines back.
 */
import { describe, expect, test } from 'vitest'
import { prizesReport } from '../reports/prizes'
import { rulesFromPreset } from '../rules/presets'
import { applyAll, create } from '../tournament/test-support/event'
import type { Command } from '../tournament/commands'
import { parseConfigTsh } from './config-tsh'
import { parseTFile } from './t-file'
import type { TDivisionFile } from './t-file-types'
import { importTDivision, importTshEvent } from './t-import'
import { exportTshEvent } from './tsh-event-export'
import { parseTshArchive } from './tsh-archive'
import { prizeWords, readTshPrizes } from './tsh-prizes'

const CONFIG = `division A a.t
division B b.t
config max_rounds = 2
config event_name = 'Club Cup'
prize rank 1 A "$200" exclusive=A
prize rank 2 A $100 exclusive=A
prize rank 1 A $50 class=B groupname='Class B' exclusive=A
prize highwin 1 A "Book token"
prize highroundloss 1 A $20 round=2
prize roundrecord 1 B $30 first=1 last=2
prize note 1 A 'Thanks to our sponsor'
prize rank -1 B 'Wooden spoon'
prize rank 1 C $10
prize rank 1 B $15 class=Z
`

// Round 1: Ann beat Bob 420-380, Cy beat Di 450-300. Round 2: Ann beat Cy 400-390, Di beat Bob
// 410-400. Standings: Ann 2-0, Cy 1-1 +140, Di 1-1 -140, Bob 0-2 -50. Classes: Ann, Bob A; Cy, Di B.
const A_T = `Alpha, Ann    1900 2 3; 420 400; class A
Bravo, Bob     1800 1 4; 380 400; class A
Charlie, Cy    1600 4 1; 450 390; class B
Delta, Di      1500 3 2; 300 410; class B
`
const B_T = `Echo, Ed      1200 2 2; 400 350
Foxtrot, Fay   1100 1 1; 300 360
`

function file(text: string): TDivisionFile {
  const parsed = parseTFile(text)
  if (!parsed.ok) throw new Error(parsed.error.message)
  return parsed.value
}

function importEvent(config: string, files: Record<string, string>) {
  const imported = importTshEvent(
    parseConfigTsh(config).config,
    new Map(Object.entries(files).map(([name, text]) => [name, file(text)])),
    { fallbackDate: '2026-05-01' },
  )
  if (!imported.ok) throw new Error(imported.error.message)
  return imported.value
}

describe('tsh prize lines and class tags imported (issue 14)', () => {
  const imported = importEvent(CONFIG, { 'a.t': A_T, 'b.t': B_T })
  const state = applyAll(imported.commands as Command[])

  test('the prize lines Rackside awards become the prize table, in order', () => {
    const a = state.divisions[0]?.prizes
    expect(a?.prizes).toEqual([
      { kind: 'place', place: 1, group: { kind: 'all' }, value: '$200', exclusive: true },
      { kind: 'place', place: 2, group: { kind: 'all' }, value: '$100', exclusive: true },
      {
        kind: 'place',
        place: 1,
        group: { kind: 'class', name: 'B' },
        value: '$50',
        exclusive: true,
      },
      { kind: 'high-win', place: 1, group: { kind: 'all' }, value: 'Book token', exclusive: false },
      {
        kind: 'high-loss',
        place: 1,
        group: { kind: 'all' },
        value: '$20',
        exclusive: false,
        rounds: { from: 2, to: 2 },
      },
    ])
    expect(state.divisions[1]?.prizes?.prizes).toEqual([
      {
        kind: 'session',
        place: 1,
        group: { kind: 'all' },
        value: '$30',
        exclusive: false,
        rounds: { from: 1, to: 2 },
      },
    ])
  })

  test('class tags become classes by hand', () => {
    expect(state.divisions[0]?.prizes?.classes).toEqual({
      kind: 'manual',
      members: [
        { player: 1, name: 'A' },
        { player: 2, name: 'A' },
        { player: 3, name: 'B' },
        { player: 4, name: 'B' },
      ],
    })
  })

  test('lines Rackside cannot award are reported with their line, never silently dropped', () => {
    const ignored = imported.warnings.filter((w) => w.code === 'timport.prize.ignored')
    expect(ignored.map((w) => [w.file, w.line])).toEqual([
      ['config.tsh', 11],
      ['config.tsh', 12],
      ['config.tsh', 13],
    ])
    expect(ignored[0]?.message).toContain('"note"')
    expect(ignored[2]?.message).toContain('no division "C"')
    const noClass = imported.warnings.filter((w) => w.code === 'timport.prize.class')
    expect(noClass.map((w) => [w.file, w.line, w.message])).toEqual([
      ['config.tsh', 14, 'division B: no player has class Z; its prize is left out'],
    ])
  })

  test('the prizes report shows the same table: Ann 1st, Cy 2nd, so Class B 1st goes to Di (exclusive=A)', () => {
    const report = prizesReport(state, 'A', 2)
    if (!report.ok) throw new Error(report.error.message)
    expect(
      report.value.awards.map((a) => [a.title, a.value, a.winners.map((w) => w.name).join(' & ')]),
    ).toEqual([
      ['1st place', '$200', 'Alpha, Ann'],
      ['2nd place', '$100', 'Charlie, Cy'],
      ['Class B 1st place', '$50', 'Delta, Di'],
      ['High game (win)', 'Book token', 'Charlie, Cy'],
      ['High loss, round 2', '$20', 'Bravo, Bob'],
    ])
  })

  test('exported back: the same prize lines and class tags, and a re-import gives the same table', () => {
    const archive = exportTshEvent(state)
    if (!archive.ok) throw new Error(archive.error.message)
    const read = parseTshArchive(archive.value)
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.configText).toContain('prize rank 1 A $200 exclusive=A')
    expect(read.value.configText).toContain('prize rank 1 A $50 class=B exclusive=A')
    expect(read.value.configText).toContain("prize highwin 1 A 'Book token'")
    expect(read.value.configText).toContain('prize highloss 1 A $20 first=2 last=2')
    expect(read.value.configText).toContain('prize roundrecord 1 B $30 first=1 last=2')
    const files = Object.fromEntries(read.value.files.map((f) => [f.name, f.text]))
    expect(files['a.t']).toMatch(/Charlie, Cy .*; class B/)
    const again = applyAll(importEvent(read.value.configText, files).commands as Command[])
    expect(again.divisions.map((d) => d.prizes)).toEqual(state.divisions.map((d) => d.prizes))
  })
})

describe('a single .t file with class tags', () => {
  test('gives the division its classes, by hand, as the tags say', () => {
    const imported = importTDivision(file(A_T), {
      division: 'A',
      rules: rulesFromPreset('nsa1995'),
    })
    if (!imported.ok) throw new Error(imported.error.message)
    const state = applyAll([
      create('nsa1995', 2),
      { type: 'addDivision', name: 'A' },
      ...imported.value.commands,
    ])
    const classes = state.divisions[0]?.prizes?.classes
    expect(classes?.kind === 'manual' && classes.members.map((m) => m.name)).toEqual([
      'A',
      'A',
      'B',
      'B',
    ])
    expect(state.divisions[0]?.prizes?.prizes).toEqual([])
  })
})

describe('prizes tsh has no type for are written as comments', () => {
  test('a high game of any result and a junior prize', () => {
    const state = applyAll([
      ...(importEvent(CONFIG, { 'a.t': A_T, 'b.t': B_T }).commands as Command[]),
      {
        type: 'setPrizes',
        division: 'B',
        prizes: {
          prizes: [
            { kind: 'high-game', place: 1, group: { kind: 'all' }, value: '$5', exclusive: false },
            {
              kind: 'place',
              place: 1,
              group: { kind: 'flag', flag: 'junior' },
              value: 'Medal',
              exclusive: true,
            },
          ],
          ties: 'spread',
          classes: { kind: 'none' },
          flags: [{ player: 2, flag: 'junior' }],
        },
      },
    ])
    const archive = exportTshEvent(state)
    if (!archive.ok) throw new Error(archive.error.message)
    expect(archive.value).toContain('# no tsh prize type (Rackside): prize high-game 1 B $5')
    expect(archive.value).toContain('# junior only (Rackside): prize rank 1 B Medal exclusive=B')
  })
})

describe('reading prize lines', () => {
  test.each([
    ['prize rank 1 A "$500 cash" class=B', ['prize', 'rank', '1', 'A', '"$500 cash"', 'class=B']],
    [
      "prize spread 1 A $25 groupname='Best spread'",
      ['prize', 'spread', '1', 'A', '$25', "groupname='Best spread'"],
    ],
  ])('%s', (line, words) => {
    expect(prizeWords(line)).toEqual(words)
  })

  test('tsh’s older names (highroundwin) read as the short ones', () => {
    const read = readTshPrizes([{ line: 4, text: 'prize highroundwin 2 a $10' }], ['A'])
    expect(read.prizes.get('A')).toEqual([
      { kind: 'high-win', place: 2, group: { kind: 'all' }, value: '$10', exclusive: false },
    ])
  })
})
