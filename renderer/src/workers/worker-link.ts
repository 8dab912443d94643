/**
 * One worker kept for the session, asked by id and answered by id: the lifecycle the pairing and
 * the reports clients share (issues 20 and 33). Where there is no Worker (tests, a browser that
 * refuses it) or the worker breaks, the link gives up for good and every request, waiting or
 * later, gets null: the caller works it out on the page, as it did before the worker.
 *
 * `create` is the caller's `new Worker(new URL('./x-worker.ts', import.meta.url), …)`, written out
 * in the caller so that Vite finds and bundles the worker's script.
 */
export interface WorkerReplyBase {
  readonly id: number
  readonly kind: string
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
