import { reactive } from 'vue'
import type { RacksideDatabase } from './database'

/** Why the app cannot keep tournaments in this browser, in words a director can act on. */
export interface StorageUnavailable {
  readonly reason: 'missing' | 'blocked'
  readonly detail: string
}

const OPEN_TIMEOUT_MS = 8000

/**
 * Opens the database before any screen shows (issue 13): with IndexedDB missing (some private
 * windows) or refused (site data blocked) the app shows a page that says what to do instead of an
 * empty list, a raw Dexie error or "Opening…" forever.
 */
export async function openStorage(db: RacksideDatabase): Promise<StorageUnavailable | null> {
  try {
    // Touching `indexedDB` may itself throw where site data is blocked (issue 20).
    if (typeof indexedDB === 'undefined' || indexedDB === null) {
      return { reason: 'missing', detail: 'This browser window offers no IndexedDB storage.' }
    }
  } catch (error) {
    return { reason: 'blocked', detail: error instanceof Error ? error.message : String(error) }
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('the browser did not answer'), OPEN_TIMEOUT_MS)
  })
  try {
    const opened = db.open().then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error)),
    )
    const problem = await Promise.race([opened, timeout])
    return problem === null ? null : { reason: 'blocked', detail: problem ?? 'unknown error' }
  } catch (error) {
    // Some browsers throw from the indexedDB getter itself when site data is blocked.
    return { reason: 'blocked', detail: error instanceof Error ? error.message : String(error) }
  } finally {
    clearTimeout(timer)
  }
}

/** What Settings says about keeping this browser's data. */
export const persistence = reactive<{
  answer: 'persistent' | 'best-effort' | 'unsupported' | 'desktop' | null
}>({ answer: null })

/**
 * Asks the browser to keep this site's storage even when the disk runs low (issue 13): without
 * it a browser may evict a whole event's log. Asked once per start, answered silently by most
 * browsers; the answer shows in Settings.
 */
export async function requestPersistence(desktop: boolean): Promise<void> {
  // The desktop app's storage lives in its own data folder, which no browser evicts.
  if (desktop) {
    persistence.answer = 'desktop'
    return
  }
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (!storage || typeof storage.persist !== 'function') {
    persistence.answer = 'unsupported'
    return
  }
  try {
    const already = await storage.persisted()
    persistence.answer = already || (await storage.persist()) ? 'persistent' : 'best-effort'
  } catch {
    persistence.answer = 'best-effort'
  }
}
