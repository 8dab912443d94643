import { shallowRef } from 'vue'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { DIRECTOR_DESK } from '../../../shared/venue/protocol'
import { randomUuid } from '../random-id'

const KEY = 'rackside.desk'
/** The director's own desk: the first window's id, kept across restarts (issue 20). */
const MAIN_KEY = 'rackside.desk.main'
const LOCK_PREFIX = 'rackside.desk:'
/**
 * How long a window waits for its own desk's lock: a reload releases it as the old page goes,
 * within a few milliseconds; a copy (a duplicated tab, a window.open) never gets it.
 */
const RELOAD_WAIT_MS = 700

/**
 * The desk claimed for this window (`claimDesk`) or named by the authority (`adoptDesk`): reactive,
 * so Undo's default target follows a switch to the director's desk while sharing (issue 27).
 */
const claimed = shallowRef<string | undefined>()

/**
 * This window's desk: the name its commands carry in the log, so its Undo takes back its own last
 * action (issue 13). After `claimDesk` (main.ts, before the app shows) it is the claimed id;
 * before it, or where there is no storage (unit tests), the window's own sessionStorage or a new
 * id, so every store is a desk of its own.
 */
export function deskId(): string {
  if (claimed.value !== undefined) return claimed.value
  const storage = typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  const kept = storage?.getItem(KEY)
  if (kept) return kept
  const made = randomUuid().slice(0, 8)
  storage?.setItem(KEY, made)
  return made
}

type KeyValue = Pick<Storage, 'getItem' | 'setItem'>

/** What choosing a desk touches, passed in so the choice is tested without a browser. */
export interface DeskEnvironment {
  /** The window's sessionStorage: survives its reloads, but is copied into a duplicated tab and
   * a window it opens, so an id found there may belong to a window that is still open. */
  readonly session: KeyValue | undefined
  /** localStorage: where the director's own desk is kept across restarts. */
  readonly local: KeyValue | undefined
  /**
   * Takes the desk's lock for as long as the window lives; false when another window holds it
   * after `waitMs`. Undefined where the browser has no Web Locks.
   */
  readonly hold: ((desk: string, waitMs: number) => Promise<boolean>) | undefined
  readonly newId: () => string
}

/**
 * The desk a window is, decided once as it starts (issue 20). Each desk is held by a Web Lock for
 * the window's life, so no two open windows are one desk:
 * - a reload keeps the window's id (its lock is released as the old page goes);
 * - a duplicated tab or a window opened with `window.open` carries a copy of the id, whose lock
 *   the original still holds: it becomes a desk of its own;
 * - the director's own desk (the first window's id, in localStorage) is taken back by the first
 *   window opened after a restart, so the director's last result is still the default Undo.
 */
export async function chooseDesk(env: DeskEnvironment): Promise<string> {
  const { session, local, hold, newId } = env
  const kept = session?.getItem(KEY) ?? null
  const main = local?.getItem(MAIN_KEY) ?? null
  const take = (desk: string): string => {
    session?.setItem(KEY, desk)
    if (main === null) local?.setItem(MAIN_KEY, desk)
    return desk
  }
  // Without locks no copy can be told from a reload: the window's own id, as before.
  if (hold === undefined) return take(kept ?? main ?? newId())
  if (kept !== null && (await hold(kept, RELOAD_WAIT_MS))) return take(kept)
  if (main !== null && main !== kept && (await hold(main, 0))) return take(main)
  for (;;) {
    const fresh = newId()
    if (await hold(fresh, 0)) return take(fresh)
  }
}

/**
 * On the venue network the authority names the desk (issue 21: `d2`, taken from its token), so
 * the entries it accepts carry the id this window's Undo looks for. Returns the way back to the
 * desk the window was before.
 */
export function adoptDesk(id: string): () => void {
  const before = claimed.value
  claimed.value = id
  // Stopping sharing gives the window back the desk it was, claimed or not (issue 27).
  return () => {
    claimed.value = before
  }
}

/**
 * This window's desk as it is at each call, for a store to stamp its commands with and to pick
 * Undo's default target by (issue 27: a store that read `deskId()` once kept the desk it had before
 * sharing, so Ctrl+Z while sharing took back a command made before). Until a desk is claimed or
 * adopted (unit tests), the id read when the store was made: every store a desk of its own.
 */
export function windowDesk(): () => string {
  const unclaimed = deskId()
  return () => claimed.value ?? unclaimed
}

/** Chooses this window's desk in the browser (main.ts awaits it before the app shows). */
export async function claimDesk(): Promise<string> {
  const chosen = await chooseDesk(browserDeskEnvironment())
  claimed.value = chosen
  return chosen
}

function browserDeskEnvironment(): DeskEnvironment {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return {
    session: storageOrUndefined(() => sessionStorage),
    local: storageOrUndefined(() => localStorage),
    hold: locks === undefined ? undefined : holdWith(locks),
    newId: () => randomUuid().slice(0, 8),
  }
}

/** A storage the browser may refuse to give (site data blocked): then none. */
function storageOrUndefined(get: () => Storage): KeyValue | undefined {
  try {
    return get()
  } catch {
    return undefined
  }
}

function holdWith(locks: LockManager): (desk: string, waitMs: number) => Promise<boolean> {
  return (desk, waitMs) =>
    new Promise<boolean>((resolve) => {
      const controller = new AbortController()
      const timer = waitMs > 0 ? setTimeout(() => controller.abort(), waitMs) : undefined
      const options: LockOptions =
        waitMs > 0 ? { signal: controller.signal } : { ifAvailable: true }
      locks
        .request(`${LOCK_PREFIX}${desk}`, options, (lock) => {
          clearTimeout(timer)
          resolve(lock !== null)
          // Held until the window closes or reloads: a promise that never settles.
          return lock === null ? undefined : new Promise<never>(() => undefined)
        })
        .catch(() => resolve(false))
    })
}

/**
 * How the screens name a desk, short enough for a History row: by the name the director gave it
 * on the venue network when the log carries one ("Desk 2", "Director": issue 27), else by its id.
 */
export function deskLabel(entry: Pick<LoggedCommand, 'desk' | 'deskName'>): string {
  const { desk, deskName } = entry
  if (deskName !== undefined && deskName.trim() !== '') return deskName
  if (desk === DIRECTOR_DESK.id) return DIRECTOR_DESK.name
  return desk === undefined ? 'an earlier session' : `desk ${desk.slice(0, 4)}`
}
