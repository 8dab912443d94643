import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  applyMirrorMessage,
  mirrorSender,
  NO_MIRROR,
  type Mirror,
  type MirrorMessage,
} from './mirror'
import { askOnMirror, workerLink, type StaleReply } from './worker-link'

interface Echo {
  readonly id: number
  readonly kind: 'echo' | 'failed'
  readonly message: string
}

/** A worker that answers each request one task later, or breaks when told to. */
class ScriptedWorker {
  static started = 0
  static terminated = 0
  onmessage: ((event: { data: Echo }) => void) | null = null
  onerror: ((event: { preventDefault: () => void }) => void) | null = null
  onmessageerror: (() => void) | null = null
  constructor() {
    ScriptedWorker.started++
  }
  postMessage(request: Echo): void {
    setTimeout(() => {
      if (request.message === 'break') this.onerror?.({ preventDefault: () => undefined })
      else if (request.message === 'silent') return
      else this.onmessage?.({ data: request })
    }, 0)
  }
  terminate(): void {
    ScriptedWorker.terminated++
  }
}

const request =
  (message: string, kind: Echo['kind'] = 'echo') =>
  (id: number): Echo => ({ id, kind, message })

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  ScriptedWorker.started = 0
  ScriptedWorker.terminated = 0
})

describe('workerLink: one worker for the session, and the page when it breaks (issues 20, 33)', () => {
  test('no Worker at all: not started, and every request is null (worked out on the page)', async () => {
    vi.stubGlobal('Worker', undefined)
    const link = workerLink<Echo, Echo>(() => new Worker('x'), 'test')
    expect(link.start()).toBe(false)
    await expect(link.send(request('a'))).resolves.toBeNull()
  })

  test('one worker started however often it is asked; replies find their own requests', async () => {
    vi.stubGlobal('Worker', ScriptedWorker)
    const link = workerLink<Echo, Echo>(() => new Worker('x'), 'test')
    expect(link.start()).toBe(true)
    const [a, b] = await Promise.all([link.send(request('a')), link.send(request('b'))])
    expect([a?.message, b?.message]).toEqual(['a', 'b'])
    expect(a?.id).not.toBe(b?.id)
    expect(ScriptedWorker.started).toBe(1)
  })

  test('a worker that breaks: the waiting requests get null, the caller forgets, no restart', async () => {
    vi.stubGlobal('Worker', ScriptedWorker)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const forgotten = vi.fn()
    const link = workerLink<Echo, Echo>(() => new Worker('x'), 'test', forgotten)
    const waiting = link.send(request('silent'))
    await expect(link.send(request('break'))).resolves.toBeNull()
    await expect(waiting).resolves.toBeNull()
    expect(forgotten).toHaveBeenCalledOnce()
    expect(ScriptedWorker.terminated).toBe(1)
    expect(link.start()).toBe(false)
    await expect(link.send(request('a'))).resolves.toBeNull()
    expect(ScriptedWorker.started).toBe(1)
  })

  test('a reply saying the worker failed is passed on and said on the console', async () => {
    vi.stubGlobal('Worker', ScriptedWorker)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const link = workerLink<Echo, Echo>(() => new Worker('x'), 'test')
    const reply = await link.send(request('no such report', 'failed'))
    expect(reply?.kind).toBe('failed')
    expect(warn).toHaveBeenCalledWith(
      'Rackside: the test worker failed (no such report); working on the page.',
    )
  })

  test('a Worker constructor that throws (a CSP refusing it): not started, null', async () => {
    vi.stubGlobal('Worker', ScriptedWorker)
    const link = workerLink<Echo, Echo>(() => {
      throw new Error('refused')
    }, 'test')
    expect(link.start()).toBe(false)
    await expect(link.send(request('a'))).resolves.toBeNull()
  })
})

type Asked = { readonly id: number; readonly kind: 'ask'; readonly version: number }
type Answer =
  | { readonly id: number; readonly kind: 'answer'; readonly value: unknown }
  | { readonly id: number; readonly kind: 'failed'; readonly message: string }
  | StaleReply

/**
 * A worker keeping a copy of the page's value (mirror.ts) that loses the next `lose` copies sent
 * to it (as a message lost on the way would), answering with its copy or that it is not at the
 * version asked about.
 */
class MirrorWorker {
  static lose = 0
  static copies = 0
  mirror: Mirror = NO_MIRROR
  onmessage: ((event: { data: Answer }) => void) | null = null
  onerror: ((event: { preventDefault: () => void }) => void) | null = null
  onmessageerror: (() => void) | null = null
  postMessage(message: MirrorMessage | Asked): void {
    if (message.kind === 'mirror') {
      MirrorWorker.copies++
      if (MirrorWorker.lose > 0) MirrorWorker.lose--
      else this.mirror = applyMirrorMessage(this.mirror, message)
      return
    }
    const { id, version } = message
    const reply: Answer =
      version === this.mirror.version
        ? { id, kind: 'answer', value: this.mirror.value }
        : { id, kind: 'stale', has: this.mirror.version }
    setTimeout(() => this.onmessage?.({ data: reply }), 0)
  }
  terminate(): void {}
}

describe('askOnMirror: a worker whose copy is not the one asked about is sent it whole (issue 28)', () => {
  const setUp = () => {
    vi.stubGlobal('Worker', MirrorWorker)
    MirrorWorker.copies = 0
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const link = workerLink<MirrorMessage | Asked, Answer>(() => new Worker('x'), 'test')
    // A clock that never moves: each value goes in one message, however busy the machine.
    const mirror = mirrorSender<{ readonly round: number }>(
      (message) => link.post(message),
      12,
      () => 0,
    )
    const ask = (value: { readonly round: number }) =>
      askOnMirror(
        link,
        mirror,
        value,
        (id, version): Asked => ({ id, kind: 'ask', version }),
        'test',
      )
    return { warn, ask }
  }

  test('a copy lost on the way: the whole value again, the worker answers, nothing on the console', async () => {
    const { warn, ask } = setUp()
    await expect(ask({ round: 1 })).resolves.toMatchObject({ kind: 'answer', value: { round: 1 } })
    MirrorWorker.lose = 1
    await expect(ask({ round: 2 })).resolves.toMatchObject({ kind: 'answer', value: { round: 2 } })
    expect(MirrorWorker.copies).toBe(3)
    expect(warn).not.toHaveBeenCalled()
  })

  test('a copy still behind after the whole value: a failure, said on the console, worked out on the page', async () => {
    const { warn, ask } = setUp()
    MirrorWorker.lose = 2
    await expect(ask({ round: 1 })).resolves.toBeNull()
    expect(warn).toHaveBeenCalledWith(
      'Rackside: the test worker failed (its copy is at 0 after the whole state was sent); working on the page.',
    )
  })
})
