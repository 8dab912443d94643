import { describe, expect, test } from 'vitest'
import { pairingInputFromTFile } from '../pairing/from-t-file'
import { pairRound } from '../pairing/pair-round'
import { STARTS } from '../pairing/test-support/simulate'
import { reservedTables } from '../tournament/tables'
import { applyAll, create, register } from '../tournament/test-support/event'
import { exportTDivisionWithNotes } from './t-export'
import { parseTFile, readTFile, serializeTFile } from './t-file'
import { importTDivision } from './t-import'

/*
 * Issue 32: a table kept for a player goes out in the `.t` file and comes back. tsh has no
 * per-player table of its own that we could confirm, so it is Rackside's `rackside table=T`
 * (t-rackside-tag.ts), which tsh keeps unread; the CLI's `pair` reads it from the file it pairs.
 */
describe('a kept table in the tsh .t file (issue 32)', () => {
  const state = applyAll([
    create('nsa1995', 3),
    { type: 'addDivision', name: 'A' },
    register('Ann', 1800),
    register('Bob', 1700),
    register('Cy', 1600),
    register('Di', 1500),
    { type: 'reserveTable', division: 'A', player: 3, table: 2 },
  ])
  const exported = exportTDivisionWithNotes(state, 'A')
  if (!exported.ok) throw new Error(exported.error.message)
  const text = serializeTFile(exported.value.file)

  test('the export writes it in the player’s rackside tag', () => {
    expect(text.split('\n')[2]).toMatch(/; rackside table=2$/)
    expect(text.split('\n')[0]).not.toContain('rackside')
  })

  test('the import gives the player his table back', () => {
    const imported = importTDivision(readTFile(text).file, {
      division: 'A',
      rules: state.rules,
      rounds: 3,
    })
    if (!imported.ok) throw new Error(imported.error.message)
    const back = applyAll([
      create('nsa1995', 3),
      { type: 'addDivision', name: 'A' },
      ...imported.value.commands,
    ])
    expect(reservedTables(back)).toEqual([{ division: 'A', player: 3, name: 'Cy', table: 2 }])
  })

  test('the CLI’s pairing from the .t keeps Cy at table 2', () => {
    const parsed = parseTFile(text)
    if (!parsed.ok) throw new Error(parsed.error.message)
    const input = pairingInputFromTFile(parsed.value, {
      round: 1,
      basedOn: 0,
      system: 'swiss',
      starts: STARTS,
    })
    if (!input.ok) throw new Error(input.error.message)
    const paired = pairRound(input.value)
    if (!paired.ok) throw new Error(paired.error.message)
    const cy = paired.value.pairings.find((p) => p.first === 3 || p.second === 3)
    expect(cy?.table).toBe(2)
  })
})
