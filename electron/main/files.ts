import {
  dialog,
  type BrowserWindow,
  type FileFilter as ElectronFileFilter,
  type OpenDialogOptions,
  type OpenDialogReturnValue,
} from 'electron'
import { readFile, stat } from 'node:fs/promises'
import { basename, dirname, resolve } from 'node:path'
import { writeFileAtomic, writeFilesAtomic } from '../atomic-write'
import type {
  FileFilter,
  OpenFileOutcome,
  OpenFileRequest,
  SaveFileOutcome,
  SaveFileRequest,
  SaveFolderRequest,
  TextEncodingName,
} from '../ipc-contract'
import { decodeText, encodeText, fatalUtf8 } from '../../shared/formats/text-codec'
import { isSafeArchiveName } from '../../shared/formats/tsh-archive'

/** Node's strict decoder, far faster than the plain one in shared/ (issue 20). */
const nodeUtf8 = fatalUtf8(() => new TextDecoder('utf-8', { fatal: true }))

/** No tournament file comes near this; a bigger one is a wrong pick, not something to load. */
const MAX_OPEN_BYTES = 64 * 1024 * 1024

/** Node's error codes in words a director can act on; the raw message otherwise. */
export function describeError(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied'
    case 'ENOENT':
      return 'the file or its folder does not exist'
    case 'ENOSPC':
      return 'the disk is full'
    case 'EROFS':
      return 'the disk is read-only'
    case 'EISDIR':
      return 'it is a folder'
    case 'EBUSY':
      return 'another program is using it'
  }
  return error instanceof Error ? error.message : String(error)
}

export { writeFileAtomic }

export async function writeBytesFile(path: string, data: Uint8Array): Promise<SaveFileOutcome> {
  try {
    await writeFileAtomic(path, data)
    return { status: 'saved', location: path }
  } catch (error) {
    return { status: 'failed', message: `Could not save "${path}": ${describeError(error)}` }
  }
}

export async function writeTextFile(
  path: string,
  contents: string,
  encoding: TextEncodingName,
): Promise<SaveFileOutcome> {
  const encoded = encodeText(contents, encoding)
  if (!encoded.ok) {
    return { status: 'failed', message: `Could not save "${path}": ${encoded.error.message}` }
  }
  return writeBytesFile(path, encoded.value)
}

export async function readTextFile(
  path: string,
  encoding: TextEncodingName,
): Promise<OpenFileOutcome> {
  const failed = (reason: string): OpenFileOutcome => ({
    status: 'failed',
    message: `Could not open "${path}": ${reason}`,
  })
  try {
    const size = (await stat(path)).size
    if (size > MAX_OPEN_BYTES) return failed(`it is ${size} bytes, too large for a tournament file`)
    const decoded = decodeText(new Uint8Array(await readFile(path)), encoding, nodeUtf8)
    if (!decoded.ok) return failed(decoded.error.message)
    return { status: 'opened', name: basename(path), contents: decoded.value }
  } catch (error) {
    return failed(describeError(error))
  }
}

const electronFilters = (filters: readonly FileFilter[]): ElectronFileFilter[] =>
  filters.map((filter) => ({ name: filter.name, extensions: [...filter.extensions] }))

export interface SaveLocationRequest {
  readonly title: string
  readonly suggestedName: string
  readonly filters: readonly FileFilter[]
}

/** The path the person chose, or undefined when they cancelled. */
export async function chooseSaveLocation(
  window: BrowserWindow | undefined,
  request: SaveLocationRequest,
): Promise<string | undefined> {
  const options = {
    title: request.title,
    // Only a name: the renderer proposes what to call the file, never where to put it.
    defaultPath: basename(request.suggestedName),
    filters: electronFilters(request.filters),
  }
  const choice = await (window === undefined
    ? dialog.showSaveDialog(options)
    : dialog.showSaveDialog(window, options))
  return choice.canceled || choice.filePath === '' ? undefined : choice.filePath
}

export async function saveTextFile(
  window: BrowserWindow | undefined,
  request: SaveFileRequest,
): Promise<SaveFileOutcome> {
  let path: string | undefined
  try {
    path = await chooseSaveLocation(window, request)
  } catch (error) {
    return { status: 'failed', message: `Could not ask where to save: ${describeError(error)}` }
  }
  if (path === undefined) return { status: 'cancelled' }
  return writeTextFile(path, request.contents, request.encoding)
}

export async function openTextFile(
  window: BrowserWindow | undefined,
  request: OpenFileRequest,
): Promise<OpenFileOutcome> {
  const options = {
    title: request.title,
    filters: electronFilters(request.filters),
    properties: ['openFile' as const],
  }
  let choice: OpenDialogReturnValue
  try {
    choice = await showOpenDialog(window, options)
  } catch (error) {
    return {
      status: 'failed',
      message: `Could not ask which file to open: ${describeError(error)}`,
    }
  }
  const path = choice.filePaths[0]
  if (choice.canceled || path === undefined) return { status: 'cancelled' }
  return readTextFile(path, request.encoding)
}

/** A dialog is attached to the window that asked, when there is one, so it cannot hide behind it. */
function showOpenDialog(
  window: BrowserWindow | undefined,
  options: OpenDialogOptions,
): Promise<OpenDialogReturnValue> {
  return window === undefined
    ? dialog.showOpenDialog(options)
    : dialog.showOpenDialog(window, options)
}

/**
 * Writes several files into a folder the person picks. Every name must be a plain file name
 * (shared/formats/tsh-archive.ts): nothing the renderer sends can write outside that folder.
 * The names are checked before the dialog opens, so a bad request writes nothing at all.
 */
export async function saveFolder(
  window: BrowserWindow | undefined,
  request: SaveFolderRequest,
): Promise<SaveFileOutcome> {
  const unsafe = request.files.find((file) => !isSafeArchiveName(file.name))
  if (unsafe !== undefined) {
    return { status: 'failed', message: `"${unsafe.name}" is not a plain file name` }
  }
  const names = new Set(request.files.map((file) => file.name.toLowerCase()))
  if (names.size !== request.files.length) {
    return { status: 'failed', message: 'Two files have the same name' }
  }
  const options = {
    title: request.title,
    properties: ['openDirectory' as const, 'createDirectory' as const],
  }
  let choice: OpenDialogReturnValue
  try {
    choice = await showOpenDialog(window, options)
  } catch (error) {
    return { status: 'failed', message: `Could not ask for a folder: ${describeError(error)}` }
  }
  const folder = choice.filePaths[0]
  if (choice.canceled || folder === undefined) return { status: 'cancelled' }
  return writeFolderFiles(folder, request.files)
}

export async function writeFolderFiles(
  folder: string,
  files: SaveFolderRequest['files'],
): Promise<SaveFileOutcome> {
  const base = resolve(folder)
  const encoded: { name: string; data: Uint8Array }[] = []
  for (const file of files) {
    const path = resolve(base, file.name)
    // Belt and braces: a plain name, and the path still directly inside the folder.
    if (!isSafeArchiveName(file.name) || dirname(path) !== base) {
      return { status: 'failed', message: `"${file.name}" is not a plain file name` }
    }
    const data = encodeText(file.contents, 'utf8')
    if (!data.ok) return { status: 'failed', message: `"${file.name}": ${data.error.message}` }
    encoded.push({ name: file.name, data: data.value })
  }
  // All files or none (issue 13): a full disk never leaves half a web site in the folder.
  try {
    await writeFilesAtomic(base, encoded)
  } catch (error) {
    return {
      status: 'failed',
      message: `Could not save into "${folder}": ${describeError(error)}; nothing in it was changed`,
    }
  }
  return { status: 'saved', location: folder }
}
