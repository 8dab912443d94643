import { describe, expect, test } from 'vitest'
import type { Command, CommandType } from '../tournament/commands'
import { logOf, WORKED_EXAMPLE_LOG } from '../tournament/test-support/event'
import { COMMUTING_COMMANDS, commutes, headOfLog } from './proposal'

/**
 * Every command type, decided once (a Record, so a new command type does not compile until it is
 * placed): issue 21 names "check-in, result, correction, arrival, registration, penalty" as
 * commuting; "pairing, plan, rule changes and undo/redo keep the strict head check".
 */
const COMMUTES: Readonly<Record<CommandType, boolean>> = {
  checkIn: true,
  cancelCheckIn: true,
  recordResult: true,
  correctResult: true,
  recordArrival: true,
  registerPlayer: true,
  registerPlayers: true,
  assignPenalty: true,
  createTournament: false,
  editTournamentInfo: false,
  changeRules: false,
  addDivision: false,
  editPlayer: false,
  withdrawPlayer: false,
  reinstatePlayer: false,
  setPairingPlan: false,
  setContention: false,
  setDoNotPair: false,
  setPrizes: false,
  setTableOffset: false,
  setRatingSystem: false,
  pairRound: false,
  editPairing: false,
  unpairRound: false,
  publishRound: false,
  startRound: false,
  markAbsent: false,
  issueWarning: false,
  overrideStarter: false,
  undo: false,
  redo: false,
}

describe('which commands an authority applies on a head the desk had not caught up with (issue 21)', () => {
  test.each(Object.entries(COMMUTES))('%s commutes: %s', (type, expected) => {
    expect(commutes({ type } as Command)).toBe(expected)
  })

  test('the list is exactly the commuting ones of the table', () => {
    const listed = Object.entries(COMMUTES)
      .filter(([, yes]) => yes)
      .map(([type]) => type)
    expect([...COMMUTING_COMMANDS].sort()).toEqual(listed.sort())
  })
})

describe('the head a desk built on', () => {
  const log = logOf(WORKED_EXAMPLE_LOG)

  test('an empty log: no commands, no last fingerprint', () => {
    expect(headOfLog([])).toEqual({ length: 0, last: null })
  })

  test('the same log read back with its keys in another order has the same head', () => {
    const reordered = log.map((entry) => ({
      command: Object.fromEntries(Object.entries(entry.command).reverse()) as Command,
      at: entry.at,
      seq: entry.seq,
    }))
    expect(headOfLog(reordered)).toEqual(headOfLog(log))
    expect(headOfLog(log).length).toBe(log.length)
  })

  test('a log of the same length whose last command differs has another head', () => {
    const last = log.at(-1)
    if (last === undefined) throw new Error('the worked example has commands')
    const other = [...log.slice(0, -1), { ...last, desk: 'desk-b' }]
    expect(headOfLog(other).length).toBe(headOfLog(log).length)
    expect(headOfLog(other).last).not.toBe(headOfLog(log).last)
  })
})
