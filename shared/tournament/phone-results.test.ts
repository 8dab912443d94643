import { describe, expect, test } from 'vitest'
import type { GameResult } from '../results/game-result'
import { apply, fold } from './apply'
import type { Command } from './commands'
import { describeCommand } from './describe'
import { agoWords, phoneDisputes, phoneTables, resultFromEntry, sameEntry } from './phone-results'
import { applyAll, ID, logOf, played, WORKED_EXAMPLE } from './test-support/event'
import type { TournamentState } from './types'

/*
 * Issue 30, "Result entry with the opponent confirming": round 1 of the worked example, paired and
 * not yet played: table 1 is Ann (#1) v Bob (#2), table 2 Cy (#3) v Di (#4), Ed (#5) has a bye.
 */
const pairRound1 = WORKED_EXAMPLE.round1[0] as Command
const setup: readonly Command[] = [...WORKED_EXAMPLE.setup, pairRound1]
const MIN = 60_000
type PhoneCommand = Extract<Command, { type: 'phoneResult' }>
const T0 = Date.UTC(2026, 2, 14, 10, 0)

const phone = (
  player: number,
  result: GameResult,
  at = T0,
  table = 1,
  first: number | undefined = 1,
): Command => ({
  type: 'phoneResult',
  division: 'A',
  round: 1,
  table,
  player,
  result,
  ...(first === undefined ? {} : { first }),
  at,
})

const annWins = played([1, 2], [412, 398])
/** The same game as Bob's phone types it: his own score first. */
const annWinsBobFirst = played([2, 1], [398, 412])
const bobWins = played([1, 2], [398, 412])

function tryAll(commands: readonly Command[]): TournamentState | string {
  let state: TournamentState | undefined
  for (const command of commands) {
    const next = apply(state, command, ID)
    if (!next.ok) return next.error.code
    state = next.value
  }
  if (state === undefined) throw new Error('no commands')
  return state
}

const round1 = (state: TournamentState) => {
  const round = state.divisions[0]?.rounds[0]
  if (round === undefined) throw new Error('no round 1')
  return round
}

describe('issue 30: a phone’s entry and the opponent’s confirmation', () => {
  test('the first entry waits for the opponent: no result yet', () => {
    const state = applyAll([...setup, phone(1, annWins)])
    expect(round1(state).results[0]).toBeNull()
    expect(phoneTables(round1(state), T0 + MIN).map((t) => [t.table, t.state])).toEqual([
      [1, 'waiting'],
    ])
  })

  test.each<[string, GameResult]>([
    ['in the same order', annWins],
    ['with his own score first', annWinsBobFirst],
  ])('the opponent’s equal entry records the result (%s)', (_, confirming) => {
    const state = applyAll([...setup, phone(1, annWins), phone(2, confirming, T0 + MIN)])
    const round = round1(state)
    expect(round.results[0]?.result).toEqual(confirming)
    expect(round.results[0]?.first).toBe(1)
    expect(round.phoneEntries).toBeUndefined()
  })

  test('the recorded result is the one recordResult gives', () => {
    const byPhones = applyAll([...setup, phone(1, annWins), phone(2, annWins)])
    const byDesk = applyAll([
      ...setup,
      {
        type: 'recordResult',
        division: 'A',
        round: 1,
        game: { table: 1 },
        result: annWins,
        first: 1,
      },
    ])
    expect(byPhones).toEqual(byDesk)
  })

  test.each<[string, Command]>([
    ['other scores', phone(2, bobWins, T0 + MIN)],
    ['another starter', phone(2, annWins, T0 + MIN, 1, 2)],
  ])('the opponent’s different entry (%s) leaves the table disputed', (_, other) => {
    const state = applyAll([...setup, phone(1, annWins), other])
    const round = round1(state)
    expect(round.results[0]).toBeNull()
    expect(phoneDisputes(round, T0 + MIN).map((t) => [t.table, t.state, t.entries.length])).toEqual(
      [[1, 'differ', 2]],
    )
  })

  test('a player corrects his own entry before the opponent confirms', () => {
    const state = applyAll([...setup, phone(1, bobWins), phone(1, annWins), phone(2, annWins)])
    expect(round1(state).results[0]?.result).toEqual(annWins)
  })

  test.each([
    [9, 'waiting'],
    [10, 'unconfirmed'],
  ])('an entry %i minutes old is %s (10 minutes by default)', (minutes, expected) => {
    const round = round1(applyAll([...setup, phone(1, annWins)]))
    expect(phoneTables(round, T0 + minutes * MIN).map((t) => t.state)).toEqual([expected])
    expect(phoneDisputes(round, T0 + minutes * MIN).length).toBe(expected === 'waiting' ? 0 : 1)
  })

  test.each([
    [4, 'waiting'],
    [5, 'unconfirmed'],
  ])('with the director’s 5 minutes, an entry %i minutes old is %s', (minutes, expected) => {
    const round = round1(applyAll([...setup, phone(1, annWins)]))
    expect(phoneTables(round, T0 + minutes * MIN, 5).map((t) => t.state)).toEqual([expected])
  })

  test('the desk’s result wins: the phones’ entries count no more, and no phone changes it', () => {
    const desk: Command = {
      type: 'recordResult',
      division: 'A',
      round: 1,
      game: { table: 1 },
      result: bobWins,
    }
    const state = applyAll([...setup, phone(1, annWins), phone(2, bobWins), desk])
    expect(phoneTables(round1(state), T0 + 60 * MIN)).toEqual([])
    expect(tryAll([...setup, desk, phone(1, annWins)])).toBe('phone-result.recorded')
    expect(tryAll([...setup, phone(1, annWins), phone(2, annWins), phone(1, bobWins)])).toBe(
      'phone-result.recorded',
    )
  })

  test.each<[string, Command, string]>([
    ['a player not at the table', phone(3, annWins), 'phone-result.not-at-table'],
    ['the bye', phone(5, annWins, T0, 3), 'table.missing'],
    [
      'a forfeit',
      phone(1, {
        kind: 'forfeit',
        winner: 1,
        loser: 2,
        reason: 'no-show',
        spread: 50,
        rated: false,
      }),
      'phone-result.not-played',
    ],
    ['a starter not at the table', phone(1, annWins, T0, 1, 3), 'phone-result.first'],
    [
      'another table’s players',
      phone(3, played([3, 4], [400, 300]), T0, 1),
      'phone-result.not-at-table',
    ],
    ['a round not paired', { ...(phone(1, annWins) as PhoneCommand), round: 2 }, 'round.missing'],
  ])('refused: %s', (_, command, code) => {
    expect(tryAll([...setup, command])).toBe(code)
  })

  test('undoing the confirmation brings back the waiting entry', () => {
    const log = logOf([...setup, phone(1, annWins), phone(2, annWins), { type: 'undo', seq: 9 }])
    const folded = fold(ID, log)
    if (!folded.ok || folded.value === undefined) throw new Error('does not fold')
    const round = round1(folded.value)
    expect(round.results[0]).toBeNull()
    expect(phoneTables(round, T0).map((t) => [t.state, t.entries[0]?.player])).toEqual([
      ['waiting', 1],
    ])
  })

  test('entries compare by player, whatever order each phone typed them in', () => {
    expect(sameEntry({ result: annWins }, { result: annWinsBobFirst })).toBe(true)
    expect(sameEntry({ result: annWins, first: 1 }, { result: annWins })).toBe(false)
  })
})

describe('issue 30: History names the phones', () => {
  const before = (commands: readonly Command[]) => applyAll([...setup, ...commands])
  test.each<[string, readonly Command[], Command, string]>([
    [
      'the first entry',
      [],
      phone(1, annWins),
      'Round 1, table 1: Ann 412 – Bob 398, Ann started, entered by Ann’s phone for the opponent to confirm',
    ],
    [
      'the confirmation',
      [phone(1, annWins)],
      phone(2, annWins),
      'Round 1, table 1: Ann 412 – Bob 398, Ann started, entered by Ann’s phone, confirmed by Bob’s phone',
    ],
    [
      'a different entry',
      [phone(1, annWins)],
      phone(2, bobWins),
      'Round 1, table 1: Ann 398 – Bob 412, Ann started, entered by Bob’s phone: disputed, Ann’s phone entered Ann 412 – Bob 398',
    ],
  ])('%s', (_, earlier, command, words) => {
    expect(describeCommand(command, before(earlier))).toBe(words)
  })
})

describe('issue 30: the desk settles a disputed table', () => {
  test('with one side’s entry: a desk’s recordResult with the seated players’ keys', () => {
    const state = applyAll([...setup, phone(1, annWins), phone(2, bobWins, T0 + MIN)])
    const division = state.divisions[0]
    const [table] = phoneDisputes(round1(state), T0 + MIN)
    const bob = table?.entries.find((e) => e.player === 2)
    if (division === undefined || table === undefined || bob === undefined) throw new Error('no')
    const command = resultFromEntry(division, table, bob)
    expect(command).toMatchObject({ type: 'recordResult', game: { table: 1 }, result: bobWins })
    const settled = applyAll([...setup, phone(1, annWins), phone(2, bobWins), command])
    expect(round1(settled).results[0]?.result).toEqual(bobWins)
    expect(phoneDisputes(round1(settled), T0 + 60 * MIN)).toEqual([])
  })

  test.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [MIN, '1 minute ago'],
    [12 * MIN + 5, '12 minutes ago'],
  ])('an entry %i ms old was made %s', (age, words) => {
    expect(agoWords(T0, T0 + age)).toBe(words)
  })
})
