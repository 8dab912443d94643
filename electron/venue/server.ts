/*
 * The venue authority as an HTTP server (issue 21), one module for `rackside serve` and for
 * "Share this event on the venue network" in Electron main (so no Electron here): the join
 * routes, the token guard in front of the CouchDB-protocol databases (express-pouchdb in its
 * minimal mode on memory PouchDB), each approved desk's outbox followed and decided in its
 * `order`, the desk app and the phones' pages.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import type express from 'express'
import type { Express, Request, Response } from 'express'
import type expressPouchDBType from 'express-pouchdb'
import type { AuthorityState } from '../../shared/authority/decide'
import type { Decision, DeskIdentity, Proposal } from '../../shared/authority/proposal'
import { proposes } from '../../shared/authority/roles'
import { err, ok, type Result, type RuleError } from '../../shared/result'
import type { LoggedCommand } from '../../shared/tournament/commands'
import type { TournamentState } from '../../shared/tournament/types'
import { chunksFrom } from '../../shared/venue/chunks'
import { renderLivePage } from '../../shared/venue/live-pages'
import {
  decisionsDatabase,
  JOIN_ROLES,
  logDatabase,
  outboxDatabase,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  STATUS_ID,
  VENUE_ROUTES,
  type DeskStatus,
  type JoinRequested,
  type JoinRole,
  type JoinStatus,
  type OutboxProposal,
  type RefusalDoc,
  type ServeEvent,
  type VenueDesk,
  type VenueEvent,
  type VenueInfo,
} from '../../shared/venue/protocol'
import { openAuthority } from './authority-host'
import { guardDatabaseRequest } from './guard'
import { appCsp } from '../app-csp'
import { pushToRemote } from './remote-push'
import {
  NodePouch,
  servedDatabase,
  venuePouch,
  type ChangesFeed,
  type PouchDatabase,
} from './pouch'
import { revisedChunk, revisedRefusal, chunkRevisionIds } from './revs'
import { hashToken, type StoredDesk, type StoredRefusal } from './venue-file'
import type { JournalLine } from './journal'

/*
 * Loaded when a server starts, not when the CLI does: every other command starts without them,
 * and the bundle keeps these CommonJS packages as they are (vite.cli.config.ts).
 */
const require = createRequire(import.meta.url)
const loadExpress = () => require('express') as typeof express
const loadExpressPouchDB = () => require('express-pouchdb') as typeof expressPouchDBType

export interface VenueServerOptions {
  /** EVENT.json, a Rackside tournament file (shared/formats/tournament-file.ts). */
  readonly eventPath: string
  /** '127.0.0.1' from the CLI by default; '0.0.0.0' to share on the LAN. */
  readonly host: string
  /** 0 = any free port. */
  readonly port: number
  /** The built desk app (dist-web) served at '/', if given. */
  readonly appDir?: string
  readonly now?: () => Date
  /** Every ServeEvent as it happens. */
  readonly onEvent?: (event: ServeEvent) => void
  /**
   * A CouchDB database on the internet to push the log to, live, for results online
   * (`remote-push.ts`); the address may carry credentials, never printed.
   */
  readonly pushTo?: string
  /** How long a restarted authority waits for its desks' status (issue 21: ~3 s). */
  readonly recoveryWaitMs?: number
}

export interface JoinRequestView {
  readonly code: string
  readonly role: JoinRole
  readonly device: string
  readonly at: string
}

export interface VenueServer {
  /** http://host:port */
  readonly url: string
  /** LAN URLs when host is 0.0.0.0 (os.networkInterfaces), else [url]. */
  readonly addresses: readonly string[]
  requests(): readonly JoinRequestView[]
  desks(): readonly VenueDesk[]
  approve(code: string, name: string): Result<VenueDesk>
  refuse(code: string): Result<void>
  revoke(name: string): Result<VenueDesk>
  /** The director's own windows propose here directly (Electron IPC), as desk `{id:'director', role:'director'}`. */
  propose(desk: DeskIdentity, proposal: OutboxProposal): Promise<Decision>
  log(): readonly LoggedCommand[]
  event(): VenueEvent
  state(): TournamentState | undefined
  onChange(listener: () => void): () => void
  /** Stops listening and writes EVENT.json atomically with the whole log. */
  close(): Promise<void>
}

/** Open join requests at most: a stranger on the Wi-Fi cannot flood the director's list. */
export const MAX_OPEN_REQUESTS = 50
/** A join request nobody answered is forgotten after this long. */
const REQUEST_TTL_MS = 15 * 60 * 1000
const DEVICE_LENGTH = 120
const NAME_LENGTH = 40
const RECOVERY_WAIT_MS = 3000

/** The desk app's CSP: the app's own, talking to this origin only. */
export const VENUE_APP_CSP = appCsp(false)

/** Tells the desk app it was served by an authority, so it needs no network probe. */
export const VENUE_META = '<meta name="rackside-venue" content="authority">'

interface JoinRequest {
  readonly secret: string
  readonly code: string
  readonly role: JoinRole
  readonly device: string
  readonly at: string
  readonly atMs: number
  answer:
    | { readonly kind: 'approving' }
    | { readonly kind: 'approved'; readonly token: string; readonly desk: VenueDesk }
    | { readonly kind: 'refused' }
    | undefined
}

interface Follower {
  readonly feed: ChangesFeed
  readonly db: PouchDatabase
}

export function startVenueServer(options: VenueServerOptions): Promise<Result<VenueServer>> {
  return startAuthorityServer(options)
}

/** The server and, for tests of the journal, a way to drop it as SIGKILL would. */
export interface VenueServerHandle extends VenueServer {
  /** Stops without writing EVENT.json: what the journal holds is all that survives. */
  abandon(): Promise<void>
}

export async function startAuthorityServer(
  options: VenueServerOptions,
): Promise<Result<VenueServerHandle>> {
  const opened = await openAuthority(options.eventPath)
  if (!opened.ok) return opened
  const { host: authority, notes } = opened.value
  const now = options.now ?? (() => new Date())
  const emit = (event: ServeEvent): void => {
    try {
      options.onEvent?.(event)
    } catch {
      // A listener's failure is the listener's: the authority goes on deciding.
    }
  }
  for (const note of notes) emit({ event: 'error', code: 'venue.journal-torn', message: note })

  const Pouch = venuePouch()
  const venueFile = authority.venue()
  const event: VenueEvent = {
    tournamentId: authority.state().tournamentId,
    generation: venueFile.generation,
    name: authority.state().state?.info.name ?? authority.state().tournamentId,
  }
  const logDb = await servedDatabase(Pouch, logDatabase(event))
  const decisionsDb = await servedDatabase(Pouch, decisionsDatabase(event))
  const listeners = new Set<() => void>()
  const changed = (): void => {
    for (const listener of listeners) {
      try {
        listener()
      } catch {
        // As for onEvent.
      }
    }
  }

  authority.publish = async (decision, desk, heldBefore, line) => {
    await publish(authority.state(), heldBefore, line)
    switch (decision.kind) {
      case 'accepted':
        emit({
          event: 'accepted',
          proposal: decision.proposalId,
          desk: desk.id,
          seq: decision.entry.seq,
          type: decision.entry.command.type,
        })
        break
      case 'refused':
        emit({
          event: 'refused',
          proposal: decision.proposalId,
          desk: desk.id,
          code: decision.error.code,
          message: decision.error.message,
        })
        break
    }
    changed()
  }

  async function publish(
    state: AuthorityState,
    heldBefore: number,
    line: JournalLine,
  ): Promise<void> {
    switch (line.kind) {
      case 'accepted':
        await writeChunks(state.log, heldBefore)
        return
      case 'refused':
        // Its time is the journal's, so the document rebuilt after a restart is the same one.
        await writeRefusals([refusalDoc(line)])
        return
    }
  }

  async function writeChunks(log: readonly LoggedCommand[], heldBefore: number): Promise<void> {
    const docs = chunksFrom(log, heldBefore).map((chunk) =>
      revisedChunk(chunk, chunkRevisionIds(chunk.entries)),
    )
    if (docs.length > 0) await logDb.bulkDocs(docs, { new_edits: false })
  }

  async function writeRefusals(docs: readonly RefusalDoc[]): Promise<void> {
    if (docs.length > 0) await decisionsDb.bulkDocs(docs.map(revisedRefusal), { new_edits: false })
  }

  // The databases rebuilt as they were: the same documents at the same revisions.
  await writeChunks(authority.state().log, 0)
  await writeRefusals(authority.refusals().map(refusalDoc))

  // ---- desks, tokens and outboxes ----
  const requests = new Map<string, JoinRequest>()
  const openRequests = new Map<string, Set<Response>>()
  const followers = new Map<string, Follower>()
  const statuses = new Map<string, DeskStatus>()
  let statusSeen: (() => void) | undefined
  let closing = false

  const activeDesks = (): readonly StoredDesk[] => authority.venue().desks.filter((d) => !d.revoked)
  const viewOf = (desk: StoredDesk): VenueDesk => ({
    id: desk.id,
    name: desk.name,
    role: desk.role,
  })

  function deskOfRequest(req: Request): VenueDesk | undefined {
    const header = req.headers.authorization
    if (typeof header !== 'string' || !header.startsWith('Bearer ')) return undefined
    const hash = hashToken(header.slice('Bearer '.length).trim())
    const desk = activeDesks().find((d) => d.tokenHash === hash)
    return desk === undefined ? undefined : viewOf(desk)
  }

  async function follow(desk: VenueDesk): Promise<void> {
    if (!proposes(desk.role) || followers.has(desk.id) || closing) return
    const db = await servedDatabase(Pouch, outboxDatabase(desk.id))
    const identity: DeskIdentity = { id: desk.id, role: desk.role }
    let expected = authority.nextOrder(desk.id)
    const held = new Map<number, ReadOutbox>()
    const submit = (doc: ReadOutbox): void => {
      const decided =
        doc.kind === 'proposal'
          ? authority.propose(proposalOf(identity, doc.proposal), now, doc.proposal.order)
          : authority.refuseUnreadable(identity, doc.id, doc.command, doc.error, now, doc.order)
      decided.catch((e: unknown) => {
        if (closing) return
        emit({
          event: 'error',
          code: 'venue.decide',
          message: `Proposal ${doc.id} from ${desk.name}: ${e instanceof Error ? e.message : String(e)}`,
        })
      })
    }
    const feed = db.changes({ live: true, since: 0, include_docs: true })
    // The feed is also a promise that rejects on an error or a cancel: without a handler that
    // is an unhandled rejection, which ends a Node process (the spike's crash).
    Promise.resolve(feed).catch(() => undefined)
    feed.on('change', (change) => {
      if (change.deleted === true || change.doc === undefined) return
      if (change.id === STATUS_ID) {
        const status = readStatus(change.doc)
        if (status !== undefined) {
          statuses.set(desk.id, status)
          statusSeen?.()
        }
        return
      }
      if (change.id.startsWith('_')) return
      const doc = readOutboxDoc(change.id, change.doc)
      const order = doc.kind === 'proposal' ? doc.proposal.order : doc.order
      if (order === undefined || order < expected) return submit(doc)
      if (order > expected) {
        // Replication may bring a later proposal first: it waits for the earlier ones.
        held.set(order, doc)
        return
      }
      submit(doc)
      expected += 1
      for (let next = held.get(expected); next !== undefined; next = held.get(expected)) {
        held.delete(expected)
        submit(next)
        expected += 1
      }
    })
    feed.on('error', (e: unknown) => {
      if (closing) return
      emit({
        event: 'error',
        code: 'venue.outbox',
        message: `Following ${desk.name}'s outbox stopped: ${e instanceof Error ? e.message : String(e)}`,
      })
    })
    followers.set(desk.id, { feed, db })
  }

  async function unfollow(deskId: string): Promise<void> {
    const follower = followers.get(deskId)
    if (follower === undefined) return
    followers.delete(deskId)
    follower.feed.cancel()
    await follower.db.close().catch(() => undefined)
  }

  function pruneRequests(): void {
    const cutoff = Date.now() - REQUEST_TTL_MS
    for (const [secret, request] of requests) {
      if (request.atMs < cutoff) requests.delete(secret)
    }
  }

  function newCode(): string {
    const open = new Set([...requests.values()].map((r) => r.code))
    for (;;) {
      let code = ''
      for (let i = 0; i < PAIRING_CODE_LENGTH; i++) {
        code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)] ?? ''
      }
      if (!open.has(code)) return code
    }
  }

  const waitingByCode = (code: string): JoinRequest | undefined => {
    const wanted = code.trim().toUpperCase()
    return [...requests.values()].find((r) => r.code === wanted && r.answer === undefined)
  }

  // ---- the HTTP surface ----
  const express = loadExpress()
  const expressPouchDB = loadExpressPouchDB()
  const app = express()
  app.disable('x-powered-by')
  const json = express.json({ limit: '4kb' })
  const answerError = (res: Response, status: number, error: RuleError): void => {
    res.status(status).json({ error: error.code, reason: error.message })
  }

  app.post(VENUE_ROUTES.join, json, (req, res) => {
    pruneRequests()
    const body = req.body as Record<string, unknown> | undefined
    const role = body?.['role']
    if (typeof role !== 'string' || !(JOIN_ROLES as readonly string[]).includes(role)) {
      answerError(res, 400, {
        code: 'venue.join-role',
        message: `A join request names its role: ${JOIN_ROLES.join(' or ')}.`,
      })
      return
    }
    const open = [...requests.values()].filter((r) => r.answer === undefined).length
    if (open >= MAX_OPEN_REQUESTS) {
      answerError(res, 429, {
        code: 'venue.join-busy',
        message: `${String(MAX_OPEN_REQUESTS)} desks are already waiting for the director; try again once some are answered.`,
      })
      return
    }
    const deviceRaw = body?.['device']
    const device = (typeof deviceRaw === 'string' ? deviceRaw : '')
      .replace(/[\p{Cc}]/gu, ' ')
      .trim()
      .slice(0, DEVICE_LENGTH)
    const at = now()
    const request: JoinRequest = {
      secret: randomBytes(24).toString('base64url'),
      code: newCode(),
      role: role as JoinRole,
      device,
      at: at.toISOString(),
      atMs: Date.now(),
      answer: undefined,
    }
    requests.set(request.secret, request)
    emit({ event: 'desk', code: request.code, role: request.role, device })
    changed()
    const answer: JoinRequested = { request: request.secret, code: request.code }
    res.json(answer)
  })

  app.get(`${VENUE_ROUTES.joinStatus}:request`, (req, res) => {
    const request = requests.get(req.params.request ?? '')
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
      requests.delete(request.secret)
    }
  })

  app.get(VENUE_ROUTES.info, (req, res) => {
    const desk = deskOfRequest(req)
    if (desk === undefined) {
      answerError(res, 401, unauthorized)
      return
    }
    const info: VenueInfo = {
      desk,
      event,
      databases: {
        log: logDatabase(event),
        decisions: decisionsDatabase(event),
        ...(proposes(desk.role) ? { outbox: outboxDatabase(desk.id) } : {}),
      },
    }
    res.json(info)
  })

  const couch = expressPouchDB(Pouch, { mode: 'minimumForPouchDB', inMemoryConfig: true })
  app.use(VENUE_ROUTES.databases, (req, res, next) => {
    const desk = deskOfRequest(req)
    const answer = guardDatabaseRequest(req.method, req.path, desk, {
      readable: [logDatabase(event), decisionsDatabase(event)],
      outbox: desk !== undefined && proposes(desk.role) ? outboxDatabase(desk.id) : undefined,
    })
    switch (answer) {
      case 'allow': {
        // Kept so a revocation ends the desk's open requests (a live _changes) at once.
        const deskId = desk?.id ?? ''
        const open = openRequests.get(deskId) ?? new Set<Response>()
        openRequests.set(deskId, open.add(res))
        res.on('close', () => open.delete(res))
        next()
        return
      }
      case 'unauthorized':
        res.status(401).json({ error: 'unauthorized', reason: unauthorized.message })
        return
      case 'forbidden':
        res.status(403).json({
          error: 'forbidden',
          reason: `${desk?.name ?? 'This desk'} may not ${req.method} ${req.path}: a desk writes only its own outbox, and a projector reads only.`,
        })
        return
    }
  })
  app.use(VENUE_ROUTES.databases, couch)

  app.get([VENUE_ROUTES.live, `${VENUE_ROUTES.live}/*`], (req, res) => {
    const path = req.path.slice(VENUE_ROUTES.live.length)
    const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '')
    const page = renderLivePage(authority.state().state, path, query, now())
    res.status(page.status).type(page.contentType).send(page.body)
  })

  const index = options.appDir === undefined ? undefined : await appIndex(options.appDir)
  if (options.appDir !== undefined && index !== undefined) {
    const sendIndex = (_req: Request, res: Response): void => {
      res.set('Content-Security-Policy', VENUE_APP_CSP).type('html').send(index)
    }
    app.get(['/', '/index.html'], sendIndex)
    app.use(
      express.static(options.appDir, {
        index: false,
        setHeaders: (res) => res.setHeader('Content-Security-Policy', VENUE_APP_CSP),
      }),
    )
    // The desk app routes by hash; any other page that is not the authority's own is the app.
    app.get(/^\/(?!venue\/|venue$|db\/|db$|live\/|live$).*/, sendIndex)
  } else if (options.appDir !== undefined) {
    emit({
      event: 'error',
      code: 'venue.no-app',
      message: `${join(options.appDir, 'index.html')} was not found: desks cannot open the app from this address (build it with "npm run build").`,
    })
  }

  await Promise.all(activeDesks().map((desk) => follow(viewOf(desk))))
  // Express's own error page shows a stack trace: a bad request gets one line of JSON instead.
  app.use((error: unknown, _req: Request, res: Response, next: (e?: unknown) => void) => {
    if (res.headersSent) return next(error)
    const status = (error as { status?: unknown } | null)?.status
    const code = typeof status === 'number' && status >= 400 && status < 500 ? status : 500
    answerError(res, code, {
      code: code === 500 ? 'venue.server' : 'venue.bad-request',
      message:
        code === 500
          ? 'The authority could not answer this request.'
          : `The request could not be read: ${error instanceof Error ? error.message : String(error)}`,
    })
  })
  const server = await listen(app, options.host, options.port)
  if (!server.ok) {
    await authority.abandon()
    return server
  }
  const http = server.value
  const address = http.address()
  const port = typeof address === 'object' && address !== null ? address.port : options.port
  const url = `http://${urlHost(options.host)}:${String(port)}`
  const addresses = lanAddresses(options.host, port, url)
  emit({ event: 'listening', url, addresses })
  // Started once the hall's server is up, so a server that could not start leaves nothing behind.
  const remotePush =
    options.pushTo === undefined ? undefined : pushToRemote(NodePouch, logDb, options.pushTo, emit)

  recoverFromDesks().catch((e: unknown) => {
    emit({
      event: 'error',
      code: 'venue.recover',
      message: e instanceof Error ? e.message : String(e),
    })
  })

  async function recoverFromDesks(): Promise<void> {
    const known = activeDesks().filter((d) => proposes(d.role))
    const held = authority.state().log.length
    if (known.length === 0) {
      emit({ event: 'ready', held })
      return
    }
    authority.setMode({ kind: 'recovering' })
    emit({ event: 'recovering', held, desks: known.length })
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, options.recoveryWaitMs ?? RECOVERY_WAIT_MS)
      function done(): void {
        clearTimeout(timer)
        statusSeen = undefined
        resolve()
      }
      statusSeen = () => {
        if (closing || known.every((d) => statuses.has(d.id))) done()
      }
      statusSeen()
    })
    // Closed while waiting: the next start asks the desks again.
    if (closing) return
    const log = authority.state().log
    for (const desk of known) {
      const status = statuses.get(desk.id)
      if (status === undefined || !sameEvent(status, event)) continue
      if (status.held > log.length) {
        authority.setMode({ kind: 'behind', desk: desk.name, deskHeld: status.held })
        emit({ event: 'behind', desk: desk.name, held: log.length, deskHeld: status.held })
        changed()
        return
      }
    }
    authority.setMode({ kind: 'ready' })
    emit({ event: 'ready', held: log.length })
    changed()
  }

  const venue: VenueServer = {
    url,
    addresses,
    requests: () => {
      pruneRequests()
      return [...requests.values()]
        .filter((r) => r.answer === undefined)
        .map((r) => ({ code: r.code, role: r.role, device: r.device, at: r.at }))
    },
    desks: () => activeDesks().map(viewOf),
    approve(code, name) {
      const request = waitingByCode(code)
      if (request === undefined) {
        return err('venue.no-request', `No desk is waiting with code ${code.trim().toUpperCase()}.`)
      }
      const given = name.replace(/\s+/g, ' ').trim()
      if (given === '') return err('venue.desk-name', 'Give the desk a name, such as "Desk 2".')
      if (given.length > NAME_LENGTH) {
        return err('venue.desk-name', `A desk name has at most ${String(NAME_LENGTH)} letters.`)
      }
      const taken = activeDesks().find((d) => d.name.toLowerCase() === given.toLowerCase())
      if (taken !== undefined) {
        return err(
          'venue.desk-name-taken',
          `"${taken.name}" is already the name of a desk; choose another, or revoke that desk first.`,
        )
      }
      const id = `d${String(authority.venue().nextDesk)}`
      const token = randomBytes(32).toString('base64url')
      const desk: VenueDesk = { id, name: given, role: request.role }
      const stored: StoredDesk = { ...desk, tokenHash: hashToken(token), revoked: false }
      // The desk hears "approved" only once the desks file holds it, so a crash cannot leave a
      // desk with a token the authority forgot; meanwhile it is still waiting.
      request.answer = { kind: 'approving' }
      authority
        .updateVenue((v) => ({ ...v, nextDesk: v.nextDesk + 1, desks: [...v.desks, stored] }))
        .then(() => {
          request.answer = { kind: 'approved', token, desk }
          follow(desk)
          emit({ event: 'approved', code: request.code, desk })
          changed()
        })
        .catch((e: unknown) => {
          emit({
            event: 'error',
            code: 'venue.desks-write',
            message: `Approving ${given}: ${e instanceof Error ? e.message : String(e)}`,
          })
        })
      return ok(desk)
    },
    refuse(code) {
      const request = waitingByCode(code)
      if (request === undefined) {
        return err('venue.no-request', `No desk is waiting with code ${code.trim().toUpperCase()}.`)
      }
      request.answer = { kind: 'refused' }
      changed()
      return ok(undefined)
    },
    revoke(name) {
      const wanted = name.replace(/\s+/g, ' ').trim().toLowerCase()
      const desk = activeDesks().find((d) => d.name.toLowerCase() === wanted)
      if (desk === undefined) return err('venue.no-desk', `No desk is named "${name.trim()}".`)
      const view = viewOf(desk)
      authority
        .updateVenue((v) => ({
          ...v,
          desks: v.desks.map((d) => (d.id === desk.id ? { ...d, revoked: true } : d)),
        }))
        .catch((e: unknown) => {
          emit({
            event: 'error',
            code: 'venue.desks-write',
            message: `Revoking ${desk.name}: ${e instanceof Error ? e.message : String(e)}`,
          })
        })
      unfollow(desk.id).catch(() => undefined)
      for (const res of openRequests.get(desk.id) ?? []) res.destroy()
      openRequests.delete(desk.id)
      emit({ event: 'revoked', desk: view })
      changed()
      return ok(view)
    },
    propose: (desk, proposal) => authority.propose(proposalOf(desk, proposal), now),
    log: () => authority.state().log,
    event: () => event,
    state: () => authority.state().state,
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      if (closing) return
      closing = true
      statusSeen?.()
      remotePush?.stop()
      await Promise.all([...followers.keys()].map(unfollow))
      await closeServer(http)
      const saved = await authority.close(now)
      await destroyAll([logDb, decisionsDb])
      emit({ event: 'saved', path: saved.path, commands: saved.commands })
    },
  }
  return ok({
    ...venue,
    async abandon() {
      closing = true
      statusSeen?.()
      remotePush?.stop()
      await Promise.all([...followers.keys()].map(unfollow))
      await closeServer(http)
      await authority.abandon()
      await destroyAll([logDb, decisionsDb])
    },
  })
}

const unauthorized: RuleError = {
  code: 'venue.unauthorized',
  message:
    'This device has no valid pass for this event (never approved, or revoked): ask the director to approve it.',
}

/** What a desk's outbox document turned out to be. */
type ReadOutbox =
  | { readonly kind: 'proposal'; readonly id: string; readonly proposal: OutboxProposal }
  | {
      readonly kind: 'unreadable'
      readonly id: string
      readonly order: number | undefined
      readonly command: unknown
      readonly error: RuleError
    }

function refusalDoc(line: StoredRefusal): RefusalDoc {
  return { _id: line.proposal, type: 'refused', desk: line.desk, error: line.error, at: line.at }
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

function readOutboxDoc(id: string, doc: unknown): ReadOutbox {
  const d = doc as Record<string, unknown>
  const orderRaw = d['order']
  const order =
    Number.isInteger(orderRaw) && (orderRaw as number) >= 0 ? (orderRaw as number) : undefined
  const builtOn = d['builtOn'] as Record<string, unknown> | null | undefined
  const command = d['command'] as Record<string, unknown> | null | undefined
  const problems: string[] = []
  if (d['type'] !== 'proposal') problems.push('its type is not "proposal"')
  if (order === undefined) problems.push('"order" is not a whole number from 0')
  if (
    typeof builtOn !== 'object' ||
    builtOn === null ||
    !Number.isInteger(builtOn['length']) ||
    !(builtOn['last'] === null || typeof builtOn['last'] === 'string')
  ) {
    problems.push('"builtOn" is not { length, last }')
  }
  if (typeof command !== 'object' || command === null || typeof command['type'] !== 'string') {
    problems.push('"command" has no type')
  }
  if (problems.length === 0) {
    return { kind: 'proposal', id, proposal: doc as OutboxProposal }
  }
  return {
    kind: 'unreadable',
    id,
    order,
    command: d['command'] ?? null,
    error: {
      code: 'venue.malformed',
      message: `Outbox document ${id} is not a proposal: ${problems.join('; ')}.`,
      details: { proposal: id },
    },
  }
}

function readStatus(doc: unknown): DeskStatus | undefined {
  const d = doc as Record<string, unknown>
  if (d['type'] !== 'status' || !Number.isInteger(d['held'])) return undefined
  if (typeof d['tournamentId'] !== 'string' || !Number.isInteger(d['generation'])) return undefined
  return doc as DeskStatus
}

function sameEvent(status: DeskStatus, event: VenueEvent): boolean {
  return status.tournamentId === event.tournamentId && status.generation === event.generation
}

function proposalOf(desk: DeskIdentity, proposal: OutboxProposal): Proposal {
  return {
    proposalId: proposal._id,
    desk,
    builtOn: proposal.builtOn,
    command: proposal.command,
  }
}

async function appIndex(appDir: string): Promise<string | undefined> {
  try {
    const html = await readFile(join(appDir, 'index.html'), 'utf8')
    return html.includes('</head>')
      ? html.replace('</head>', `  ${VENUE_META}\n  </head>`)
      : `${VENUE_META}${html}`
  } catch {
    return undefined
  }
}

function listen(app: Express, host: string, port: number): Promise<Result<Server>> {
  return new Promise((resolve) => {
    const server = app.listen(port, host)
    server.once('listening', () => resolve(ok(server)))
    server.once('error', (e: NodeJS.ErrnoException) => {
      const why =
        e.code === 'EADDRINUSE'
          ? `port ${String(port)} is already in use; choose another with --port`
          : e.code === 'EADDRNOTAVAIL'
            ? `${host} is not an address of this computer`
            : e.message
      resolve(err('venue.listen', `cannot listen on ${host}:${String(port)}: ${why}`))
    })
  })
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    // Desks hold live _changes requests open: they end now, they reconnect to the next authority.
    server.closeAllConnections()
  })
}

async function destroyAll(dbs: readonly PouchDatabase[]): Promise<void> {
  await Promise.all(dbs.map((db) => db.destroy().catch(() => undefined)))
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

function lanAddresses(host: string, port: number, url: string): readonly string[] {
  if (host !== '0.0.0.0' && host !== '::') return [url]
  const found: string[] = []
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) {
      if (entry.family === 'IPv4' && !entry.internal) {
        found.push(`http://${entry.address}:${String(port)}`)
      }
    }
  }
  return found.length > 0 ? found : [url]
}
