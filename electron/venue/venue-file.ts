/*
 * What the authority keeps beside EVENT.json besides the log (issue 21): the approved desks with
 * their tokens hashed, the generation of the event's databases, each desk's next proposal `order`
 * and the refusals, so a restarted authority keeps its desks and answers a re-sent refused
 * proposal as it did the first time. Written atomically at each approval or revocation and on
 * close; the journal holds what changed since.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { err, ok, type Result } from '../../shared/result'
import { DESK_ROLES, type DeskRole } from '../../shared/authority/proposal'
import { writeFileAtomic } from '../atomic-write'
import type { JournalLine } from './journal'

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
  /** The number of the next desk id (`d1`, `d2`, …): ids are never reused, even after revoking. */
  readonly nextDesk: number
  readonly desks: readonly StoredDesk[]
  /** Desk id → the next `order` expected from its outbox. */
  readonly orders: Readonly<Record<string, number>>
  readonly refusals: readonly StoredRefusal[]
}

export function venueFilePath(eventPath: string): string {
  return `${eventPath}.desks`
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

export function newVenueFile(tournamentId: string): VenueFile {
  return { tournamentId, generation: 1, nextDesk: 1, desks: [], orders: {}, refusals: [] }
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
  const { tournamentId, generation, nextDesk, desks, orders, refusals } = v
  if (typeof tournamentId !== 'string') return undefined
  if (!Number.isInteger(generation) || !Number.isInteger(nextDesk)) return undefined
  if (!Array.isArray(desks) || !Array.isArray(refusals)) return undefined
  if (typeof orders !== 'object' || orders === null) return undefined
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
  }
}

export async function writeVenueFile(path: string, file: VenueFile): Promise<void> {
  const text = `${JSON.stringify({ format: VENUE_FILE_FORMAT, version: 1, ...file }, null, 2)}\n`
  await writeFileAtomic(path, new TextEncoder().encode(text))
}
