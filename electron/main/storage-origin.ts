import { cp, stat } from 'node:fs/promises'
import { join } from 'node:path'

/*
 * Releases before issue 13 loaded the app from file://, so Chromium kept its IndexedDB (every
 * tournament's log) under the file origin. The app now lives at app://rackside, a new origin with
 * empty storage. Before the first window opens, the old origin's databases are copied (never
 * moved: the old copy stays as it was) to the new origin's place, once, so an update finds every
 * tournament where it was. Chromium names an origin's folders scheme_host_port.
 */
const FILE_ORIGIN = 'file__0'
const APP_ORIGIN = 'app_rackside_0'
const SUFFIXES = ['.indexeddb.leveldb', '.indexeddb.blob'] as const

const exists = async (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  )

export type StorageMove = 'copied' | 'nothing-to-copy' | 'already-there'

/** Copies the file origin's IndexedDB to the app origin under `userData`, unless it is there. */
export async function carryStorageToAppOrigin(userData: string): Promise<StorageMove> {
  const folder = join(userData, 'IndexedDB')
  const target = join(folder, `${APP_ORIGIN}${SUFFIXES[0]}`)
  if (await exists(target)) return 'already-there'
  const source = join(folder, `${FILE_ORIGIN}${SUFFIXES[0]}`)
  if (!(await exists(source))) return 'nothing-to-copy'
  // The blob folder first and the database last: a crash between them leaves no target database,
  // so the next start copies again.
  for (const suffix of [...SUFFIXES].reverse()) {
    const from = join(folder, `${FILE_ORIGIN}${suffix}`)
    if (await exists(from)) {
      await cp(from, join(folder, `${APP_ORIGIN}${suffix}`), {
        recursive: true,
        errorOnExist: false,
        force: false,
      })
    }
  }
  return 'copied'
}
