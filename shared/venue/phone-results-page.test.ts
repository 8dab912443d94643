import { describe, expect, test } from 'vitest'
import type { Command } from '../tournament/commands'
import { applyAll, played, WORKED_EXAMPLE } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { phoneGame, phoneResultCommand, readBack, resultSection } from './phone-results-page'

/*
 * Issue 30, the phone's result part: round 1 of the worked example published, table 1 Ann (#1)
 * v Bob (#2), Ed (#5) has the bye; results opened to phones on the event's day.
 */
const DAY = '2026-03-14'
const pairRound1 = WORKED_EXAMPLE.round1[0] as Command
const opened: readonly Command[] = [
  ...WORKED_EXAMPLE.setup,
  pairRound1,
  { type: 'publishRound', division: 'A', round: 1 },
  { type: 'setPhoneAccess', division: 'A', day: DAY, checkIn: false, results: true },
]
const gameOf = (state: TournamentState, player: number, day = DAY) => {
  const division = state.divisions[0]
  const me = division?.players[player - 1]
  if (division === undefined || me === undefined) throw new Error('no player')
  return phoneGame(division, me, day)
}

describe('issue 30: which game a phone may enter', () => {
  const state = applyAll(opened)
  test.each<[string, TournamentState, number, string, number | null]>([
    ['Ann’s game at table 1', state, 1, DAY, 1],
    ['Ed has the bye', state, 5, DAY, null],
    ['another day, not opened', state, 1, '2026-03-15', null],
    [
      'before the round is published',
      applyAll(opened.filter((c) => c.type !== 'publishRound')),
      1,
      DAY,
      null,
    ],
    [
      'once the result is in',
      applyAll([
        ...opened,
        {
          type: 'recordResult',
          division: 'A',
          round: 1,
          game: { table: 1 },
          result: played([1, 2], [400, 300]),
        },
      ]),
      1,
      DAY,
      null,
    ],
  ])('%s', (_, at, player, day, table) => {
    expect(gameOf(at, player, day)?.table ?? null).toBe(table)
  })
})

describe('issue 30: the form’s fields become the phone’s command', () => {
  const state = applyAll(opened)
  const game = gameOf(state, 2)
  const division = state.divisions[0]
  if (game === undefined || division === undefined) throw new Error('no game')
  test.each<[string, Record<string, string>, string]>([
    ['Bob’s score is no number', { mine: '4x2', theirs: '398', first: 'me' }, 'phone-result.score'],
    ['Ann’s score is empty', { mine: '412', theirs: '', first: 'me' }, 'phone-result.score'],
    ['nobody started', { mine: '412', theirs: '398', first: '' }, 'phone-result.starter'],
  ])('refused: %s', (_, form, code) => {
    const made = phoneResultCommand(
      state,
      division,
      game,
      { mine: '', theirs: '', first: '', send: false, ...form },
      0,
    )
    expect(made.ok ? null : made.error.code).toBe(code)
  })

  test('Bob’s own entry, his key on it, the result in his order', () => {
    const made = phoneResultCommand(
      state,
      division,
      game,
      { mine: '398', theirs: '412', first: 'opponent', send: true },
      7,
    )
    expect(made.ok ? made.value : made.error).toEqual({
      type: 'phoneResult',
      division: 'A',
      round: 1,
      table: 1,
      player: 2,
      result: played([2, 1], [398, 412]),
      first: 1,
      at: 7,
      keys: [{ player: 2, key: division.players[1]?.key }],
    })
  })
})

describe('issue 30: what the page says', () => {
  test.each<[string, number, string]>([
    ['he started', 2, 'You 398, Ann 412, you started.'],
    ['the opponent started', 1, 'You 398, Ann 412, Ann started.'],
  ])('the entry read back in words: %s', (_, first, words) => {
    const game = gameOf(applyAll(opened), 2)
    if (game === undefined) throw new Error('no game')
    expect(readBack(game, [398, 412], first)).toBe(words)
  })

  test('the opponent sees the entry with Confirm; the one who typed it waits', () => {
    const entry: Command = {
      type: 'phoneResult',
      division: 'A',
      round: 1,
      table: 1,
      player: 1,
      result: played([1, 2], [412, 398]),
      first: 1,
      at: 0,
    }
    const state = applyAll([...opened, entry])
    const bob = resultSection('CODEBOB1', gameOf(state, 2)).html
    expect(bob).toContain('Ann entered: You 398, Ann 412, Ann started.')
    expect(bob).toContain('Confirm</button>')
    const ann = resultSection('CODEANN1', gameOf(state, 1)).html
    expect(ann).toContain('You entered: You 412, Bob 398, you started. Waiting for Bob to confirm.')
    expect(ann).toContain('inputmode="numeric"')
  })
})
