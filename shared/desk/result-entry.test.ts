import { describe, expect, test } from 'vitest'
import type { Command } from '../tournament/commands'
import { applyAll } from '../tournament/test-support/event'
import { lineStep, storedSentence, storeStep, type HeldEntry, type LineStep } from './result-entry'
import { parseResultLine, type ResultEntry } from './result-line'
import { deskEvent, deskSetup, PAIR_ROUND_1 } from './test-support/desk-event'

/** Round 1 paired: Ann–Bob at table 1, Joanne–Dan at 2, Ed–Cy at 3, Fay's bye; no results. */
const { state } = deskEvent()
const context = { state, division: 'A', round: 1 }

function entryOf(line: string, at = context): ResultEntry {
  const parsed = parseResultLine(line, at)
  if (!parsed.ok) throw new Error(parsed.error.code)
  return parsed.value
}

const held = (line: string): HeldEntry => ({
  key: JSON.stringify(entryOf(line).game),
  line,
  entry: entryOf(line),
})

/** A step in a word: refused with its code, held (how many wait), or stored (how many wait). */
function said(step: ReturnType<typeof lineStep>): string {
  if (!step.ok) return step.error.code
  const value: LineStep = step.value
  return `${value.kind} ${value.held.length}`
}

describe('a typed line under single and double entry (issue 20: one use-case)', () => {
  test.each<[string, string, boolean, readonly HeldEntry[], string]>([
    ['a line is stored at once', '1 412 398', false, [], 'store 0'],
    [
      'a line the parser refuses stays, with its reason',
      '9 412 398',
      false,
      [],
      'result-line.table.unknown',
    ],
    ['double entry: the first line is held', '1 412 398', true, [], 'held 1'],
    [
      'double entry: a second game is held beside it',
      '2 400 300',
      true,
      [held('1 412 398')],
      'held 2',
    ],
    [
      'double entry: the same slip again is stored',
      'ann bob 412 398',
      true,
      [held('1 412 398')],
      'store 0',
    ],
    [
      'double entry: a different reading of the slip is refused',
      '1 412 389',
      true,
      [held('1 412 398')],
      'result.double-entry.mismatch',
    ],
  ])('%s', (_, line, on, waiting, outcome) => {
    expect(said(lineStep(line, context, { on, held: waiting }))).toBe(outcome)
  })

  test('the held line says what was read and what happens next', () => {
    const step = lineStep('1 412 398', context, { on: true, held: [] })
    expect(step.ok && step.value.kind === 'held' ? step.value.sentence : '').toBe(
      'First entry held: Table 1: Ann Smith 412 – Bob Jones 398. A second operator enters it again.',
    )
  })
})

describe('storing an entry: a correction is confirmed first (issue 13)', () => {
  const entered = applyAll([
    ...deskSetup(),
    PAIR_ROUND_1,
    {
      type: 'recordResult',
      division: 'A',
      round: 1,
      game: { table: 1 },
      result: entryOf('1 412 398').result,
    },
  ])
  const at = { state: entered, division: 'A', round: 1 }

  test.each<[string, typeof state, string, boolean, string]>([
    ['a game without a result: entered', state, '1 412 398', false, 'Entered: Table 1'],
    ['a changed result: the director sees the stored one', entered, '1 412 389', false, 'confirm'],
    ['the correction confirmed: corrected', entered, '1 412 389', true, 'Corrected: Table 1'],
  ])('%s', (_, tournament, line, confirmed, outcome) => {
    const entry = entryOf(line, { ...at, state: tournament })
    const step = storeStep(tournament, 'A', 1, entry, confirmed)
    const text = step.kind === 'confirm' ? 'confirm' : storedSentence(step.command, entry)
    expect(text.startsWith(outcome)).toBe(true)
  })
})

describe('issue 28: a slip typed on another division’s screen, its table unique in the hall', () => {
  /** Division B from table 11 (after A's tables), C from table `cTable`. */
  const hall = (cTable: number) =>
    deskEvent('nsa1995', [
      ...['B', 'C'].flatMap((d): Command[] => [
        { type: 'addDivision', name: d },
        ...['Zoe Quist', 'Yann Ortiz'].map((name): Command => ({
          type: 'registerPlayer',
          division: d,
          player: { name: `${name} ${d}`, rating: 1500, memberId: '', club: '' },
        })),
        {
          type: 'pairRound',
          division: d,
          round: 1,
          system: 'manual',
          pairings: [{ kind: 'game', table: d === 'B' ? 11 : cTable, players: [1, 2] }],
        },
      ]),
    ]).state

  test.each([
    {
      name: 'B’s table 11 typed on A is stored in B, and the screen says so',
      cTable: 12,
      doubleEntry: false,
      said: 'Entered in division B: Table 11: Zoe Quist B 400 – 300 Yann Ortiz B',
    },
    {
      name: 'two divisions sharing table 11: refused, naming one (the director chooses)',
      cTable: 11,
      doubleEntry: false,
      said: 'result-line.other-division',
    },
    {
      name: 'under double entry the first half waits for its own division’s screen',
      cTable: 12,
      doubleEntry: true,
      said: 'result-line.other-division',
    },
  ])('$name', ({ cTable, doubleEntry, said: expected }) => {
    const state = hall(cTable)
    const at = { state, division: 'A', round: 1 }
    const step = lineStep('11 400 300', at, { on: doubleEntry, held: [] })
    if (!step.ok || step.value.kind !== 'store') {
      expect(step.ok ? step.value.kind : step.error.code).toBe(expected)
      return
    }
    const division = step.value.division ?? 'A'
    const store = storeStep(state, division, 1, step.value.entry, false)
    if (store.kind !== 'dispatch') throw new Error('a first result asks nothing')
    expect(store.command).toMatchObject({
      type: 'recordResult',
      division: 'B',
      game: { table: 11 },
    })
    expect(storedSentence(store.command, step.value.entry, 'A')).toMatch(
      new RegExp(`^${expected.split(':')[0]}: Table 11: Zoe Quist B`),
    )
  })
})
