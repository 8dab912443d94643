import { describe, expect, test } from 'vitest'
import { pairingsByTable } from '../reports/pairings'
import { resultSlips } from '../reports/slips'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { applyAll, create, register } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { proposePairing } from './pair-next'
import { parseResultLine, resultCommandFor } from './result-line'

/*
 * Issue 11: "First table of division B" on the Rounds screen. Two divisions in one hall never both
 * have a table 1: B numbered from 31 is paired, printed and entered at 31 and 32 — the desk path
 * the screens take (setTableOffset → proposePairing → apply → pairings and slips → result line).
 */

function twoDivisions(offset: number): TournamentState {
  const commands: Command[] = [create('nsa1995', 3)]
  for (const division of ['A', 'B']) {
    commands.push({ type: 'addDivision', name: division })
    for (let i = 1; i <= 4; i++)
      commands.push(register(`${division}${String(i)}`, 2000 - i, division))
  }
  commands.push({ type: 'setTableOffset', division: 'B', offset })
  let state = applyAll(commands)
  for (const division of ['A', 'B']) {
    const proposal = proposePairing(state, division, 1, { seed: 3 })
    if (!proposal.ok) throw new Error(proposal.error.message)
    const paired = apply(state, proposal.value.command, state.id)
    if (!paired.ok) throw new Error(paired.error.message)
    state = paired.value
  }
  return state
}

describe('table numbers offset per division (issue 11)', () => {
  const state = twoDivisions(30)

  test.each([
    { division: 'A', tables: [1, 2] },
    { division: 'B', tables: [31, 32] },
  ])(
    'division $division is paired, printed and slipped at tables $tables',
    ({ division, tables }) => {
      const byTable = pairingsByTable(state, division, 1)
      const slips = resultSlips(state, division, 1)
      if (!byTable.ok || !slips.ok) throw new Error('report refused')
      expect(byTable.value.rows.map((r) => (r.kind === 'game' ? r.table : null))).toEqual(tables)
      expect(slips.value.slips.map((s) => s.table)).toEqual(tables)
    },
  )

  test('a result line takes the hall number: B’s table 31, and B has no table 1', () => {
    const entry = parseResultLine('31 400 350', { state, division: 'B', round: 1 })
    if (!entry.ok) throw new Error(entry.error.message)
    const stored = apply(state, resultCommandFor(state, 'B', 1, entry.value), state.id)
    expect(stored.ok).toBe(true)
    expect(parseResultLine('1 400 350', { state, division: 'B', round: 1 }).ok).toBe(false)
  })

  test.each([-1, 1.5])('an offset of %s is refused with the division named', (offset) => {
    const before = applyAll([create('nsa1995', 3), { type: 'addDivision', name: 'B' }])
    const refused = apply(before, { type: 'setTableOffset', division: 'B', offset }, before.id)
    expect(refused.ok ? null : refused.error.code).toBe('division.table-offset.invalid')
  })
})
