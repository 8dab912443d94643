/**
 * Windows of the same app (the desk, a second desk, the projector) tell each other that a
 * tournament's log changed, so each reloads the stored truth. BroadcastChannel reaches every window
 * and tab of the same origin, in Electron as in a browser; where it is missing, `storage` events of
 * localStorage carry the same message, and the head check of every append keeps the log whole
 * even when no message arrives.
 */
export interface LogChanged {
  readonly tournamentId: string
  /** Length of the stored log after the change. */
  readonly commandCount: number
  /** The log's generation: a new one means the log was replaced (from a file). */
  readonly generation: number
}

const CHANNEL = 'rackside'

let channel: BroadcastChannel | null | undefined

function open(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null
    // Node (unit tests) keeps a process alive while a channel is open; browsers have no unref.
    ;(channel as { unref?: () => void } | null)?.unref?.()
  }
  return channel
}

/** The localStorage key whose `storage` events carry changes where BroadcastChannel is missing. */
const STORAGE_KEY = 'rackside.log-changed'

export function announceLogChanged(change: LogChanged): void {
  const opened = open()
  if (opened) {
    opened.postMessage(change)
    return
  }
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(change))
  } catch {
    // No storage either: the head check of every append still keeps the log whole.
  }
}

function isLogChanged(data: unknown): data is LogChanged {
  if (typeof data !== 'object' || data === null) return false
  const candidate = data as Record<string, unknown>
  return (
    typeof candidate['tournamentId'] === 'string' &&
    typeof candidate['commandCount'] === 'number' &&
    typeof candidate['generation'] === 'number'
  )
}

const listeners = new Set<(change: LogChanged) => void>()
/** Every listener, for changes made outside this window but learnt of in it (`announceHere`). */
const hereListeners = new Set<(change: LogChanged) => void>()

/**
 * Tells this window's own listeners that a log changed: a venue desk learns of the authority's
 * decisions by replication into this window (issue 21), and BroadcastChannel never delivers a
 * message to the window that sent it.
 */
export function announceHere(change: LogChanged): void {
  for (const each of hereListeners) each(change)
}

/** Calls `listener` for every change another window announces; returns the way to stop. */
export function onLogChanged(listener: (change: LogChanged) => void): () => void {
  hereListeners.add(listener)
  const stopOthers = onOtherWindows(listener)
  return () => {
    hereListeners.delete(listener)
    stopOthers()
  }
}

function onOtherWindows(listener: (change: LogChanged) => void): () => void {
  const opened = open()
  if (!opened) return onStorageEvent(listener)
  if (listeners.size === 0) {
    opened.onmessage = (event: MessageEvent<unknown>) => {
      if (!isLogChanged(event.data)) return
      for (const each of listeners) each(event.data)
    }
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Other windows' changes through `storage` events, for a browser without BroadcastChannel. */
function onStorageEvent(listener: (change: LogChanged) => void): () => void {
  if (typeof window === 'undefined') return () => undefined
  const handler = (event: StorageEvent): void => {
    if (event.key !== STORAGE_KEY || event.newValue === null) return
    let data: unknown
    try {
      data = JSON.parse(event.newValue)
    } catch {
      return
    }
    if (isLogChanged(data)) listener(data)
  }
  window.addEventListener('storage', handler)
  return () => window.removeEventListener('storage', handler)
}
