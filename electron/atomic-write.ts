/**
 * The one way the desktop app and the CLI write a file (issue 13): the whole file or nothing, and
 * on the disk, not only in the operating system's cache. The bytes go to a temporary file in the
 * same folder (so the rename stays on one disk and is atomic), are flushed (fsync), replace the
 * target, and the folder entry is flushed too, so a pulled plug right after "saved" still finds
 * the new file. A crash at any point leaves the old file or the new one, never half a tournament.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

const RENAME_ATTEMPTS = 5

const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : null

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Windows refuses to replace a file an antivirus or indexer holds for a moment: try again briefly. */
export async function renameWithRetry(
  from: string,
  to: string,
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await rename(from, to)
      return
    } catch (error) {
      const code = codeOf(error)
      const transient = code === 'EPERM' || code === 'EACCES' || code === 'EBUSY'
      if (!transient || platform !== 'win32' || attempt >= RENAME_ATTEMPTS) throw error
      await sleep(50 * attempt)
    }
  }
}

/**
 * Flushes a folder's entries to the disk. Windows cannot open a folder for this (and its rename is
 * already durable), so there a refusal to open is not an error.
 */
export async function syncFolder(folder: string): Promise<void> {
  let handle
  try {
    handle = await open(folder, 'r')
  } catch (error) {
    const code = codeOf(error)
    if (code === 'EISDIR' || code === 'EPERM' || code === 'EACCES') return
    throw error
  }
  try {
    await handle.sync()
  } catch (error) {
    // Some file systems (network shares) do not flush folders; the rename has still happened.
    const code = codeOf(error)
    if (code !== 'EINVAL' && code !== 'ENOTSUP' && code !== 'EPERM') throw error
  } finally {
    await handle.close()
  }
}

/** Writes `data` to a new file and flushes it; the file must not exist. */
async function writeNewFile(path: string, data: Uint8Array): Promise<void> {
  const handle = await open(path, 'wx')
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export async function writeFileAtomic(path: string, data: Uint8Array): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`)
  try {
    await writeNewFile(temporary, data)
    await renameWithRetry(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
  await syncFolder(dirname(path))
}

/**
 * Writes several files into `folder` all or nothing: every file goes first into a temporary folder
 * beside them and is flushed, and only when all are written are they moved into place. A full disk
 * or a refused file therefore stops the export before any file in `folder` has changed.
 */
export async function writeFilesAtomic(
  folder: string,
  files: readonly { readonly name: string; readonly data: Uint8Array }[],
): Promise<void> {
  const staging = await mkdtemp(join(folder, '.rackside-export-'))
  try {
    for (const file of files) await writeNewFile(join(staging, file.name), file.data)
    await syncFolder(staging)
    for (const file of files)
      await renameWithRetry(join(staging, file.name), join(folder, file.name))
    await syncFolder(folder)
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}
