import { describe, expect, test } from 'vitest'
import { gameLists } from '../../../shared/reports/game-lists'
import { prizesReport } from '../../../shared/reports/prizes'
import { teamStandings } from '../../../shared/reports/team-standings'
import { fold } from '../../../shared/tournament/apply'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { generateLog } from '../../../shared/tournament/test-support/generate-log'
import type { TournamentState } from '../../../shared/tournament/types'
import { reportOf } from './reports-client'
import { answerReportRequest, stateJson, type ReportAsked } from './reports-protocol'

/** 30 players, 4 rounds played of 6, a prize table with places, a class and game prizes. */
function event(): TournamentState {
  const generated = generateLog({ players: 30, rounds: 4, seed: 33, starts: 'given' })
  const log: LoggedCommand[] = generated.map((entry) =>
    entry.command.type === 'createTournament'
      ? { ...entry, command: { ...entry.command, info: { ...entry.command.info, rounds: 6 } } }
      : entry,
  )
  const all = { kind: 'all' } as const
  log.push(
    {
      seq: log.length,
      at: '2026-03-16T18:00:00.000Z',
      command: { type: 'addDivision', name: 'B' },
    },
    {
      seq: log.length + 1,
      at: '2026-03-16T18:00:00.000Z',
      command: {
        type: 'setPrizes',
        division: 'A',
        prizes: {
          prizes: [
            { kind: 'place', place: 1, group: all, value: '$100', exclusive: true },
            {
              kind: 'place',
              place: 1,
              group: { kind: 'class', name: 'B' },
              value: '$50',
              exclusive: true,
            },
            { kind: 'high-game', place: 1, group: all, value: '$20', exclusive: false },
            { kind: 'upset', place: 1, group: all, value: '$20', exclusive: false },
          ],
          ties: 'spread',
          classes: {
            kind: 'rating',
            bands: [
              { name: 'A', minRating: 1500 },
              { name: 'B', minRating: 0 },
            ],
          },
          flags: [],
        },
      },
    },
  )
  const state = fold('reports', log)
  if (!state.ok || state.value === undefined) throw new Error('the event does not fold')
  return state.value
}

const ASKED: readonly (ReportAsked & { readonly expected: (s: TournamentState) => unknown })[] = [
  { report: 'prizes', division: 'A', round: 6, expected: (s) => prizesReport(s, 'A', 6) },
  { report: 'game-lists', division: 'A', round: 6, expected: (s) => gameLists(s, 'A', 6) },
  { report: 'team-standings', division: 'A', round: 4, expected: (s) => teamStandings(s, 'A', 4) },
  { report: 'prizes', division: 'Z', round: 6, expected: (s) => prizesReport(s, 'Z', 6) },
]

describe('the reports worker answers what the page would have worked out (issue 33)', () => {
  const state = event()

  test.each(ASKED)(
    '$report of division $division, sent as JSON with only that division',
    (asked) => {
      const reply = answerReportRequest({
        ...asked,
        id: 7,
        state: stateJson(state, asked.division),
      })
      expect(reply).toEqual({ id: 7, kind: 'report', value: asked.expected(state) })
    },
  )

  test.each(ASKED)('$report without a Worker: worked out on the page, the same', async (asked) => {
    expect(await reportOf(state, asked)).toEqual(asked.expected(state))
  })

  test('the JSON is written once for the requests on the same division of the same state', () => {
    expect(stateJson(state, 'A')).toBe(stateJson(state, 'A'))
    expect(
      JSON.parse(stateJson(state, 'A')).divisions.map((d: { name: string }) => d.name),
    ).toEqual(['A'])
  })

  test('a request the worker cannot read is answered "failed", not thrown', () => {
    expect(
      answerReportRequest({ report: 'prizes', division: 'A', round: 6, id: 1, state: '{' }),
    ).toMatchObject({
      id: 1,
      kind: 'failed',
    })
  })
})
