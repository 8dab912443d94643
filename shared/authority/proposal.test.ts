import { describe, expect, test } from 'vitest'
import type { Command, CommandType } from '../tournament/commands'
import { logOf, WORKED_EXAMPLE_LOG } from '../tournament/test-support/event'
import { COMMUTATION, commutes, headOfLog } from './proposal'

describe('which commands an authority rebases onto a head the desk had not seen (issue 27)', () => {
  // Issue 21 named them; issue 27 made each carry what it meant (keys, the result it replaces).
  const rebased: readonly CommandType[] = [
    'checkIn',
    'cancelCheckIn',
    'recordArrival',
    'assignPenalty',
    'recordResult',
    'correctResult',
    'registerPlayer',
    'registerPlayers',
  ]

  test.each(rebased)('%s is rebased, so it commutes', (type) => {
    expect(commutes({ type } as Command)).toBe(true)
  })

  test('every other command needs the current head', () => {
    const strict = (Object.keys(COMMUTATION) as CommandType[]).filter((t) => !rebased.includes(t))
    expect(strict.length).toBeGreaterThan(20)
    for (const type of strict) expect(commutes({ type } as Command)).toBe(false)
  })

  test.each(Object.entries(COMMUTATION))('%s says why in words', (_type, { why }) => {
    expect(why.trim().split(/\s+/).length).toBeGreaterThanOrEqual(3)
  })

  test('a command naming a player by number without a key is never rebased', () => {
    // Issue 27: only the keyed ones can be brought to today's numbers; the rest wait for the head.
    for (const type of ['editPlayer', 'withdrawPlayer', 'markAbsent', 'issueWarning'] as const) {
      expect(COMMUTATION[type].rule).toBe('needs the current head')
    }
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
