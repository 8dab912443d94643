import { afterEach, describe, expect, test, vi } from 'vitest'
import { workerLink } from './worker-link'

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
