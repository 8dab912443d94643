/**
 * The CLI's contact with the outside: output writers (so tests run commands in-process) and file
 * reading/writing. Output files are written atomically by the app's own helper, so an interrupted
 * run never leaves half a file.
 */
import { constants } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { extname, resolve } from 'node:path'
import { writeFileAtomic as writeAtomically } from '../atomic-write'
import { decodeText } from '../../shared/formats/text-codec'

export interface CliIo {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
}

/** Exit codes: 0 done, 1 the file has problems, 2 the command could not run (usage, I/O). */
export const EXIT = { ok: 0, problems: 1, failure: 2 } as const
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/** An error whose message is meant for the user as is (no stack, no Node error code). */
export class CliError extends Error {
  override readonly name = 'CliError'
}

const describeFsError = (e: unknown, path: string, verb: string): CliError => {
  const code = (e as { code?: unknown } | null)?.code
  const reason =
    code === 'ENOENT'
      ? 'no such file or folder'
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'EISDIR'
          ? 'it is a folder'
          : typeof code === 'string'
            ? code
            : 'failed'
  return new CliError(`cannot ${verb} ${path}: ${reason}`)
}

/**
 * The bytes of a regular file. Anything else is refused before a byte is read: a named pipe would
 * wait forever for a writer, a device such as /dev/zero never ends (issue 20). Opened without
 * blocking, so even a pipe with no writer answers at once, and checked on the open handle, so the
 * file cannot be swapped between the check and the read.
 */
export async function readBytes(path: string): Promise<Uint8Array> {
  let handle
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch (e) {
    throw describeFsError(e, path, 'read')
  }
  try {
    const info = await handle.stat()
    if (!info.isFile()) throw new CliError(`cannot read ${path}: ${notAFile(info)}`)
    return new Uint8Array(await handle.readFile())
  } catch (e) {
    throw e instanceof CliError ? e : describeFsError(e, path, 'read')
  } finally {
    await handle.close()
  }
}

function notAFile(info: {
  isDirectory(): boolean
  isFIFO(): boolean
  isSocket(): boolean
  isCharacterDevice(): boolean
  isBlockDevice(): boolean
}): string {
  if (info.isDirectory()) return 'it is a folder'
  if (info.isFIFO()) return 'it is a named pipe, not a regular file'
  if (info.isSocket()) return 'it is a socket, not a regular file'
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'it is a device, not a regular file'
  return 'not a regular file'
}

/** True when both paths name the same file (also through links or `..`). */
export async function sameFile(a: string, b: string): Promise<boolean> {
  if (resolve(a) === resolve(b)) return true
  try {
    const [sa, sb] = await Promise.all([stat(a), stat(b)])
    return sa.dev === sb.dev && sa.ino === sb.ino
  } catch {
    return false
  }
}

/** The app's atomic write (electron/atomic-write.ts: fsync, rename, fsync the folder). */
export async function writeFileAtomic(path: string, data: Uint8Array): Promise<void> {
  try {
    await writeAtomically(path, data)
  } catch (e) {
    throw describeFsError(e, path, 'write')
  }
}

export const extensionOf = (path: string): string => extname(path).toLowerCase()

/**
 * A Rackside tournament file's text, read as the app reads it: strict UTF-8 (`decodeText`), so
 * `check` and `convert` accept and refuse the same bytes (issue 28: `check` decoded with
 * replacement characters and said ok where `convert` refused). A refusal is the one line both
 * print, naming the byte and its line.
 */
export async function readTournamentText(
  path: string,
): Promise<
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly line: string }
> {
  const text = decodeText(await readBytes(path), 'utf8')
  if (text.ok) return { ok: true, text: text.value }
  const at = text.error.line === undefined ? '' : `:${String(text.error.line)}`
  return { ok: false, line: `${path}${at}: not a Rackside tournament file: ${text.error.message}` }
}
