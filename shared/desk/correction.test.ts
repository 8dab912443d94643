import { describe, expect, test } from 'vitest'
import { applyAll, WORKED_EXAMPLE_LOG } from '../tournament/test-support/event'
import { storedResultText } from './correction'

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
