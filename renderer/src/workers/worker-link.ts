/**
 * One worker kept for the session, asked by id and answered by id: the lifecycle the pairing and
 * the reports clients share (issues 20 and 33). Where there is no Worker (tests, a browser that
 * refuses it) or the worker breaks, the link gives up for good and every request, waiting or
 * later, gets null: the caller works it out on the page, as it did before the worker.
 *
 * `create` is the caller's `new Worker(new URL('./x-worker.ts', import.meta.url), …)`, written out
 * in the caller so that Vite finds and bundles the worker's script.
 */
import type { MirrorSender } from './mirror'

export interface WorkerReplyBase {
  readonly id: number
  readonly kind: string
}

/**
 * The worker's copy of the state is not the version asked about (mirror.ts: a copy lost, or one a
 * step on or behind). That is the copy's expected resync, not a failure: the page sends the whole
 * state and asks again (`askOnMirror`).
 */
export interface StaleReply {
  readonly id: number
  readonly kind: 'stale'
  /** The version the worker's copy is at (-1: lost), for the console if it stays behind. */
  readonly has: number
}

/** A programmer error in the worker, which answers so rather than breaking. */
interface FailedReply {
  readonly kind: 'failed'
  readonly message: string
}

export interface WorkerLink<Request, Reply extends WorkerReplyBase> {
  /** Starts the worker when it is not running yet; false where there is none to start. */
  start(): boolean
  /** The worker's reply to the request made with its id, or null to work it out on the page. */
  send(request: (id: number) => Request): Promise<Reply | null>
  /** Posts a message the worker does not answer (issue 33: its copy of the state brought up to date). */
  post(message: Request): void
}

export function workerLink<Request, Reply extends WorkerReplyBase>(
  create: () => Worker,
  /** What the worker does, for the console: "pairing", "reports". */
  words: string,
  /** Forgets what the caller keeps of the worker's answers still to come. */
  onGiveUp: () => void = () => undefined,
): WorkerLink<Request, Reply> {
  let worker: Worker | null = null
  let unavailable = false
  let nextId = 1
  const waiting = new Map<number, (reply: Reply | null) => void>()

  function giveUp(): void {
    unavailable = true
    worker?.terminate()
    worker = null
    onGiveUp()
    for (const resolve of waiting.values()) resolve(null)
    waiting.clear()
  }

  function running(): Worker | null {
    if (unavailable) return null
    if (worker !== null) return worker
    if (typeof Worker === 'undefined') {
      unavailable = true
      return null
    }
    try {
      worker = create()
    } catch {
      unavailable = true
      return null
    }
    worker.onmessage = (event: MessageEvent<Reply>) => {
      const resolve = waiting.get(event.data.id)
      waiting.delete(event.data.id)
      resolve?.(event.data)
    }
    // A worker that cannot load (a CSP that refuses it, a missing file) or crashes.
    worker.onerror = (event) => {
      event.preventDefault()
      console.warn(`Rackside: the ${words} worker failed; working on the page instead.`)
      giveUp()
    }
    worker.onmessageerror = () => giveUp()
    return worker
  }

  async function send(request: (id: number) => Request): Promise<Reply | null> {
    const target = running()
    if (target === null) return null
    const id = nextId++
    const reply = await new Promise<Reply | null>((resolve) => {
      waiting.set(id, resolve)
      target.postMessage(request(id))
    })
    if (reply !== null && isFailed(reply)) {
      console.warn(`Rackside: the ${words} worker failed (${reply.message}); working on the page.`)
    }
    return reply
  }

  return {
    start: () => running() !== null,
    send,
    post: (message) => running()?.postMessage(message),
  }
}

function isFailed(reply: WorkerReplyBase): reply is WorkerReplyBase & FailedReply {
  return reply.kind === 'failed'
}

function isStale(reply: WorkerReplyBase): reply is StaleReply {
  return reply.kind === 'stale'
}

/**
 * The worker's reply to the request `request` makes about `value`, once the worker's copy of it
 * (`mirror`) is `value`; null to work it out on the page. A worker whose copy is not the one asked
 * about is sent the whole value and asked once more, quietly (issue 28: that resync was said on
 * the console as the worker failing); a copy still behind after that is a real failure.
 */
export async function askOnMirror<Value, Request, Reply extends WorkerReplyBase>(
  link: WorkerLink<Request, Reply>,
  mirror: MirrorSender<Value>,
  value: Value,
  request: (id: number, version: number) => Request,
  words: string,
): Promise<Exclude<Reply, StaleReply> | null> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    if (!link.start()) return null
    const { reply } = await mirror.send(value, (version) => ({
      reply: link.send((id) => request(id, version)),
    }))
    const answered = await reply
    if (answered === null) return null
    if (!isStale(answered)) {
      // A copy the worker may have lost with its failure: the next request sends it whole.
      if (isFailed(answered)) mirror.reset()
      return answered as Exclude<Reply, StaleReply>
    }
    mirror.reset()
    if (attempt === 2) {
      console.warn(
        `Rackside: the ${words} worker failed (its copy is at ${answered.has} after the whole state was sent); working on the page.`,
      )
    }
  }
  return null
}
