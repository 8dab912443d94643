/*
 * Joining the venue (issue 21): a desk asks (`POST /venue/join`, open to anyone: the only thing a
 * stranger may do), shows a short pairing code and polls with a secret only it knows; the director
 * approves the code and names the desk, and the token is handed over once, after the desks file
 * holds it. At most `MAX_OPEN_REQUESTS` wait, and a few per client address (`join-limits.ts`):
 * a flood from one address never locks the others out. One nobody answered is forgotten after a
 * while.
 */
import { randomBytes, randomInt } from 'node:crypto'
import type { Express, RequestHandler } from 'express'
import type { DeskRole } from '../../shared/authority/proposal'
import { err, ok, type Result } from '../../shared/result'
import {
  JOIN_ROLES,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  VENUE_ROUTES,
  type JoinRequested,
  type JoinRole,
  type JoinStatus,
  type VenueDesk,
} from '../../shared/venue/protocol'
import { activeDesks, newDeskId } from './desks'
import { answerError } from './http-answers'
import { clientAddress, JoinLimits } from './join-limits'
import { messageOf, type ServerContext } from './server-context'
import { hashToken, type StoredDesk } from './venue-file'

/** Open join requests at most: a stranger on the Wi-Fi cannot flood the director's list. */
export const MAX_OPEN_REQUESTS = 50
/** A join request nobody answered is forgotten after this long. */
const REQUEST_TTL_MS = 15 * 60 * 1000
const DEVICE_LENGTH = 120
const NAME_LENGTH = 40

export interface JoinRequestView {
  readonly code: string
  readonly role: JoinRole
  readonly device: string
  readonly at: string
}

interface JoinRequest {
  readonly secret: string
  readonly code: string
  readonly role: JoinRole
  readonly device: string
  /** The client address it came from (`clientAddress`). */
  readonly address: string
  readonly at: string
  readonly atMs: number
  answer:
    | { readonly kind: 'approving' }
    | { readonly kind: 'approved'; readonly token: string; readonly desk: VenueDesk }
    | { readonly kind: 'refused' }
    | undefined
}

export class Joining {
  private readonly requests = new Map<string, JoinRequest>()
  private readonly limits = new JoinLimits()

  /** `onApproved` runs once the desks file holds the new desk. */
  constructor(
    private readonly ctx: ServerContext,
    private readonly onApproved: (desk: VenueDesk) => void,
  ) {}

  /** The join routes: asking, and polling for the answer. */
  route(app: Express, json: RequestHandler): void {
    app.post(VENUE_ROUTES.join, json, (req, res) => {
      const asked = this.ask(req.body, clientAddress(req.socket.remoteAddress))
      if (asked.ok) res.json(asked.value)
      else answerError(res, asked.error.code === 'venue.join-role' ? 400 : 429, asked.error)
    })
    app.get(`${VENUE_ROUTES.joinStatus}:request`, (req, res) => {
      const request = this.requests.get(req.params.request ?? '')
      if (request === undefined) {
        answerError(res, 404, {
          code: 'venue.join-unknown',
          message: 'No such join request: it was answered already or forgotten; ask to join again.',
        })
        return
      }
      res.json(joinStatus(request))
      // The token is handed over once: a request is done with once it is answered.
      if (request.answer?.kind === 'approved' || request.answer?.kind === 'refused') {
        this.requests.delete(request.secret)
      }
    })
  }

  /** The requests waiting for the director's answer. */
  waiting(): readonly JoinRequestView[] {
    this.prune()
    return [...this.requests.values()]
      .filter((r) => r.answer === undefined)
      .map((r) => ({ code: r.code, role: r.role, device: r.device, at: r.at }))
  }

  /** The director's `role` wins over the one the desk asked for. */
  approve(code: string, name: string, role?: DeskRole): Result<VenueDesk> {
    const request = this.waitingByCode(code)
    if (request === undefined) return noRequest(code)
    const { authority } = this.ctx
    const given = name.replace(/\s+/g, ' ').trim()
    if (given === '') return err('venue.desk-name', 'Give the desk a name, such as "Desk 2".')
    if (given.length > NAME_LENGTH) {
      return err('venue.desk-name', `A desk name has at most ${String(NAME_LENGTH)} letters.`)
    }
    const taken = activeDesks(authority).find((d) => d.name.toLowerCase() === given.toLowerCase())
    if (taken !== undefined) {
      return err(
        'venue.desk-name-taken',
        `"${taken.name}" is already the name of a desk; choose another, or revoke that desk first.`,
      )
    }
    const id = newDeskId(authority.venue().nextDesk, randomInt)
    const token = randomBytes(32).toString('base64url')
    const desk: VenueDesk = { id, name: given, role: role ?? request.role }
    const stored: StoredDesk = { ...desk, tokenHash: hashToken(token), revoked: false }
    // The desk hears "approved" only once the desks file holds it, so a crash cannot leave a
    // desk with a token the authority forgot; meanwhile it is still waiting.
    request.answer = { kind: 'approving' }
    authority
      .updateVenue((v) => ({ ...v, nextDesk: v.nextDesk + 1, desks: [...v.desks, stored] }))
      .then(() => {
        request.answer = { kind: 'approved', token, desk }
        this.onApproved(desk)
        this.ctx.emit({ event: 'approved', code: request.code, desk })
        this.ctx.changed()
      })
      .catch((e: unknown) => {
        this.ctx.emit({
          event: 'error',
          code: 'venue.desks-write',
          message: `Approving ${given}: ${messageOf(e)}`,
        })
      })
    return ok(desk)
  }

  refuse(code: string): Result<void> {
    const request = this.waitingByCode(code)
    if (request === undefined) return noRequest(code)
    request.answer = { kind: 'refused' }
    this.ctx.changed()
    return ok(undefined)
  }

  /** Refuses every request waiting (a flood, or the end of joining); how many were. */
  refuseAll(): number {
    const waiting = [...this.requests.values()].filter((r) => r.answer === undefined)
    for (const request of waiting) request.answer = { kind: 'refused' }
    if (waiting.length > 0) this.ctx.changed()
    return waiting.length
  }

  private ask(body: unknown, address: string): Result<JoinRequested> {
    this.prune()
    const fields = body as Record<string, unknown> | undefined
    const role = fields?.['role']
    if (typeof role !== 'string' || !(JOIN_ROLES as readonly string[]).includes(role)) {
      return err('venue.join-role', `A join request names its role: ${JOIN_ROLES.join(' or ')}.`)
    }
    const open = [...this.requests.values()].filter((r) => r.answer === undefined)
    const fromHere = open.filter((r) => r.address === address).length
    const limited = this.limits.admit(address, fromHere, Date.now())
    if (limited !== undefined) return { ok: false, error: limited }
    if (open.length >= MAX_OPEN_REQUESTS && !this.makeRoom(open)) {
      return err(
        'venue.join-busy',
        `${String(MAX_OPEN_REQUESTS)} desks are already waiting for the director; try again once some are answered.`,
      )
    }
    const deviceRaw = fields?.['device']
    const device = (typeof deviceRaw === 'string' ? deviceRaw : '')
      .replace(/[\p{Cc}]/gu, ' ')
      .trim()
      .slice(0, DEVICE_LENGTH)
    const request: JoinRequest = {
      secret: randomBytes(24).toString('base64url'),
      code: this.newCode(),
      role: role as JoinRole,
      device,
      address,
      at: this.ctx.now().toISOString(),
      atMs: Date.now(),
      answer: undefined,
    }
    this.requests.set(request.secret, request)
    this.ctx.emit({ event: 'desk', code: request.code, role: request.role, device })
    this.ctx.changed()
    return ok({ request: request.secret, code: request.code })
  }

  /**
   * A full list makes room by forgetting the oldest request of the address with the most waiting,
   * if it has more than one: many addresses each asking a few times cannot fill it either.
   */
  private makeRoom(open: readonly JoinRequest[]): boolean {
    const byAddress = new Map<string, JoinRequest[]>()
    for (const request of open) {
      byAddress.set(request.address, [...(byAddress.get(request.address) ?? []), request])
    }
    const most = [...byAddress.values()].sort((a, b) => b.length - a.length)[0] ?? []
    const oldest = most[0]
    if (most.length < 2 || oldest === undefined) return false
    this.requests.delete(oldest.secret)
    return true
  }

  private prune(): void {
    const cutoff = Date.now() - REQUEST_TTL_MS
    for (const [secret, request] of this.requests) {
      if (request.atMs < cutoff) this.requests.delete(secret)
    }
  }

  private newCode(): string {
    const open = new Set([...this.requests.values()].map((r) => r.code))
    for (;;) {
      let code = ''
      for (let i = 0; i < PAIRING_CODE_LENGTH; i++) {
        code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)] ?? ''
      }
      if (!open.has(code)) return code
    }
  }

  private waitingByCode(code: string): JoinRequest | undefined {
    const wanted = code.trim().toUpperCase()
    return [...this.requests.values()].find((r) => r.code === wanted && r.answer === undefined)
  }
}

function noRequest(code: string): Result<never> {
  return err('venue.no-request', `No desk is waiting with code ${code.trim().toUpperCase()}.`)
}

function joinStatus(request: JoinRequest): JoinStatus {
  const answer = request.answer
  if (answer === undefined) return { status: 'waiting', code: request.code }
  switch (answer.kind) {
    case 'approving':
      return { status: 'waiting', code: request.code }
    case 'approved':
      return { status: 'approved', token: answer.token, desk: answer.desk }
    case 'refused':
      return { status: 'refused' }
  }
}
