/**
 * tsh `.tsh` archives (formats.md, "tsh event"): the config lines, then each division file between
 * `#begin_file name=a.t` and `#end_file name=a.t`. Names inside an archive come from whoever made
 * the file, so only plain file names are accepted: extracting can never write outside the folder.
 */
import { err, ok, type Result } from '../result'
import { splitLines } from './text-codec'

export interface TshArchiveFile {
  readonly name: string
  /** The file's lines joined with `\n`, without a final newline. */
  readonly text: string
}

export interface TshArchive {
  /** Every line outside the file blocks, joined with `\n` (config and comments). */
  readonly configText: string
  readonly files: readonly TshArchiveFile[]
}

const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i

/**
 * A plain file name: no folder separators, no `..`, no drive letter or other `:`, no control
 * characters, not hidden, not a Windows device name.
 */
export function isSafeArchiveName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !/[/\\:\p{Cc}]/u.test(name) &&
    !name.includes('..') &&
    !name.startsWith('.') &&
    name.trim() === name &&
    !WINDOWS_DEVICE.test(name)
  )
}

const BEGIN = /^#begin_file\s+name=(.*)$/
const END = /^#end_file\s+name=(.*)$/

/** Division files in one archive: far beyond any event, small enough to check names quickly. */
export const MAX_ARCHIVE_FILES = 200

export function parseTshArchive(text: string): Result<TshArchive> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  const lines = splitLines(body)
  if (/(\r\n|\r|\n)$/.test(body)) lines.pop()
  const config: string[] = []
  const files: TshArchiveFile[] = []
  let open: { name: string; line: number; lines: string[] } | null = null
  for (const [index, raw] of lines.entries()) {
    const line = index + 1
    const begin = BEGIN.exec(raw.trimEnd())
    const end = END.exec(raw.trimEnd())
    if (begin !== null) {
      const name = (begin[1] ?? '').trim()
      if (open !== null) {
        return err(
          'tsh.archive.nested',
          `#begin_file ${name} inside ${open.name}, which is not ended`,
          {
            line,
          },
        )
      }
      if (!isSafeArchiveName(name)) {
        return err('tsh.archive.unsafe-name', `"${name}" is not a plain file name`, { line })
      }
      if (files.length >= MAX_ARCHIVE_FILES) {
        return err(
          'tsh.archive.too-many',
          `more than ${String(MAX_ARCHIVE_FILES)} division files: not a tsh event Rackside reads`,
          { line },
        )
      }
      if (files.some((f) => f.name === name)) {
        return err('tsh.archive.duplicate', `${name} is in the archive twice`, { line })
      }
      open = { name, line, lines: [] }
    } else if (end !== null) {
      const name = (end[1] ?? '').trim()
      if (open === null)
        return err('tsh.archive.end', `#end_file ${name} without #begin_file`, { line })
      if (name !== open.name) {
        return err('tsh.archive.end', `#end_file ${name} ends ${open.name}`, { line })
      }
      files.push({ name, text: open.lines.join('\n') })
      open = null
    } else if (open !== null) {
      open.lines.push(raw)
    } else {
      config.push(raw)
    }
  }
  if (open !== null) {
    return err('tsh.archive.unclosed', `${open.name} has no #end_file`, { line: open.line })
  }
  return ok({ configText: config.join('\n'), files })
}

/** Writes an archive with `\n` line endings; refuses names that are not plain file names. */
export function serializeTshArchive(archive: TshArchive): Result<string> {
  const out: string[] = []
  if (archive.configText !== '')
    out.push(archive.configText.replace(/\r\n?/g, '\n').replace(/\n$/, ''))
  for (const file of archive.files) {
    if (!isSafeArchiveName(file.name)) {
      return err('tsh.archive.unsafe-name', `"${file.name}" is not a plain file name`)
    }
    const text = file.text.replace(/\r\n?/g, '\n').replace(/\n$/, '')
    if (text.split('\n').some((l) => BEGIN.test(l) || END.test(l))) {
      return err('tsh.archive.marker', `${file.name} contains an archive marker line`)
    }
    out.push(`#begin_file name=${file.name}`)
    if (text !== '') out.push(text)
    out.push(`#end_file name=${file.name}`)
  }
  return ok(out.length === 0 ? '' : `${out.join('\n')}\n`)
}
