/**
 * A worker's copy of the page's tournament state, kept in step by what changed (issue 33). The
 * state is readonly plain data and each command returns a new state that keeps every part it did
 * not change, so the page compares the new state with the one the worker last saw by identity and
 * posts only the parts that differ: a result is one result line, a round paired one round. Posting
 * the whole state as one string, as before, cost the page's thread 100–400 ms on every request at
 * 2000 players × 20 rounds (the string written, then copied into the worker), the Rounds,
 * Standings and Print screens' longest tasks. The first copy, or one after an undo folded the log
 * again, goes in slices of a few milliseconds, each a task of its own (`yieldToPage`).
 *
 * The worker's copy is what `JSON.parse(JSON.stringify(state))` gives: its parts are written as
 * JSON, undefined fields left out. Its unchanged parts keep their identity from one version to
 * the next, so what shared/ keeps per round (standings outcomes) stays valid in the worker too.
 */
import { yieldToPage } from './in-slices'

/** How long the page writes patches before it lets the page draw: a round more may follow. */
const MIRROR_SLICE_MS = 12

export type MirrorPath = readonly (string | number)[]

/** One change to the worker's copy. */
export type MirrorPatch =
  /** The value at `at` becomes the JSON's. */
  | { readonly at: MirrorPath; readonly json: string }
  /** The value at `at` becomes an array of this length, keeping its elements below it. */
  | { readonly at: MirrorPath; readonly array: number }
  /** The value at `at` becomes an object of these keys, in this order, keeping their values. */
  | { readonly at: MirrorPath; readonly object: readonly string[] }

/**
 * Patches that take the worker's copy from version `base` to `version`. A state sent in slices is
 * several messages: the requests made on it name the last one's version.
 */
export interface MirrorMessage {
  readonly kind: 'mirror'
  readonly base: number
  readonly version: number
  readonly patches: readonly MirrorPatch[]
}

/**
 * Down to this depth every part is walked, so a whole state is written a part at a time (state →
 * divisions → a division → its rounds or players → a round or a player): the slices stay short.
 */
const WALKED_DEPTH = 4
/**
 * Below it, a part is walked further only where it shares something with what the worker has (a
 * round's results, one result): a result entered posts one result, not its round's 1000.
 */
const SHARED_DEPTH = 6

type Container = Record<string | number, unknown>

/** An element the worker has not got yet: even undefined is written there (as null). */
const ABSENT = Symbol('absent')

const isContainer = (value: unknown): value is Container =>
  typeof value === 'object' && value !== null && !('toJSON' in value)

/** What JSON writes for a field: nothing for undefined and functions. */
const written = (value: unknown): boolean =>
  value !== undefined && typeof value !== 'function' && typeof value !== 'symbol'

function sameKeys(before: Container, keys: readonly string[]): boolean {
  const old = Object.keys(before).filter((key) => written(before[key]))
  return old.length === keys.length && old.every((key, i) => key === keys[i])
}

/**
 * The patches that take a copy of `before` (as JSON reads it back) to a copy of `value`: nothing
 * for a part that is the same object, the part's JSON where there is nothing to share.
 */
export function* mirrorPatches(
  before: unknown,
  value: unknown,
  at: MirrorPath = [],
  depth = 0,
): Generator<MirrorPatch> {
  if (before === value) return
  const walk =
    isContainer(value) &&
    (depth < WALKED_DEPTH ||
      (depth < SHARED_DEPTH &&
        isContainer(before) &&
        Array.isArray(before) === Array.isArray(value)))
  if (!walk) {
    // An undefined array element is written as null, as JSON writes it.
    yield { at, json: JSON.stringify(value) ?? 'null' }
    return
  }
  const old = isContainer(before) && Array.isArray(before) === Array.isArray(value) ? before : null
  if (Array.isArray(value)) {
    if (old === null || !Array.isArray(old) || old.length !== value.length) {
      yield { at, array: value.length }
    }
    for (let i = 0; i < value.length; i++) {
      const had = Array.isArray(old) && i < old.length ? (old[i] as unknown) : ABSENT
      yield* mirrorPatches(had, value[i] as unknown, [...at, i], depth + 1)
    }
    return
  }
  const keys = Object.keys(value).filter((key) => written(value[key]))
  if (old === null || !sameKeys(old, keys)) yield { at, object: keys }
  for (const key of keys) yield* mirrorPatches(old?.[key], value[key], [...at, key], depth + 1)
}

/** The container at the end of a patch's path, shaped as the patch says. */
function shaped(patch: MirrorPatch, old: unknown): unknown {
  if ('json' in patch) return JSON.parse(patch.json) as unknown
  if ('array' in patch) {
    const array: unknown[] = Array.isArray(old) ? old.slice(0, patch.array) : []
    array.length = patch.array
    return array
  }
  const object: Container = {}
  const from = isContainer(old) && !Array.isArray(old) ? old : {}
  for (const key of patch.object) object[key] = from[key]
  return object
}

/**
 * `node` with `patch` applied below `at[index]`, copying each container on the way once per
 * message (`fresh`), so a part the patch does not touch keeps its identity.
 */
function patched(
  node: unknown,
  patch: MirrorPatch,
  index: number,
  fresh: WeakSet<object>,
): unknown {
  const key = patch.at[index]
  if (key === undefined) {
    const value = shaped(patch, node)
    if (isContainer(value)) fresh.add(value)
    return value
  }
  if (!isContainer(node))
    throw new Error(`mirror: no container at ${patch.at.slice(0, index).join('.')}`)
  const copy: Container = fresh.has(node)
    ? node
    : Array.isArray(node)
      ? ([...node] as unknown as Container)
      : { ...node }
  fresh.add(copy)
  copy[key] = patched(copy[key], patch, index + 1, fresh)
  return copy
}

/** The worker's copy and the version it is at (0: none yet; -1: lost, until a whole one comes). */
export interface Mirror {
  readonly version: number
  readonly value: unknown
}

export const NO_MIRROR: Mirror = { version: 0, value: undefined }

/**
 * The worker's copy after `message`. A message that does not follow the copy's version loses the
 * copy: the page sends the whole state again after the failed request that tells it.
 */
export function applyMirrorMessage(mirror: Mirror, message: MirrorMessage): Mirror {
  if (message.base !== 0 && message.base !== mirror.version)
    return { version: -1, value: undefined }
  const fresh = new WeakSet<object>()
  let value = message.base === 0 ? undefined : mirror.value
  for (const patch of message.patches) value = patched(value, patch, 0, fresh)
  return { version: message.version, value }
}

/** The page's side: what the worker was last sent, and the slices that bring it up to date. */
export interface MirrorSender<Value> {
  /**
   * Brings the worker's copy to `value` (posting nothing when it has it), then posts the request
   * `ask` makes for the version that names it, before any later `send` posts anything; resolves
   * with what `ask` returned.
   */
  send<T>(value: Value, ask: (version: number) => T): Promise<T>
  /** Forgets what the worker has (it failed, or was stopped): the next send posts it whole. */
  reset(): void
}

export function mirrorSender<Value>(
  post: (message: MirrorMessage) => void,
  budgetMs = MIRROR_SLICE_MS,
  now: () => number = () => performance.now(),
): MirrorSender<Value> {
  let sent: { readonly value: Value } | null = null
  let version = 0
  let queue: Promise<unknown> = Promise.resolve()

  async function sync(value: Value): Promise<void> {
    if (sent !== null && sent.value === value) return
    const base = sent === null ? 0 : version
    let from = base
    let batch: MirrorPatch[] = []
    let started = now()
    const flush = (): void => {
      const message: MirrorMessage = {
        kind: 'mirror',
        base: from,
        version: ++version,
        patches: batch,
      }
      post(message)
      from = message.version
      batch = []
    }
    try {
      for (const patch of mirrorPatches(sent?.value, value)) {
        batch.push(patch)
        if (now() - started < budgetMs) continue
        flush()
        await yieldToPage()
        started = now()
      }
      // Even with nothing in it: the version names this value.
      flush()
      sent = { value }
    } catch (error) {
      // The worker may hold part of it: the next send starts it afresh.
      sent = null
      throw error
    }
  }

  return {
    send<T>(value: Value, ask: (version: number) => T): Promise<T> {
      const step = queue.then(async () => {
        await sync(value)
        return ask(version)
      })
      queue = step.catch(() => undefined)
      return step
    },
    reset(): void {
      sent = null
    },
  }
}
