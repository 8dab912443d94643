import fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import {
  pairingWarnings,
  proposePairing,
  type ProposeOptions,
} from '../../../shared/desk/pair-next'
import { apply } from '../../../shared/tournament/apply'
import type { TournamentState } from '../../../shared/tournament/types'
import { pairingWarningsOffThread, proposePairingOffThread } from './pairing-client'
import {
  answerPairingRequest,
  pairingRequest,
  warningsRequest,
  type PairingRequest,
} from './pairing-protocol'
import { playedEvent } from './test-support/played-event'

/** What the worker answers, through the same text the page posts to it. */
function viaWorker(
  state: TournamentState,
  division: string,
  round: number,
  options: ProposeOptions,
): unknown {
  // The request crosses to the worker as a structured clone: JSON-safe data, which it is.
  const request = structuredClone(pairingRequest(7, state, division, round, options))
  const reply = answerPairingRequest(request)
  expect(reply.id).toBe(7)
  return reply.kind === 'proposal' ? reply.result : reply
}

const played = playedEvent(20260520)
const paired7 = proposePairing(played.state, 'A', 7, { seed: 77 })
if (!paired7.ok) throw new Error(paired7.error.code)
const applied7 = apply(played.state, paired7.value.command, played.state.id)
if (!applied7.ok) throw new Error(applied7.error.code)
const withRound7 = applied7.value

describe('the pairing worker proposes what the page proposes (issue 20: the same shared use-case)', () => {
  test.each([
    ['the next round, by the automatic plan (Swiss, a bye)', played.state, 7, { seed: 1 }],
    ['the next round, by King of the Hill', played.state, 7, { seed: 2, system: 'koth' }],
    ['the last round again, its unlocked tables re-paired', withRound7, 7, { seed: 3 }],
    [
      'only the players checked in (none today: everyone left out is said)',
      played.state,
      7,
      { seed: 4, onlyCheckedInOn: '2026-03-15', rollCallDay: '2026-03-15' },
    ],
    ['a refusal: a round beyond the next', played.state, 8, { seed: 5 }],
    ['a refusal: a division that does not exist', played.state, 7, { seed: 6 }, 'B'],
  ] as const)('%s', (_name, state, round, options, division: string = 'A') => {
    const direct = proposePairing(state, division, round, options)
    expect(viaWorker(state, division, round, options)).toEqual(direct)
  })

  test('a seeded event at any round and seed gives the same proposal both ways', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer(), (upTo, seed) => {
        const before = played.before[upTo - 1]
        if (before === undefined) throw new Error(`no round ${upTo}`)
        const direct = proposePairing(before, 'A', upTo, { seed })
        expect(viaWorker(before, 'A', upTo, { seed })).toEqual(direct)
      }),
      { numRuns: 12 },
    )
  })

  test.each([
    ['a round just proposed (the engine’s own choice: no repeat warned)', withRound7, 7],
    ['an earlier round of the event', withRound7, 4],
    ['a round not paired: nothing to warn about', played.state, 7],
  ] as const)(
    'the review’s warnings (pairingWarnings) the same both ways: %s',
    (_name, state, round) => {
      const request = structuredClone(warningsRequest(5, state, 'A', round))
      expect(answerPairingRequest(request)).toEqual({
        id: 5,
        kind: 'warnings',
        warnings: pairingWarnings(state, 'A', round),
      })
    },
  )

  test('the same state is written once for every request made on it', () => {
    const first = pairingRequest(1, withRound7, 'A', 8, { seed: 1 })
    const second = warningsRequest(2, withRound7, 'A', 7)
    expect(second.state).toBe(first.state)
    expect(JSON.parse(second.state)).toEqual(withRound7)
    expect(warningsRequest(3, played.state, 'A', 7).state).toBe(JSON.stringify(played.state))
  })

  test('a state asked about twice is read once, and a new state is read afresh', () => {
    const parse = vi.spyOn(JSON, 'parse')
    try {
      const first = answerPairingRequest(structuredClone(warningsRequest(1, withRound7, 'A', 7)))
      const again = answerPairingRequest(structuredClone(warningsRequest(2, withRound7, 'A', 7)))
      expect(again).toEqual({ ...first, id: 2 })
      const other = answerPairingRequest(
        structuredClone(pairingRequest(3, played.state, 'A', 7, { seed: 8 })),
      )
      expect(other).toEqual({
        id: 3,
        kind: 'proposal',
        result: proposePairing(played.state, 'A', 7, { seed: 8 }),
      })
      expect(parse.mock.calls.length).toBeLessThanOrEqual(2)
      expect(parse.mock.calls.length).toBeGreaterThanOrEqual(1)
    } finally {
      parse.mockRestore()
    }
  })

  test('a request the worker cannot read is answered as a failure, not thrown', () => {
    const broken: PairingRequest = {
      id: 3,
      kind: 'propose',
      state: '{"divisions": [',
      division: 'A',
      round: 1,
      options: { seed: 1 },
    }
    const reply = answerPairingRequest(broken)
    expect(reply).toMatchObject({ id: 3, kind: 'failed' })
    expect(reply.kind === 'failed' && reply.message).toMatch(/JSON/)
  })

  test('without a Worker (here, as in a browser that has none) the page pairs inline', async () => {
    expect(typeof Worker).toBe('undefined')
    const direct = proposePairing(played.state, 'A', 7, { seed: 9 })
    expect(await proposePairingOffThread(played.state, 'A', 7, { seed: 9 })).toEqual(direct)
    expect(await pairingWarningsOffThread(withRound7, 'A', 7)).toEqual(
      pairingWarnings(withRound7, 'A', 7),
    )
  })
})
