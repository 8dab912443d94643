import { describe, expect, test } from 'vitest'
import { apply } from '../tournament/apply'
import { applyAll, ID, WORKED_EXAMPLE_LOG } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { correctionToConfirm, storedResultText } from './correction'
import { parseResultLine, resultCommandFor } from './result-line'
import { deskEvent } from './test-support/desk-event'

describe('a result over an existing result is a correction the director confirms (issue 13)', () => {
  const state = applyAll(WORKED_EXAMPLE_LOG)
  const round1 = state.divisions[0]?.rounds[0]
  const game = round1?.pairings.find((p) => p.kind === 'game')

  test('a game with a result shows the stored value in words', () => {
    if (game?.kind !== 'game') throw new Error('the worked example has a game in round 1')
    const text = storedResultText(state, 'A', 1, { table: game.table })
    expect(text).toMatch(/\d+ – .* \d+/)
    expect(storedResultText(state, 'A', 1, { players: game.players })).toBe(text)
  })

  test.each([
    { what: 'a table that does not exist', round: 1, table: 99 },
    { what: 'a round not paired', round: 9, table: 1 },
  ])('$what has no stored result', ({ round, table }) => {
    expect(storedResultText(state, 'A', round, { table })).toBeNull()
  })
})

describe('naming who went first completes a record; anything else asks (issue 13, NSA II.F.1)', () => {
  const drawn = applyAll(WORKED_EXAMPLE_LOG)
  const division = drawn.divisions[0]
  const round = division?.rounds[0]
  const index = round?.pairings.findIndex((p) => p.kind === 'game') ?? -1
  const pairing = round?.pairings[index]
  const recorded = round?.results[index]
  if (pairing?.kind !== 'game' || !recorded) throw new Error('round 1 has a game with a result')
  const [a, b] = pairing.players
  const game = { table: pairing.table }
  const withFirst = (first: number | null): typeof drawn => ({
    ...drawn,
    divisions: drawn.divisions.map((d, i) =>
      i !== 0
        ? d
        : {
            ...d,
            rounds: d.rounds.map((r, k) =>
              k !== 0
                ? r
                : {
                    ...r,
                    results: r.results.map((x, j) => (j === index && x ? { ...x, first } : x)),
                  },
            ),
          },
    ),
  })
  const other =
    recorded.result.kind === 'played'
      ? { ...recorded.result, scores: [recorded.result.scores[0] + 1, recorded.result.scores[1]] }
      : recorded.result

  test.each([
    {
      what: 'start unknown, the line names the starter, same scores',
      first: null,
      entry: { first: a },
      asks: false,
    },
    { what: 'start unknown, no starter named', first: null, entry: {}, asks: true },
    { what: 'start known, another starter named', first: a, entry: { first: b }, asks: true },
    { what: 'start known, the same line again', first: a, entry: { first: a }, asks: true },
    {
      what: 'start unknown, other scores',
      first: null,
      entry: { first: a, result: other },
      asks: true,
    },
  ])('$what: asks $asks', ({ first, entry, asks }) => {
    const state = withFirst(first)
    const typed = { game, result: recorded.result, summary: 'typed', ...entry }
    const text = correctionToConfirm(
      state,
      'A',
      1,
      typed as Parameters<typeof correctionToConfirm>[3],
    )
    expect(text !== null).toBe(asks)
  })

  test('a game without a result asks nothing', () => {
    expect(
      correctionToConfirm(drawn, 'A', 9, {
        game: { table: 1 },
        result: recorded.result,
        summary: '',
      }),
    ).toBeNull()
  })
})

describe('issue 28: a correction to a forfeit and back keeps who went first (NSA II.F.1, MSA 1.3)', () => {
  /** Types each line at the Results screen of round 1 and stores it, as the screen does. */
  function typed(state: TournamentState, ...lines: readonly string[]): TournamentState {
    return lines.reduce((current, line) => {
      const entry = parseResultLine(line, { state: current, division: 'A', round: 1 })
      if (!entry.ok) throw new Error(`${line}: ${entry.error.code}`)
      const next = apply(current, resultCommandFor(current, 'A', 1, entry.value), ID)
      if (!next.ok) throw new Error(`${line}: ${next.error.code}`)
      return next.value
    }, state)
  }
  const firstAtTable1 = (state: TournamentState) => state.divisions[0]?.rounds[0]?.results[0]?.first

  test.each([
    {
      case: 'the slip marked Bob (not the printed starter)',
      line: '1 400 350 first bob',
      first: 2,
    },
    { case: 'the slip marked Ann', line: '1 400* 350', first: 1 },
  ])('$case: forfeit, then the played game again, still has its starter', ({ line, first }) => {
    const state = typed(deskEvent('nsa1995').state, line)
    expect(firstAtTable1(state)).toBe(first)
    const forfeited = typed(state, '1 forfeit bob')
    expect(firstAtTable1(forfeited)).toBeNull()
    expect(firstAtTable1(typed(forfeited, '1 400 350'))).toBe(first)
  })

  test('naming another starter on the way back still wins over the kept one', () => {
    const state = typed(deskEvent('nsa1995').state, '1 400* 350', '1 unplayed')
    expect(firstAtTable1(typed(state, '1 400 350 first bob'))).toBe(2)
  })
})
