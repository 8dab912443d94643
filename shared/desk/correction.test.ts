import { describe, expect, test } from 'vitest'
import { applyAll, WORKED_EXAMPLE_LOG } from '../tournament/test-support/event'
import { correctionToConfirm, storedResultText } from './correction'

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
