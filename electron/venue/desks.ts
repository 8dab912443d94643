/*
 * The approved desks as the server sees them (issue 21): a request's desk is the one its bearer
 * token names, never one a document claims; a revoked desk is no desk.
 */
import type { Request } from 'express'
import type { DeskRole } from '../../shared/authority/proposal'
import type { RuleError } from '../../shared/result'
import type { VenueDesk } from '../../shared/venue/protocol'
import type { AuthorityHost } from './authority-host'
import { hashToken, type StoredDesk } from './venue-file'

export const unauthorized: RuleError = {
  code: 'venue.unauthorized',
  message:
    'This device has no valid pass for this event (never approved, or revoked): ask the director to approve it.',
}

export function activeDesks(authority: AuthorityHost): readonly StoredDesk[] {
  return authority.venue().desks.filter((d) => !d.revoked)
}

export function viewOf(desk: StoredDesk): VenueDesk {
  return { id: desk.id, name: desk.name, role: desk.role }
}

/** Every role but the projector proposes, so has an outbox; what it may propose is `decide`'s. */
export function hasOutbox(role: DeskRole): boolean {
  return role !== 'projector'
}

/** The approved desk the request's `Authorization: Bearer` token names. */
export function deskOfRequest(authority: AuthorityHost, req: Request): VenueDesk | undefined {
  const header = req.headers.authorization
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return undefined
  const hash = hashToken(header.slice('Bearer '.length).trim())
  const desk = activeDesks(authority).find((d) => d.tokenHash === hash)
  return desk === undefined ? undefined : viewOf(desk)
}

/** A desk's name as typed, spaces collapsed, compared without case. */
export function deskNamed(authority: AuthorityHost, name: string): StoredDesk | undefined {
  const wanted = name.replace(/\s+/g, ' ').trim().toLowerCase()
  return activeDesks(authority).find((d) => d.name.toLowerCase() === wanted)
}
