import { describe, expect, test } from 'vitest'
import type { Command, LoggedCommand } from '../tournament/commands'
import { applyAll, create, phonesCheckIn, register } from '../tournament/test-support/event'
import {
  authorityDay,
  checkedInWords,
  selfCheckIn,
  selfCheckInCommand,
} from './player-page-check-in'
import { playerPart } from './player-page'

const DAY = '2026-03-14'
const dateOf = (iso: string): Date => new Date(iso)
const BASE: readonly Command[] = [
  create(),
  { type: 'addDivision', name: 'A' },
  register('Ann'),
  register('Bob'),
]
const on = phonesCheckIn(DAY)

function at(commands: readonly Command[], times: Readonly<Record<number, string>> = {}) {
  const state = applyAll(commands)
  const log: LoggedCommand[] = commands.map((command, seq) => ({
    seq,
    at: times[seq] ?? '2026-03-14T08:00:00.000Z',
    command,
  }))
  const division = state.divisions[0]
  const ann = division?.players[0]
  if (division === undefined || ann === undefined) throw new Error('Ann in A')
  return { state, log, division, ann }
}

describe('self check-in on the player’s page (issue 30)', () => {
  test.each<[string, readonly Command[], { offered: boolean; checkedIn: boolean }]>([
    ['not turned on: no button', BASE, { offered: false, checkedIn: false }],
    ['turned on: the button', [...BASE, on], { offered: true, checkedIn: false }],
    [
      'turned on for another day: no button',
      [...BASE, { ...on, day: '2026-03-15' } as Command],
      { offered: false, checkedIn: false },
    ],
    [
      'withdrawn: no button',
      [...BASE, on, { type: 'withdrawPlayer', division: 'A', player: 1, fromRound: 1 }],
      { offered: false, checkedIn: false },
    ],
    [
      'checked in at the desk already: no button, checked in',
      [...BASE, on, { type: 'checkIn', division: 'A', player: 1, day: DAY }],
      { offered: false, checkedIn: true },
    ],
  ])('%s', (_what, commands, expected) => {
    const { log, division, ann } = at(commands)
    expect(selfCheckIn(log, division, ann, DAY, dateOf)).toMatchObject(expected)
  })

  test('the time said is the logged check-in’s (the authority’s), not another player’s', () => {
    const { division, ann } = at([...BASE, on])
    const command = selfCheckInCommand(division, ann, DAY)
    const bob = { type: 'checkIn', division: 'A', player: 2, day: DAY } as const
    const {
      log,
      division: after,
      ann: annAfter,
    } = at([...BASE, on, command, bob], {
      5: '2026-03-14T10:02:00.000Z',
      6: '2026-03-14T10:07:00.000Z',
    })
    const seen = selfCheckIn(log, after, annAfter, DAY, dateOf)
    expect(seen).toEqual({
      offered: false,
      checkedIn: true,
      at: new Date('2026-03-14T10:02:00.000Z'),
    })
    const local = new Date('2026-03-14T10:02:00.000Z')
    const hhmm = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`
    expect(checkedInWords(seen.at)).toBe(`Checked in at ${hhmm}.`)
    const part = playerPart({
      state: at([...BASE, on, command]).state,
      division: after,
      player: annAfter,
      code: 'ACDEFGHJ',
      now: new Date(),
      checkIn: seen,
    })
    expect(part.html).toContain(`<p class="checked-in">Checked in at ${hhmm}.</p>`)
    expect(part.said.startsWith(`Checked in at ${hhmm}. `)).toBe(true)
  })

  test('the page’s button posts to the code’s own check-in', () => {
    const { state, division, ann, log } = at([...BASE, on])
    const part = playerPart({
      state,
      division,
      player: ann,
      code: 'ACDEFGHJ',
      now: new Date(),
      checkIn: selfCheckIn(log, division, ann, DAY, dateOf),
    })
    expect(part.html).toContain(
      '<form class="check-in" method="post" action="/me/ACDEFGHJ/check-in">',
    )
    expect(part.html).toContain('<button type="submit">Check in</button>')
  })

  test.each<[string, string]>([
    ['2026-03-14T12:00:00', DAY],
    ['2026-03-13T12:00:00', DAY],
    ['2026-11-29T12:00:00', DAY],
  ])('at %s (local) the authority checks in for %s (the event’s one day)', (now, day) => {
    expect(authorityDay(applyAll(BASE), new Date(now))).toBe(day)
  })
})
