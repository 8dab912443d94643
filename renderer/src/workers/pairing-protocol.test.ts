import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  pairingWarnings,
  proposePairing,
  type ProposeOptions,
} from '../../../shared/desk/pair-next'
import { apply } from '../../../shared/tournament/apply'
import type { TournamentState } from '../../../shared/tournament/types'
import { mirrorSender } from './mirror'
import { pairingWarningsOffThread, proposePairingOffThread } from './pairing-client'
import {
  answerPairingRequest,
  pairingRequest,
  warningsRequest,
  type PairingReply,
  type PairingRequest,
} from './pairing-protocol'
import { playedEvent } from './test-support/played-event'

/** Every message crosses to the worker as a structured clone, as postMessage sends it. */
const toWorker = (message: PairingRequest): PairingReply | null =>
  answerPairingRequest(structuredClone(message))

/** The page's side of the worker's copy of the state, as pairing-client.ts keeps it. */
const sender = mirrorSender<TournamentState>((message) => toWorker(message))

/** The worker's reply to a request about `state`, its copy of the state brought up to date first. */
function ask(
  state: TournamentState,
  request: (version: number) => PairingRequest,
): Promise<PairingReply | null> {
  return sender.send(state, (version) => toWorker(request(version)))
}

/** What the worker answers, through the messages the page posts to it. */
async function viaWorker(
  state: TournamentState,
  division: string,
  round: number,
  options: ProposeOptions,
): Promise<unknown> {
  const reply = await ask(state, (version) => pairingRequest(7, version, division, round, options))
  expect(reply?.id).toBe(7)
  return reply?.kind === 'proposal' ? reply.result : reply
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
  ] as const)('%s', async (_name, state, round, options, division: string = 'A') => {
    const direct = proposePairing(state, division, round, options)
    expect(await viaWorker(state, division, round, options)).toEqual(direct)
  })

  test('a seeded event at any round and seed gives the same proposal both ways', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), fc.integer(), async (upTo, seed) => {
        const before = played.before[upTo - 1]
        if (before === undefined) throw new Error(`no round ${upTo}`)
        const direct = proposePairing(before, 'A', upTo, { seed })
        expect(await viaWorker(before, 'A', upTo, { seed })).toEqual(direct)
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
    async (_name, state, round) => {
      const reply = await ask(state, (version) => warningsRequest(5, version, 'A', round))
      expect(reply).toEqual({
        id: 5,
        kind: 'warnings',
        warnings: pairingWarnings(state, 'A', round),
      })
    },
  )

  test('a state asked about twice is sent once, and a state one command on sends its change', async () => {
    const posted: PairingRequest[] = []
    const counting = mirrorSender<TournamentState>((message) => {
      posted.push(message)
      toWorker(message)
    })
    const on = (state: TournamentState, request: (version: number) => PairingRequest) =>
      counting.send(state, (version) => toWorker(request(version)))
    const first = await on(withRound7, (v) => warningsRequest(1, v, 'A', 7))
    const whole = posted.length
    const again = await on(withRound7, (v) => warningsRequest(2, v, 'A', 7))
    expect(again).toEqual({ ...first, id: 2 })
    expect(posted).toHaveLength(whole)
    const published = apply(withRound7, { type: 'publishRound', division: 'A', round: 7 }, 'x')
    if (!published.ok || published.value === undefined) throw new Error('not published')
    const after = await on(published.value, (v) => pairingRequest(3, v, 'A', 8, { seed: 8 }))
    expect(after).toEqual({
      id: 3,
      kind: 'proposal',
      result: proposePairing(published.value, 'A', 8, { seed: 8 }),
    })
    // One message, and in it round 7's flag: nothing of the other rounds or the players.
    const change = posted.slice(whole)
    expect(change).toEqual([
      {
        kind: 'mirror',
        base: expect.any(Number),
        version: expect.any(Number),
        patches: [{ at: ['divisions', 0, 'rounds', 6, 'published'], json: 'true' }],
      },
    ])
  })

  test('issue 28: a request about a state the worker does not have is answered "stale" with the version it has (the page resends it whole), not as a failure', () => {
    const reply = toWorker(warningsRequest(3, 987654, 'A', 7))
    expect(reply).toMatchObject({ id: 3, kind: 'stale', has: expect.any(Number) })
    expect(reply?.kind === 'stale' && reply.has).not.toBe(987654)
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
