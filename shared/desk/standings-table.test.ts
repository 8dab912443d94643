import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { applyAll, ID, WORKED_EXAMPLE_LOG } from '../tournament/test-support/event'
import { generateLog } from '../tournament/test-support/generate-log'
import type { TournamentState } from '../tournament/types'
import { standingsTable, TIE_BREAK_RULE_TEXT } from './standings-table'

/** formats.md's worked example: Di (#4) withdraws after round 2; Cy forfeits round 3 to Bob. */
const state = applyAll(WORKED_EXAMPLE_LOG)

const brief = (round: number) =>
  standingsTable(state, 'A', round).map((r) =>
    [r.rank, r.name, r.wins, r.losses, r.spread, r.firsts, r.seconds, r.status].join(' '),
  )

describe('standings live as of any round (design.md, "Standings")', () => {
  test.each([
    {
      round: 1,
      rows: [
        '1 Ed 1 0 50 0 0 active',
        '2 Ann 1 0 40 1 0 active',
        '3 Cy 1 0 8 0 1 active',
        '4 Di 0 1 -8 1 0 withdrawn',
        '5 Bob 0 1 -40 0 1 active',
      ],
    },
    {
      round: 3,
      rows: [
        // Starts by NSA II.F: round 2 Cy and Bob start (fewer firsts; more seconds), round 3 Ed.
        '1 Ann 3 0 116 1 2 active',
        '2 Ed 1.5 1.5 28 1 1 active',
        '3 Bob 1.5 1.5 10 1 1 active',
        '4 Cy 1 2 -96 1 1 active',
      ],
    },
  ])('after round $round, with firsts and seconds and the status', ({ round, rows }) => {
    expect(brief(round)).toEqual(rows)
  })

  test('round 0: everyone entered, level, best rated first, sharing rank 1', () => {
    expect(standingsTable(state, 'A', 0).map((r) => [r.rank, r.name])).toEqual([
      [1, 'Ann'],
      [1, 'Bob'],
      [1, 'Cy'],
      [1, 'Di'],
      [1, 'Ed'],
    ])
  })

  test.each([
    { case: 'an unknown division', division: 'Z', round: 1 },
    { case: 'a round beyond the event', division: 'A', round: 4 },
    { case: 'a negative round', division: 'A', round: -1 },
  ])('$case gives no rows', ({ division, round }) => {
    expect(standingsTable(state, division, round)).toEqual([])
  })

  test('the tie-break rule is shown in words', () => {
    expect(TIE_BREAK_RULE_TEXT).toMatch(
      /wins.*half.*fewer losses.*spread.*rating.*player number.*share/,
    )
  })
})

describe('standings kept per division and round equal the standings worked out afresh (issue 33)', () => {
  /** The same state as new objects: nothing kept for the old ones applies to it. */
  const afresh = (state: TournamentState): TournamentState =>
    JSON.parse(JSON.stringify(state)) as TournamentState

  test('the table asked again of the same division is the one kept, not worked out again', () => {
    expect(standingsTable(state, 'A', 3)).toBe(standingsTable(state, 'A', 3))
  })

  test('on the worked example and random logs, asked after every command as the log grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (players, rounds, seed, corrections) => {
          const generated = generateLog({ players, rounds, seed, starts: 'given' }).map(
            (e) => e.command,
          )
          // Corrections at the end change rounds already asked about: each swaps a game's scores.
          const results = generated.filter((c) => c.type === 'recordResult')
          const log: Command[] = [...generated]
          for (const pick of corrections) {
            const original = results[pick % results.length]
            if (original?.type !== 'recordResult' || original.result.kind !== 'played') continue
            const [a, b] = original.result.scores
            const scores = [b, a] as const
            log.push({
              ...original,
              type: 'correctResult',
              result: { ...original.result, rawScores: scores, scores },
            })
          }
          for (const commands of [WORKED_EXAMPLE_LOG, log]) {
            let now: TournamentState | undefined
            for (const command of commands) {
              const next = apply(now, command, ID)
              if (!next.ok) continue
              now = next.value
              for (let round = 0; round <= now.info.rounds; round++) {
                for (const d of now.divisions) {
                  expect(standingsTable(now, d.name, round)).toEqual(
                    standingsTable(afresh(now), d.name, round),
                  )
                }
              }
            }
          }
        },
      ),
      { numRuns: 25 },
    )
  })
})
