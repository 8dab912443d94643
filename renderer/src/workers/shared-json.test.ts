import fc from 'fast-check'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { proposePairing } from '../../../shared/desk/pair-next'
import { apply } from '../../../shared/tournament/apply'
import type { TournamentState } from '../../../shared/tournament/types'
import { warningsRequest } from './pairing-protocol'
import { sharedJson } from './shared-json'
import { playedEvent } from './test-support/played-event'

const played = playedEvent(20261129)

function published(state: TournamentState, round: number): TournamentState {
  const next = apply(state, { type: 'publishRound', division: 'A', round }, state.id)
  if (!next.ok) throw new Error(next.error.code)
  return next.value
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('sharedJson writes what JSON.stringify writes (issue 33)', () => {
  test.each([
    ['an event as each round was paired', ...played.before.filter((s) => s !== undefined)],
    ['the event played', played.state],
  ])('%s', (_name, ...states) => {
    for (const state of states) expect(sharedJson(state)).toBe(JSON.stringify(state))
  })

  test('a state one command on, written after the one before it', () => {
    const paired = proposePairing(played.state, 'A', 7, { seed: 9 })
    if (!paired.ok) throw new Error(paired.error.code)
    const next = apply(played.state, paired.value.command, played.state.id)
    if (!next.ok) throw new Error(next.error.code)
    sharedJson(played.state)
    expect(sharedJson(next.value)).toBe(JSON.stringify(next.value))
    expect(sharedJson(published(next.value, 7))).toBe(JSON.stringify(published(next.value, 7)))
  })

  test('any JSON value, undefined fields and holes as JSON drops or nulls them', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBoxedValues: false,
          withMap: false,
          withSet: false,
          withObjectString: false,
          withNullPrototype: false,
          withBigInt: false,
          withDate: false,
          withTypedArray: false,
          withSparseArray: true,
          maxDepth: 7,
        }),
        (value) => {
          const whole = { value, again: [value, { value }] }
          expect(sharedJson(whole)).toBe(JSON.stringify(whole))
        },
      ),
    )
  })
})

describe('the state sent to the pairing worker after one command (issue 33)', () => {
  test('writes again only the round the command changed, not the rounds it kept', () => {
    const before = played.state
    warningsRequest(1, before, 'A', 6)
    const after = published(before, 6)
    const spy = vi.spyOn(JSON, 'stringify')
    const request = warningsRequest(2, after, 'A', 6)
    const division = after.divisions[0]
    if (division === undefined) throw new Error('no division')
    const rewritten = new Set(spy.mock.calls.map(([value]) => value))
    // Round 6 was published: a new round object; rounds 1–5 are the ones the last state had.
    expect(rewritten.has(division.rounds[5])).toBe(true)
    for (const round of division.rounds.slice(0, 5)) expect(rewritten.has(round)).toBe(false)
    spy.mockRestore()
    expect(request.state).toBe(JSON.stringify(after))
  })
})
