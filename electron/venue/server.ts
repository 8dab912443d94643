/*
 * The venue authority as an HTTP server (issue 21), one module for `rackside serve` and for
 * "Share this event on the venue network" in Electron main (so no Electron here). This module
 * puts the parts together, each in a module of its own (issue 27): joining (`joining.ts`), the
 * token guard in front of the databases (`database-routes.ts`, `guard.ts`), each approved desk's
 * outbox followed and decided in its `order` (`outboxes.ts`), the log and decisions published
 * (`published.ts`), recovery from the desks after a restart (`desk-recovery.ts`), the push online
 * (`remote-push.ts`), where it listens (`listening.ts`), the desk app and the phones' pages
 * (`app-pages.ts`).
 */
import type { Server } from 'node:http'
import { createRequire } from 'node:module'
import type express from 'express'
import type { Express } from 'express'
import type expressPouchDBType from 'express-pouchdb'
import type { Decision, DeskIdentity, DeskRole } from '../../shared/authority/proposal'
import { err, ok, type Result } from '../../shared/result'
import type { LoggedCommand } from '../../shared/tournament/commands'
import type { TournamentState } from '../../shared/tournament/types'
import type { OutboxProposal, ServeEvent, VenueDesk, VenueEvent } from '../../shared/venue/protocol'
import type { PushState } from '../../shared/venue/push-state'
import { routeDeskApp, routeLivePages } from './app-pages'
import { openAuthority, type OpenedAuthority } from './authority-host'
import { DatabaseRoutes } from './database-routes'
import { recoverFromDesks, RECOVERY_WAIT_MS } from './desk-recovery'
import { activeDesks, deskNamed, viewOf } from './desks'
import { jsonErrors } from './http-answers'
import { Joining, type JoinRequestView } from './joining'
import { closeServer, lanAddresses, listen, portOf, urlHost } from './listening'
import { Outboxes, proposalOf } from './outboxes'
import type { PlayerCodeView } from './player-codes'
import { PlayerCodes } from './player-codes-routes'
import { venuePouch, NodePouch, type PouchDatabase } from './pouch'
import { PublishedLog } from './published'
import { createRecovery, HAND_IN_WAIT_MS, type Recovery, type TakenCopy } from './recovery'
import { checkRemoteUrl, pushToRemote, type RemotePush } from './remote-push'
import { RevokedWaiting, type WaitingCommand } from './revoked-waiting'
import { messageOf, Notifier, type ServerContext } from './server-context'

export { VENUE_APP_CSP, VENUE_META } from './app-pages'
export { MAX_OPEN_REQUESTS, type JoinRequestView } from './joining'
export type { WaitingCommand } from './revoked-waiting'
export type { PlayerCodeView } from './player-codes'

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
  /** Issue 27: desks' saved copies to hand in at the start (`serve --take COPY.json`). */
  readonly take?: readonly string[]
  /** Issue 27: how long desks holding another generation's log are waited for (recovery.ts). */
  readonly handInWaitMs?: number
}

export interface VenueServer {
  /** http://host:port */
  readonly url: string
  /** LAN URLs when host is 0.0.0.0 (os.networkInterfaces), else [url]. */
  readonly addresses: readonly string[]
  requests(): readonly JoinRequestView[]
  desks(): readonly VenueDesk[]
  /** The director's `role`, when given, wins over the one the desk asked for. */
  approve(code: string, name: string, role?: DeskRole): Result<VenueDesk>
  refuse(code: string): Result<void>
  /** Refuses every waiting join request at once (a flood of them): how many. */
  refuseAll(): number
  /**
   * Cuts the desk's token and open requests; what its outbox held undecided is then listed
   * (`waitingOf`, a `waiting` event) for the director to take or drop.
   */
  revoke(name: string): Result<VenueDesk>
  /** What the revoked desk named `deskName` left undecided, in order (none: empty). */
  waitingOf(deskName: string): readonly WaitingCommand[]
  /** The revoked desks that left something undecided. */
  revokedWithWaiting(): readonly VenueDesk[]
  /** Decides them, in order, as that desk's, by the same `decide`. */
  takeWaiting(deskName: string): Promise<Result<{ accepted: number; refused: number }>>
  /** Lets them go, recorded as refused (`venue.dropped`): how many. */
  dropWaiting(deskName: string): Promise<Result<number>>
  /**
   * A desk's saved copy handed in while serving (issue 27: the app's Files screen), decided as
   * `--take` decides one at the start (`Recovery.takeCopies`); `from` names it in what is said.
   */
  takeCopy(from: string, text: string): Promise<Result<TakenCopy>>
  /** The director's own windows propose here directly (Electron IPC), as desk `{id:'director', role:'director'}`. */
  propose(desk: DeskIdentity, proposal: OutboxProposal): Promise<Decision>
  log(): readonly LoggedCommand[]
  event(): VenueEvent
  state(): TournamentState | undefined
  onChange(listener: () => void): () => void
  /**
   * Issue 30: every player's own code (those not given one yet get one now), in the divisions'
   * order; the code opens the player's page at `/me/CODE`.
   */
  playerCodes(): readonly PlayerCodeView[]
  /** A new code for division's player #player; the old one stops working at once. */
  reissuePlayerCode(division: string, player: number): Result<PlayerCodeView>
  /** The player's code opens nothing until one is issued again. */
  revokePlayerCode(division: string, player: number): Result<PlayerCodeView>
  /** Stops listening and writes EVENT.json atomically with the whole log. */
  close(): Promise<void>
  /**
   * Issue 31: pushes the log to the CouchDB database at `url` (it may carry the name and
   * password, never printed), in place of any push running; refused when it is no such address.
   * Without `url`, the last address pushed to, again.
   */
  startPush(url?: string): Result<PushState>
  /** Stops the push; what it had sent stays there. Null when none was started. */
  stopPush(): PushState | null
  pushState(): PushState | null
}

export function startVenueServer(options: VenueServerOptions): Promise<Result<VenueServer>> {
  return startAuthorityServer(options)
}

/** The server and, for tests of the journal, a way to drop it as SIGKILL would. */
export interface VenueServerHandle extends VenueServer {
  /** Stops without writing EVENT.json: what the journal holds is all that survives. */
  abandon(): Promise<void>
}

/** The parts of one running server, as `serverApi` uses them. */
interface Parts {
  readonly ctx: ServerContext
  readonly notifier: Notifier
  readonly published: PublishedLog
  readonly outboxes: Outboxes
  readonly joining: Joining
  readonly databases: DatabaseRoutes
  readonly waiting: RevokedWaiting
  /** Issue 27: what desks and copies hand back (recovery.ts). */
  readonly recovery: Recovery
  /** Issue 30: the players' codes and pages. */
  readonly playerCodes: PlayerCodes
  /** Marks the server as closing, once. */
  readonly stop: () => void
  /** Issue 31: the push online, started and stopped while serving. */
  readonly push: PushControl
}

export async function startAuthorityServer(
  options: VenueServerOptions,
): Promise<Result<VenueServerHandle>> {
  const opened = await openAuthority(options.eventPath)
  if (!opened.ok) return opened
  // Whatever throws before the server runs lets the event go (its lock, its journal) first.
  try {
    return await startOpened(options, opened.value)
  } catch (e) {
    await opened.value.host.abandon().catch(() => undefined)
    throw e
  }
}

async function startOpened(
  options: VenueServerOptions,
  { host: authority, notes }: OpenedAuthority,
): Promise<Result<VenueServerHandle>> {
  const notifier = new Notifier(options.onEvent)
  let closing = false
  const ctx: ServerContext = {
    authority,
    event: {
      tournamentId: authority.state().tournamentId,
      generation: authority.venue().generation,
      name: authority.state().state?.info.name ?? authority.state().tournamentId,
    },
    now: options.now ?? (() => new Date()),
    Pouch: venuePouch(),
    emit: (event) => notifier.emit(event),
    changed: () => notifier.changed(),
    closing: () => closing,
  }
  for (const note of notes) ctx.emit({ event: 'error', code: 'venue.journal-torn', message: note })
  const published = await PublishedLog.open(ctx)
  // Issue 27: what desks and copies hand back (recovery.ts); the copies first of all.
  const recovery = createRecovery({
    authority,
    now: ctx.now,
    emit: ctx.emit,
    changed: ctx.changed,
    decisions: published.decisionsDb,
    waitMs: options.handInWaitMs ?? HAND_IN_WAIT_MS,
  })
  const taken = await recovery.take(options.take ?? [])
  if (!taken.ok) {
    await authority.abandon()
    await published.destroy()
    return taken
  }
  const outboxes = new Outboxes(ctx, recovery)
  const parts: Parts = {
    ctx,
    notifier,
    published,
    outboxes,
    joining: new Joining(ctx, (desk) => {
      outboxes.follow(desk).catch((e: unknown) => {
        ctx.emit({
          event: 'error',
          code: 'venue.outbox',
          message: `Following ${desk.name}'s outbox: ${messageOf(e)}`,
        })
      })
    }),
    databases: new DatabaseRoutes(ctx, published.whole),
    waiting: new RevokedWaiting(ctx, outboxes),
    recovery,
    playerCodes: new PlayerCodes(ctx),
    push: pushControl(ctx, published.logDb),
    stop: () => {
      closing = true
      parts.playerCodes.changed() // issue 30: phones waiting for news are answered
      outboxes.statusSeen?.()
      recovery.stop() // issue 27
    },
  }
  // Issue 30: a phone waiting on its player's page hears of every change of the log.
  notifier.listen(() => parts.playerCodes.changed())
  notifier.listen(() => parts.push.logChanged()) // issue 31: what waits follows the log
  const app = await expressApp(parts, options.appDir)
  await Promise.all(activeDesks(authority).map((desk) => outboxes.follow(viewOf(desk))))
  app.use(jsonErrors)
  const server = await listen(app, options.host, options.port)
  if (!server.ok) {
    parts.stop()
    await outboxes.unfollowAll()
    await authority.abandon()
    await published.destroy()
    return server
  }
  return ok(serve(parts, options, server.value))
}

/** Every route of the authority, in the order Express tries them. */
async function expressApp(parts: Parts, appDir: string | undefined): Promise<Express> {
  const expressModule = loadExpress()
  const app = expressModule()
  app.disable('x-powered-by')
  parts.joining.route(app, expressModule.json({ limit: '4kb' }))
  const couch = loadExpressPouchDB()(parts.ctx.Pouch, {
    mode: 'minimumForPouchDB',
    inMemoryConfig: true,
  })
  parts.databases.route(app, couch)
  // Issue 30: before the desk app, which takes any other page.
  parts.playerCodes.route(
    app,
    expressModule.json({ limit: '4kb' }),
    expressModule.urlencoded({ extended: false, limit: '1kb' }),
  )
  routeLivePages(app, parts.ctx)
  if (appDir !== undefined) await routeDeskApp(app, parts.ctx, expressModule.static, appDir)
  return app
}

/** Listening: says where, starts the push online and recovery, and answers the director. */
function serve(parts: Parts, options: VenueServerOptions, http: Server): VenueServerHandle {
  const { ctx } = parts
  const port = portOf(http, options.port)
  const url = `http://${urlHost(options.host)}:${String(port)}`
  const addresses = lanAddresses(options.host, port, url)
  ctx.emit({ event: 'listening', url, addresses })
  // Started once the hall's server is up, so a server that could not start leaves nothing behind.
  if (options.pushTo !== undefined) parts.push.start(options.pushTo)
  recoverFromDesks(ctx, parts.outboxes, options.recoveryWaitMs ?? RECOVERY_WAIT_MS, {
    recovery: parts.recovery,
    waitMs: options.handInWaitMs ?? HAND_IN_WAIT_MS,
  }).catch((e: unknown) =>
    ctx.emit({ event: 'error', code: 'venue.recover', message: messageOf(e) }),
  )
  const halt = async (): Promise<void> => {
    parts.stop()
    parts.push.stop()
    await parts.outboxes.unfollowAll()
    await closeServer(http)
  }
  return serverApi(parts, url, addresses, halt)
}

function serverApi(
  parts: Parts,
  url: string,
  addresses: readonly string[],
  halt: () => Promise<void>,
): VenueServerHandle {
  const { ctx, joining } = parts
  const { authority } = ctx
  let closed = false
  return {
    url,
    addresses,
    requests: () => joining.waiting(),
    desks: () => activeDesks(authority).map(viewOf),
    approve: (code, name, role) => joining.approve(code, name, role),
    refuse: (code) => joining.refuse(code),
    refuseAll: () => joining.refuseAll(),
    revoke: (name) => revoke(parts, name),
    waitingOf: (name) => parts.waiting.waitingOf(name),
    revokedWithWaiting: () => parts.waiting.desks(),
    takeWaiting: (name) => parts.waiting.take(name),
    dropWaiting: (name) => parts.waiting.drop(name),
    takeCopy: async (from, text) => {
      const taken = await parts.recovery.takeCopies([{ from, text }])
      if (!taken.ok) return taken
      const [one] = taken.value
      return one === undefined
        ? err('venue.held', `${from}: it could not be taken back; the authority's log says why.`)
        : ok(one)
    },
    propose: (desk, proposal) => authority.propose(proposalOf(desk, proposal), ctx.now),
    log: () => authority.state().log,
    event: () => ctx.event,
    state: () => authority.state().state,
    onChange: (listener) => parts.notifier.listen(listener),
    playerCodes: () => parts.playerCodes.list(),
    reissuePlayerCode: (division, player) => parts.playerCodes.reissue(division, player),
    revokePlayerCode: (division, player) => parts.playerCodes.revoke(division, player),
    startPush: (url) => parts.push.start(url),
    stopPush: () => parts.push.stop(),
    pushState: () => parts.push.state(),
    async close() {
      if (closed) return
      closed = true
      parts.waiting.unsettled()
      await halt()
      const saved = await authority.close(ctx.now)
      await parts.published.destroy()
      ctx.emit({ event: 'saved', path: saved.path, commands: saved.commands })
    },
    async abandon() {
      closed = true
      await halt()
      await authority.abandon()
      await parts.published.destroy()
    },
  }
}

/** Cuts the desk's token and its open requests at once, then lists what it left undecided. */
function revoke(parts: Parts, name: string): Result<VenueDesk> {
  const { ctx } = parts
  const desk = deskNamed(ctx.authority, name)
  if (desk === undefined) return err('venue.no-desk', `No desk is named "${name.trim()}".`)
  const view = viewOf(desk)
  ctx.authority
    .updateVenue((v) => ({
      ...v,
      desks: v.desks.map((d) => (d.id === desk.id ? { ...d, revoked: true } : d)),
    }))
    .catch((e: unknown) => {
      ctx.emit({
        event: 'error',
        code: 'venue.desks-write',
        message: `Revoking ${desk.name}: ${messageOf(e)}`,
      })
    })
  parts.databases.cut(desk.id)
  ctx.emit({ event: 'revoked', desk: view })
  ctx.changed()
  parts.waiting.collect(view).catch((e: unknown) => {
    ctx.emit({
      event: 'error',
      code: 'venue.outbox',
      message: `Reading what ${desk.name} left waiting: ${messageOf(e)}`,
    })
  })
  return ok(view)
}

/** Issue 31: the one push online a server runs, started, stopped and started again. */
interface PushControl {
  start(url?: string): Result<PushState>
  stop(): PushState | null
  state(): PushState | null
  logChanged(): void
}

function pushControl(ctx: ServerContext, logDb: PouchDatabase): PushControl {
  // The last push started, stopped or not: a stopped one still counts what waits.
  let current: RemotePush | undefined
  let lastUrl: string | undefined
  const stop = (): PushState | null => {
    current?.stop()
    return current?.state() ?? null
  }
  return {
    start(asked) {
      const url = asked ?? lastUrl
      if (url === undefined) {
        return err('venue.push-address', 'No address to push to yet: give the database’s address.')
      }
      const bad = checkRemoteUrl(url)
      if (bad !== undefined) return err('venue.push-address', bad)
      const before = stop()
      lastUrl = url
      current = pushToRemote(NodePouch, logDb, url, {
        event: ctx.event,
        logLength: () => ctx.authority.state().log.length,
        now: ctx.now,
        emit: ctx.emit,
        onState: () => ctx.changed(),
        ...(before === null ? {} : { before }),
      })
      return ok(current.state())
    },
    stop,
    state: () => current?.state() ?? null,
    logChanged: () => current?.logChanged(),
  }
}
