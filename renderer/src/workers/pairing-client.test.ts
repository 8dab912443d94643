import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  pairingWarnings,
  proposePairing,
  type ProposeOptions,
} from '../../../shared/desk/pair-next'
import { apply } from '../../../shared/tournament/apply'
import {
  pairingWarningsOffThread,
  prepareProposal,
  proposePairingOffThread,
  warmPairingWorker,
} from './pairing-client'
import { answerPairingRequest, type PairingRequest } from './pairing-protocol'
import { playedEvent } from './test-support/played-event'

/**
 * A Worker as the page sees one, answering with the worker's own handler one task later (the
 * request crossing as a structured clone): the client's worker path without a browser.
 */
class FakeWorker {
  static requests: PairingRequest[] = []
  static broken = false
  static started = 0
  /** Copies of the state lost on the way (issue 28): the worker's copy stays where it was. */
  static lose = 0
  constructor() {
    FakeWorker.started++
  }
  onmessage: ((event: { data: unknown }) => void) | null = null
  onerror: ((event: { preventDefault: () => void }) => void) | null = null
  onmessageerror: (() => void) | null = null
  postMessage(request: PairingRequest): void {
    // The worker's copy of the state is brought up to date without an answer (issue 33).
    if (request.kind === 'mirror') {
      if (FakeWorker.lose > 0) FakeWorker.lose--
      else answerPairingRequest(structuredClone(request))
      return
    }
    FakeWorker.requests.push(request)
    // Answered in the order the messages came, as a worker does: before a later copy of the state.
    const reply = FakeWorker.broken ? null : answerPairingRequest(structuredClone(request))
    setTimeout(() => {
      if (reply === null) this.onerror?.({ preventDefault: () => undefined })
      else this.onmessage?.({ data: reply })
    }, 0)
  }
  terminate(): void {}
}

beforeAll(() => vi.stubGlobal('Worker', FakeWorker))
afterAll(() => vi.unstubAllGlobals())

const { state } = playedEvent(20260522)
const options = (seed: number): ProposeOptions => ({ seed, rollCallDay: '2026-03-15' })

describe('the Rounds screen pairs in the worker (issue 20), with the proposal the page would make', () => {
  test('warmed as the screen opens: the worker starts, asked nothing, and that one pairs the press', async () => {
    FakeWorker.requests = []
    warmPairingWorker()
    warmPairingWorker()
    expect(FakeWorker.started).toBe(1)
    expect(FakeWorker.requests).toHaveLength(0)
    await proposePairingOffThread(state, 'A', 7, options(5))
    expect(FakeWorker.started).toBe(1)
    expect(FakeWorker.requests).toHaveLength(1)
  })

  test('a press: one request, the proposal proposePairing gives on the page', async () => {
    FakeWorker.requests = []
    const result = await proposePairingOffThread(state, 'A', 7, options(11))
    expect(FakeWorker.requests).toHaveLength(1)
    expect(result).toEqual(proposePairing(state, 'A', 7, options(11)))
  })

  test('prepared ahead: a press on the same state and options takes it, with its own seed', async () => {
    FakeWorker.requests = []
    prepareProposal(state, 'A', 7, options(21))
    prepareProposal(state, 'A', 7, options(22))
    const result = await proposePairingOffThread(state, 'A', 7, options(23))
    expect(FakeWorker.requests).toHaveLength(1)
    expect(result).toEqual(proposePairing(state, 'A', 7, options(21)))
  })

  test.each([
    ['the state changed since (a result corrected)', 'state'],
    ['another day’s roll call', 'options'],
    ['another round (the last one paired again)', 'round'],
  ] as const)(
    'prepared for something else, %s: the press is paired afresh',
    async (_name, what) => {
      FakeWorker.requests = []
      const other = apply(
        state,
        { type: 'editTournamentInfo', info: { ...state.info, venue: 'Annex' } },
        state.id,
      )
      if (!other.ok || other.value === undefined) throw new Error('no other state')
      prepareProposal(
        what === 'state' ? other.value : state,
        'A',
        what === 'round' ? 6 : 7,
        what === 'options' ? { seed: 31, rollCallDay: '2026-03-14' } : options(31),
      )
      const result = await proposePairingOffThread(state, 'A', 7, options(32))
      expect(FakeWorker.requests).toHaveLength(2)
      expect(result).toEqual(proposePairing(state, 'A', 7, options(32)))
    },
  )

  test('the review’s warnings: one request, what pairingWarnings gives on the page', async () => {
    FakeWorker.requests = []
    const proposal = proposePairing(state, 'A', 7, options(51))
    if (!proposal.ok) throw new Error(proposal.error.code)
    const paired = apply(state, proposal.value.command, state.id)
    if (!paired.ok || paired.value === undefined) throw new Error('not paired')
    const found = await pairingWarningsOffThread(paired.value, 'A', 7)
    expect(FakeWorker.requests.map((r) => r.kind)).toEqual(['warnings'])
    expect(found).toEqual(pairingWarnings(paired.value, 'A', 7))
  })

  test('issue 28: a copy of the state the worker lost is sent whole again, quietly, and the worker pairs', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await proposePairingOffThread(state, 'A', 7, options(61))
    const other = apply(
      state,
      { type: 'editTournamentInfo', info: { ...state.info, venue: 'Hall 2' } },
      state.id,
    )
    if (!other.ok || other.value === undefined) throw new Error('no other state')
    FakeWorker.lose = 1
    FakeWorker.requests = []
    const result = await proposePairingOffThread(other.value, 'A', 7, options(62))
    expect(FakeWorker.requests).toHaveLength(2)
    expect(result).toEqual(proposePairing(other.value, 'A', 7, options(62)))
    expect(warned).not.toHaveBeenCalled()
    warned.mockRestore()
  })

  test('a worker that fails: the page pairs on its own thread, with the same proposal', async () => {
    FakeWorker.broken = true
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const result = await proposePairingOffThread(state, 'A', 7, options(41))
    expect(warned).toHaveBeenCalledWith(expect.stringMatching(/pairing worker failed/))
    expect(result).toEqual(proposePairing(state, 'A', 7, options(41)))
    FakeWorker.broken = false
    // And from then on without asking the worker again.
    FakeWorker.requests = []
    await proposePairingOffThread(state, 'A', 7, options(42))
    expect(FakeWorker.requests).toHaveLength(0)
  })
})
