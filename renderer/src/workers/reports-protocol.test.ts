import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { divisionRatingEstimates } from '../../../shared/ratings/division-ratings'
import { gameLists } from '../../../shared/reports/game-lists'
import { prizesReport } from '../../../shared/reports/prizes'
import { teamStandings } from '../../../shared/reports/team-standings'
import { fold } from '../../../shared/tournament/apply'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import { rulesFromPreset } from '../../../shared/rules/presets'
import type { TournamentState } from '../../../shared/tournament/types'
import { buildReport, REPORT_KINDS } from '../../../shared/reports/report'
import { ok } from '../../../shared/result'
import { WHOLE_ROUND, type PrintAsked } from '../print/print-job'
import { printJob, roundPrintJob } from '../../../shared/print/render'
import { reportOf } from './reports-client'
import { playedEvent } from './test-support/played-event'
import { mirrorPatches } from './mirror'
import {
  answerReportRequest,
  type ReportAsked,
  type ReportReply,
  type ReportRequest,
} from './reports-protocol'

let version = 0
/**
 * The worker's reply to `request` about `state`, its copy of the state sent first (whole), each
 * message a structured clone as postMessage sends it.
 */
function inWorker(state: TournamentState, request: Omit<ReportRequest, 'version'>): ReportReply {
  version++
  const patches = [...mirrorPatches(undefined, state)]
  answerReportRequest(structuredClone({ kind: 'mirror', base: 0, version, patches }))
  const reply = answerReportRequest(structuredClone({ ...request, version }))
  if (reply === null) throw new Error('no reply')
  return reply
}

/**
 * 12 players, 4 rounds played of 6 (each round paired in a rotation, scores from a small sum),
 * a prize table with places, a class and game prizes, and a second division.
 */
function event(): TournamentState {
  const players = 12
  const commands: Command[] = [
    {
      type: 'createTournament',
      info: {
        name: 'Open',
        venue: 'Hall',
        startDate: '2026-03-14',
        endDate: '2026-03-14',
        rounds: 6,
      },
      rules: rulesFromPreset('nsa1995'),
    },
    { type: 'addDivision', name: 'A' },
    { type: 'addDivision', name: 'B' },
  ]
  for (let i = 1; i <= players; i++) {
    commands.push({
      type: 'registerPlayer',
      division: 'A',
      player: {
        name: `Player ${i}`,
        rating: 1000 + ((i * 137) % 1000),
        memberId: '',
        club: `C${i % 3}`,
      },
    })
  }
  for (let round = 1; round <= 4; round++) {
    const games = Array.from({ length: players / 2 }, (_, t) => {
      const a = ((t + round - 1) % players) + 1
      const b = ((players - 1 - t + round - 1) % players) + 1
      return { table: t + 1, players: [a, b] as [number, number] }
    })
    commands.push({
      type: 'pairRound',
      division: 'A',
      round,
      pairings: games.map((g) => ({ kind: 'game', ...g })),
    })
    for (const game of games) {
      const scores: [number, number] = [
        300 + ((game.players[0] * 31 + round * 17) % 200),
        300 + ((game.players[1] * 23 + round * 7) % 200),
      ]
      commands.push({
        type: 'recordResult',
        division: 'A',
        round,
        game: { table: game.table },
        result: {
          kind: 'played',
          players: game.players,
          rawScores: scores,
          overtimeSeconds: [0, 0],
          scores,
        },
      })
    }
  }
  const all = { kind: 'all' } as const
  commands.push({
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
  })
  const log: LoggedCommand[] = commands.map((command, seq) => ({
    seq,
    at: '2026-03-14T09:00:00.000Z',
    command,
  }))
  const state = fold('reports', log)
  if (!state.ok || state.value === undefined) throw new Error('the event does not fold')
  return state.value
}

const ASKED: readonly (ReportAsked & { readonly expected: (s: TournamentState) => unknown })[] = [
  { report: 'prizes', division: 'A', round: 6, expected: (s) => prizesReport(s, 'A', 6) },
  { report: 'game-lists', division: 'A', round: 6, expected: (s) => gameLists(s, 'A', 6) },
  { report: 'team-standings', division: 'A', round: 4, expected: (s) => teamStandings(s, 'A', 4) },
  { report: 'prizes', division: 'Z', round: 6, expected: (s) => prizesReport(s, 'Z', 6) },
  {
    report: 'rating-estimates',
    division: 'A',
    round: 0,
    expected: (s) => divisionRatingEstimates(s, 'A'),
  },
]

describe('the reports worker answers what the page would have worked out (issue 33)', () => {
  const state = event()

  test.each(ASKED)(
    '$report of division $division, worked out on the worker’s copy of the state',
    ({ expected, ...asked }) => {
      const reply = inWorker(state, { ...asked, id: 7 })
      expect(reply).toEqual({ id: 7, kind: 'report', value: expected(state) })
    },
  )

  test.each(ASKED)('$report without a Worker: worked out on the page, the same', async (asked) => {
    expect(await reportOf(state, asked)).toEqual(asked.expected(state))
  })

  test('issue 28: a request about a state the worker does not have is answered "stale" (the page resends it whole), not thrown nor failed', () => {
    const reply = answerReportRequest({
      report: 'prizes',
      division: 'A',
      round: 6,
      id: 1,
      version: 98765,
    })
    expect(reply).toMatchObject({ id: 1, kind: 'stale', has: expect.any(Number) })
    expect(reply?.kind === 'stale' && reply.has).not.toBe(98765)
  })
})

describe('rating estimates from the worker equal the estimates worked out afresh (issue 33)', () => {
  test('on seeded events, asked as each round is paired and played (the worker reuses its last)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        const { state, before } = playedEvent(seed)
        for (const [id, now] of [...before.slice(1), state].entries()) {
          const reply = inWorker(now, { report: 'rating-estimates', division: 'A', round: 0, id })
          expect(reply).toEqual({ id, kind: 'report', value: divisionRatingEstimates(now, 'A') })
        }
      }),
      { numRuns: 4 },
    )
  })
})

describe('the Print screen’s document from the worker is the very document built on the page (issue 33)', () => {
  /** The document as the Print screen built it on the page before: the full build. */
  function builtOnPage(state: TournamentState, asked: PrintAsked): unknown {
    if (asked.kind === WHOLE_ROUND) return roundPrintJob(state, asked.round, asked.pageSize)
    const report = buildReport(state, { ...asked, kind: asked.kind })
    return report.ok ? ok(printJob(report.value, asked.pageSize)) : report
  }

  function askedOf(state: TournamentState): PrintAsked[] {
    const asked: PrintAsked[] = []
    for (const kind of [WHOLE_ROUND, ...REPORT_KINDS] as const) {
      for (let round = 1; round <= state.info.rounds; round++) {
        for (const pageSize of ['A4', 'Letter'] as const) {
          asked.push({ kind, division: 'A', round, pageSize })
        }
      }
    }
    asked.push({
      kind: 'result-slips',
      division: 'A',
      round: 1,
      pageSize: 'A4',
      tables: { from: 2, to: 3 },
    })
    return asked
  }

  function sameDocuments(state: TournamentState): void {
    for (const print of askedOf(state)) {
      const reply = inWorker(state, {
        report: 'print-job',
        division: print.division,
        round: print.round,
        print,
        id: 3,
      })
      expect(reply).toEqual({ id: 3, kind: 'report', value: builtOnPage(state, print) })
      if (print.kind === WHOLE_ROUND) {
        // Several divisions: the whole state is sent.
        const whole = { ...print, id: 4, report: 'print-job' as const, division: '' }
        expect(inWorker(state, { ...whole, print })).toEqual({
          id: 4,
          kind: 'report',
          value: builtOnPage(state, print),
        })
      }
      const built = builtOnPage(state, print) as { ok: boolean; value?: { html: string } }
      if (reply.kind === 'report' && built.ok) {
        expect((reply.value as typeof built).value?.html).toBe(built.value?.html)
      }
    }
  }

  test('every document of every round on a real event, byte for byte', () => {
    sameDocuments(event())
  })

  test('on seeded events of 41 players with a bye and late entries', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) =>
        sameDocuments(playedEvent(seed).state),
      ),
      { numRuns: 2 },
    )
  })

  test('without a Worker the page writes the same document', async () => {
    const state = event()
    const print: PrintAsked = { kind: WHOLE_ROUND, division: 'A', round: 2, pageSize: 'A4' }
    expect(await reportOf(state, { report: 'print-job', division: 'A', round: 2, print })).toEqual(
      builtOnPage(state, print),
    )
  })
})
