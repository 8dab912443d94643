/*
 * What the authority keeps beside EVENT.json besides the log (issue 21): the approved desks with
 * their tokens hashed, the generation of the event's databases, each desk's next proposal `order`
 * and the refusals, so a restarted authority keeps its desks and answers a re-sent refused
 * proposal as it did the first time. Written atomically at each approval or revocation and on
 * close; the journal holds what changed since.
 */
import { createHash, randomInt } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { err, ok, type Result } from '../../shared/result'
import { DESK_ROLES, headOfLog, type BuiltOn, type DeskRole } from '../../shared/authority/proposal'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { fingerprint } from '../../shared/tournament/log'
import { writeFileAtomic } from '../atomic-write'
import type { JournalLine } from './journal'
import { isStoredPlayerCode, type StoredPlayerCode } from './player-codes'

export const VENUE_FILE_FORMAT = 'rackside-venue'

export interface StoredDesk {
  readonly id: string
  readonly name: string
  readonly role: DeskRole
  /** sha256 of the token, hex: the file alone opens no desk. */
  readonly tokenHash: string
  readonly revoked: boolean
}

export type StoredRefusal = Extract<JournalLine, { readonly kind: 'refused' }>

export interface VenueFile {
  readonly tournamentId: string
  readonly generation: number
  /**
   * The number of the next desk id (`d1-…`, `d2-…`, `newDeskId`): never reused, even after
   * revoking; the id's random part keeps it unique across desks files (issue 27).
   */
  readonly nextDesk: number
  readonly desks: readonly StoredDesk[]
  /** Desk id → the next `order` expected from its outbox. */
  readonly orders: Readonly<Record<string, number>>
  readonly refusals: readonly StoredRefusal[]
  /**
   * The head of the log the databases were last published with (`headOfLog`): a log that does
   * not extend it is another log under the same tournament id (a file opened over it, a backup
   * restored), published under a new generation so no desk's replica mixes the two.
   */
  readonly published?: BuiltOn
  /** Issue 30: each player's own code, kept here like the desks' passes and never in the log. */
  readonly playerCodes?: readonly StoredPlayerCode[]
}

export function venueFilePath(eventPath: string): string {
  return `${eventPath}.desks`
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/**
 * Issue 27: the generation of an authority started with no desks file (a copy carried to another
 * laptop, or a first share), from the time and a random number: never generation 1 of another
 * laptop's databases, so a desk's replica of the dead laptop's log and the online copy (`--push`)
 * are never mixed with this one's. A whole number, so a valid part of a CouchDB name.
 */
export function freshGeneration(nowMs: number = Date.now()): number {
  return nowMs * 100 + randomInt(100)
}

export function newVenueFile(tournamentId: string, generation = freshGeneration()): VenueFile {
  return { tournamentId, generation, nextDesk: 1, desks: [], orders: {}, refusals: [] }
}

/** The file, or a new one when there is none; a damaged one is refused naming what is wrong. */
export async function readVenueFile(
  path: string,
  tournamentId: string,
): Promise<Result<VenueFile>> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ENOENT') return ok(newVenueFile(tournamentId))
    return err('venue.desks-read', `cannot read ${path}: ${(e as Error).message}`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    return err('venue.desks-damaged', `${path} is damaged: ${(e as Error).message}`)
  }
  const checked = checkVenueFile(value)
  if (checked === undefined) {
    return err('venue.desks-damaged', `${path} is not a Rackside desks file (${VENUE_FILE_FORMAT})`)
  }
  // Another event's desks file (the director put a different EVENT.json here): its desks were
  // approved for that event, so this one starts with none.
  if (checked.tournamentId !== tournamentId) return ok(newVenueFile(tournamentId))
  return ok(checked)
}

function checkVenueFile(value: unknown): VenueFile | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const v = value as Record<string, unknown>
  if (v['format'] !== VENUE_FILE_FORMAT) return undefined
  const { tournamentId, generation, nextDesk, desks, orders, refusals, published, playerCodes } = v
  if (typeof tournamentId !== 'string') return undefined
  if (!Number.isInteger(generation) || !Number.isInteger(nextDesk)) return undefined
  if (!Array.isArray(desks) || !Array.isArray(refusals)) return undefined
  if (typeof orders !== 'object' || orders === null) return undefined
  // Printed codes are in players' hands: a damaged list is a damaged file, never new codes.
  if (
    playerCodes !== undefined &&
    (!Array.isArray(playerCodes) || !playerCodes.every(isStoredPlayerCode))
  ) {
    return undefined
  }
  const roles: readonly string[] = DESK_ROLES
  for (const desk of desks as unknown[]) {
    const d = desk as Record<string, unknown> | null
    if (
      d === null ||
      typeof d['id'] !== 'string' ||
      typeof d['name'] !== 'string' ||
      typeof d['tokenHash'] !== 'string' ||
      typeof d['revoked'] !== 'boolean' ||
      !roles.includes(String(d['role']))
    ) {
      return undefined
    }
  }
  return {
    tournamentId,
    generation: generation as number,
    nextDesk: nextDesk as number,
    desks: desks as StoredDesk[],
    orders: orders as Record<string, number>,
    refusals: refusals as StoredRefusal[],
    ...(isBuiltOn(published) ? { published } : {}),
    ...(playerCodes === undefined ? {} : { playerCodes: playerCodes as StoredPlayerCode[] }),
  }
}

function isBuiltOn(value: unknown): value is BuiltOn {
  if (typeof value !== 'object' || value === null) return false
  const { length, last } = value as Record<string, unknown>
  return Number.isInteger(length) && (last === null || typeof last === 'string')
}

/**
 * The desks file for serving `log`: the same generation when the log extends the one published
 * last, the next one when it is another log or an older copy of it (issue 27: a backup restored),
 * so the desks start new replicas instead of mixing two logs' chunks, and hand back what their old
 * replica holds that this log lacks (`shared/venue/held.ts`).
 */
export function publishing(file: VenueFile, log: readonly LoggedCommand[]): VenueFile {
  const was = file.published
  const head = headOfLog(log)
  if (was === undefined) return { ...file, published: head }
  if (was.length > log.length) {
    return { ...file, generation: file.generation + 1, published: head }
  }
  const seen = was.length === 0 ? undefined : log[was.length - 1]
  const extends_ = (seen === undefined ? null : fingerprint(seen)) === was.last
  return {
    ...file,
    generation: extends_ ? file.generation : file.generation + 1,
    published: head,
  }
}

export async function writeVenueFile(path: string, file: VenueFile): Promise<void> {
  const text = `${JSON.stringify({ format: VENUE_FILE_FORMAT, version: 1, ...file }, null, 2)}\n`
  await writeFileAtomic(path, new TextEncoder().encode(text))
}
