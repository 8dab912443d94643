/*
 * The approved desks as the server sees them (issue 21): a request's desk is the one its bearer
 * token names, never one a document claims; a revoked desk is no desk.
 */
import { proposes } from '../../shared/authority/roles'
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

/**
 * A role that proposes has an outbox (`proposes`, shared/authority/roles.ts); what it may propose
 * is `decide`'s.
 */
export const hasOutbox: (role: DeskRole) => boolean = proposes

/** The approved desk the request's `Authorization: Bearer` token names. */
export function deskOfRequest(authority: AuthorityHost, req: Request): VenueDesk | undefined {
  const header = req.headers.authorization
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return undefined
  const hash = hashToken(header.slice('Bearer '.length).trim())
  const desk = activeDesks(authority).find((d) => d.tokenHash === hash)
  return desk === undefined ? undefined : viewOf(desk)
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
const ID_RANDOM_LENGTH = 6

/**
 * A new desk's id, `d7-k3m9qa` (issue 27): the number is what the terminal shows, the random part
 * keeps it unique across desks files and laptops, so a desk never inherits a dead one's id and
 * History never calls another desk's result "this desk". Lowercase letters, digits and `-`: it
 * names the desk's outbox database. `randomBelow(n)` is a whole number from 0 to n−1.
 */
export function newDeskId(number: number, randomBelow: (n: number) => number): string {
  let random = ''
  for (let i = 0; i < ID_RANDOM_LENGTH; i++) {
    random += ID_ALPHABET[randomBelow(ID_ALPHABET.length)] ?? ''
  }
  return `d${String(number)}-${random}`
}

/** The readable part of a desk id (`d7` of `d7-k3m9qa`; an id from before issue 27 is all of it). */
export function shortDeskId(id: string): string {
  return id.split('-')[0] ?? id
}

/** A desk's name as typed, spaces collapsed, compared without case. */
export function deskNamed(authority: AuthorityHost, name: string): StoredDesk | undefined {
  const wanted = name.replace(/\s+/g, ' ').trim().toLowerCase()
  return activeDesks(authority).find((d) => d.name.toLowerCase() === wanted)
}
