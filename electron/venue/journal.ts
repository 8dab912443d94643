/*
 * The authority's journal (issue 21: "the authority's store syncs to disk before it answers").
 * One JSON line per decision, appended and flushed before the decision is published or answered,
 * beside EVENT.json; closing the authority writes EVENT.json with the whole log and empties it.
 */
import { open, readFile, rm, truncate, type FileHandle } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { checkLogEntry } from '../../shared/formats/tournament-file'
import { err, ok, type Result, type RuleError } from '../../shared/result'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { syncFolder } from '../atomic-write'

export type JournalLine =
  | {
      readonly kind: 'accepted'
      readonly entry: LoggedCommand
      /** The desk's `order` for a proposal from its outbox. */
      readonly order?: number
    }
  | {
      readonly kind: 'refused'
      readonly proposal: string
      readonly desk: string
      /** The command as proposed, to tell a re-sending from another command under that id. */
      readonly command: unknown
      readonly error: RuleError
      readonly at: string
      readonly order?: number
    }

export interface JournalRead {
  readonly lines: readonly JournalLine[]
  /** Said when the last line was cut by a crash and dropped. */
  readonly torn: string | null
}

export function journalPath(eventPath: string): string {
  return `${eventPath}.journal`
}

/**
 * The journal's lines. A last line without its newline was being written when the process died:
 * its decision was never answered, so it is dropped and the file cut back to the lines before it.
 * A damaged line before the last is refused, naming its line: that is no crash of ours.
 */
export async function readJournal(path: string): Promise<Result<JournalRead>> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ENOENT') return ok({ lines: [], torn: null })
    return err('venue.journal-read', `cannot read ${path}: ${(e as Error).message}`)
  }
  const pieces = text.split('\n')
  const tail = pieces.pop() ?? ''
  const lines: JournalLine[] = []
  for (const [index, piece] of pieces.entries()) {
    if (piece.trim() === '') continue
    const line = parseLine(piece)
    if (!line.ok) {
      return err(
        'venue.journal-damaged',
        `${path}, line ${String(index + 1)}: ${line.error}; the journal is damaged (move it aside to start from ${basename(path, '.journal')} alone, losing the decisions it holds)`,
        { line: index + 1 },
      )
    }
    lines.push(line.value)
  }
  let torn: string | null = null
  if (tail.trim() !== '') {
    torn = `${path}: the last line (${String(pieces.length + 1)}) was cut short by a crash and is dropped; that decision was never answered, so the desk sends it again`
    await truncate(path, Buffer.byteLength(text, 'utf8') - Buffer.byteLength(tail, 'utf8'))
  }
  return ok({ lines, torn })
}

type Parsed = { ok: true; value: JournalLine } | { ok: false; error: string }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isOrder = (value: unknown): boolean =>
  value === undefined || (Number.isInteger(value) && (value as number) >= 0)

/**
 * One line, checked whole (issue 28: `{"kind":"accepted"}` without its entry was taken, and the
 * authority then crashed reading the entry's seq): an accepted line's entry is checked as the
 * tournament file checks its log, a refused line has its proposal, desk, error and time.
 */
function parseLine(text: string): Parsed {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, error: 'not a journal line (not JSON)' }
  }
  if (!isRecord(value)) return { ok: false, error: 'not a journal line (not an object)' }
  if (!isOrder(value['order'])) return { ok: false, error: '"order" is not a whole number' }
  const kind = value['kind']
  if (kind === 'accepted') {
    if (value['entry'] === undefined)
      return { ok: false, error: 'an accepted line without its entry' }
    // Its seq follows EVENT.json's log, not the journal's lines: recover() checks the order.
    const raw = value['entry']
    const seq = isRecord(raw) && Number.isInteger(raw['seq']) ? (raw['seq'] as number) : 0
    const entry = checkLogEntry(raw, seq)
    if (!entry.ok) {
      return {
        ok: false,
        error: `its entry: ${entry.error.message.replace(/^log\[\d+\]/, 'entry')}`,
      }
    }
    return { ok: true, value: value as JournalLine }
  }
  if (kind === 'refused') {
    const error = value['error']
    const whole =
      typeof value['proposal'] === 'string' &&
      typeof value['desk'] === 'string' &&
      typeof value['at'] === 'string' &&
      isRecord(error) &&
      typeof error['code'] === 'string' &&
      typeof error['message'] === 'string'
    return whole
      ? { ok: true, value: value as JournalLine }
      : { ok: false, error: 'a refused line without its proposal, desk, error or time' }
  }
  return { ok: false, error: 'not a journal line (no kind "accepted" or "refused")' }
}

/**
 * An open journal: each append is on disk (datasync) when its promise resolves. Group commit
 * (issue 27's speed row: one flush per decision was the way in's biggest share): lines appended
 * while a flush runs wait for it and are then written and flushed together, each promise resolving
 * only after the flush that holds its line.
 */
export class Journal {
  /** The lines waiting for the next flush, with the promise that flush settles. */
  private waiting: { readonly text: string[]; readonly done: Promise<void> } | undefined
  /** The last flush asked for: the journal holds every line so far once it settles. */
  private last: Promise<void> = Promise.resolve()
  /** A failed write or flush: no later line may be answered as on disk, so every one is refused. */
  private failed: Error | undefined

  private constructor(
    readonly path: string,
    private handle: FileHandle | undefined,
  ) {}

  static async open(path: string): Promise<Journal> {
    const handle = await open(path, 'a')
    // A journal just created must survive a power cut too: its folder entry is flushed.
    await syncFolder(dirname(path))
    return new Journal(path, handle)
  }

  append(line: JournalLine): Promise<void> {
    if (this.handle === undefined) throw new Error(`journal ${this.path} is closed`)
    if (this.waiting === undefined) {
      const text: string[] = []
      const done = this.last.then(
        () => this.write(text),
        () => this.write(text),
      )
      this.waiting = { text, done }
      this.last = done
    }
    this.waiting.text.push(`${JSON.stringify(line)}\n`)
    return this.waiting.done
  }

  /** Settles once every line appended so far is on disk (rejects if one could not be). */
  flushed(): Promise<void> {
    return this.last
  }

  private async write(text: readonly string[]): Promise<void> {
    // Lines appended from now on wait for the next flush.
    this.waiting = undefined
    if (this.failed !== undefined) throw this.failed
    const handle = this.handle
    if (handle === undefined) throw new Error(`journal ${this.path} is closed`)
    try {
      await handle.appendFile(text.join(''), 'utf8')
      await handle.datasync()
    } catch (e) {
      this.failed = e instanceof Error ? e : new Error(String(e))
      throw this.failed
    }
  }

  /** A flush under way then fails, as in a crash: its lines were never answered. */
  async close(): Promise<void> {
    const handle = this.handle
    this.handle = undefined
    await handle?.close()
  }

  /** After EVENT.json holds the whole log: the journal's lines are all in it. */
  async remove(): Promise<void> {
    await this.close()
    await rm(this.path, { force: true })
  }
}
