/*
 * "Share this event on the venue network" (issue 21): the director's laptop becomes the authority.
 * The renderer hands main its tournament file; main writes it beside the app's data, starts the
 * same authority server `rackside serve` runs (electron/venue/server.ts) and keeps it until the
 * director stops sharing or quits, when the server writes the whole log and main hands it back.
 * Sharing off is today's single-laptop app: nothing here runs until the director asks.
 */
import { readFile, mkdir } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import QRCode from 'qrcode'
import type { Decision, DeskIdentity } from '../../shared/authority/proposal'
import type { ApprovalRole } from '../../shared/authority/roles'
import { readTournamentFile } from '../../shared/formats/tournament-file'
import { recoveredSentence } from '../../shared/venue/held'
import { err, ok, type Result } from '../../shared/result'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { checkTournamentId } from '../../shared/tournament/tournament-id'
import {
  DIRECTOR_DESK,
  VENUE_ROUTES,
  type OutboxProposal,
  type ServeEvent,
  type VenueDesk,
} from '../../shared/venue/protocol'
import { checkVenuePort, FIRST_VENUE_PORT, portsFrom } from '../../shared/venue/venue-port'
import { writeFileAtomic } from '../atomic-write'
import { addressWithPassword } from '../venue/remote-push'
import type { VenueServer, VenueServerOptions } from '../venue/server'
import type {
  BackupOutcome,
  ShareOutcome,
  StopSharingOutcome,
  VenueActionOutcome,
  VenueStatus,
} from '../ipc-contract'

/**
 * What main uses of the authority server (the same one `rackside serve` runs). `approve` takes
 * the role the director chose (issue 27), which wins over the one the desk asked for.
 */
export type SharedServer = Pick<
  VenueServer,
  | 'url'
  | 'addresses'
  | 'requests'
  | 'desks'
  | 'refuse'
  | 'refuseAll'
  | 'revoke'
  | 'waitingOf'
  | 'revokedWithWaiting'
  | 'takeWaiting'
  | 'dropWaiting'
  | 'takeCopy'
  | 'propose'
  | 'log'
  | 'event'
  | 'onChange'
  | 'close'
  | 'playerCodes'
  | 'reissuePlayerCode'
  | 'revokePlayerCode'
  | 'startPush'
  | 'stopPush'
  | 'pushState'
> & {
  approve(code: string, name: string, role?: ApprovalRole): Result<VenueDesk>
}

export type SharedServerOptions = VenueServerOptions

export type StartServer = (options: SharedServerOptions) => Promise<Result<SharedServer>>

export interface VenueSharingOptions {
  readonly startServer: StartServer
  /** `userData/venue`: one file per shared tournament, `<tournamentId>.json`. */
  readonly folder: string
  /** The built renderer the server gives desks' browsers. */
  readonly appDir?: string
  /** Every interface by default, so the hall's desks reach it; tests use loopback. */
  readonly host?: string
  /** Where an event shared for the first time looks for a free port, upward (8770). */
  readonly firstPort?: number
  /** Whether nothing listens on the port yet; by default a probe that listens and closes. */
  readonly portFree?: (host: string, port: number) => Promise<boolean>
  readonly now?: () => Date
  /** Told whenever the status changes; main sends it to the director's windows. */
  readonly notify: (status: VenueStatus) => void
  /**
   * Keeps the venue's final log where the app finds it again (a rolling backup): quitting while
   * sharing closes the windows before they can store it, so it must not live only in the venue
   * folder. Its failure is logged, never a reason to keep the server running.
   */
  readonly keep?: (tournamentId: string, contents: string) => Promise<BackupOutcome>
  /** Where `rackside serve --json`'s lines go in the app (errors and saves, for the log). */
  readonly onEvent?: (event: ServeEvent) => void
}

/** The director's own windows, as the authority knows them (never joined over the network). */
const director: DeskIdentity = {
  id: DIRECTOR_DESK.id,
  name: DIRECTOR_DESK.name,
  role: DIRECTOR_DESK.role,
}

export interface VenueSharing {
  /** On `port`, or the port the event keeps (null), else the first free from `firstPort`. */
  share(tournamentFile: string, port?: number | null): Promise<ShareOutcome>
  /** The port kept for the tournament by an earlier share, or null. */
  keptPort(tournamentId: string): Promise<number | null>
  stop(): Promise<StopSharingOutcome>
  status(): VenueStatus
  approve(code: string, name: string, role: ApprovalRole): VenueActionOutcome
  refuse(code: string): VenueActionOutcome
  revoke(name: string): VenueActionOutcome
  /** Every waiting join request refused at once (issue 27: a flood of them). */
  refuseAll(): VenueActionOutcome
  /** A revoked desk's waiting commands decided as that desk's (issue 27). */
  takeWaiting(name: string): Promise<VenueActionOutcome>
  /** A revoked desk's waiting commands let go, recorded as refused (issue 27). */
  dropWaiting(name: string): Promise<VenueActionOutcome>
  /**
   * A desk's saved copy (its file's `name` and text) decided as `rackside serve --take` decides
   * one; `said` is what the terminal prints of it (issue 27).
   */
  takeCopy(name: string, text: string): Promise<VenueActionOutcome>
  propose(proposal: OutboxProposal): Promise<Decision>
  acceptedFrom(afterSeq: number): readonly LoggedCommand[]
  /** Issue 30: a new code for a player (the old one stops working), or none. */
  reissuePlayerCode(division: string, player: number): VenueActionOutcome
  revokePlayerCode(division: string, player: number): VenueActionOutcome
  /**
   * Issue 31: pushes the log online to `address` with `password` (held only by the running push,
   * never saved, logged or sent back), in place of any push running.
   */
  startPush(address: string, password: string): VenueActionOutcome
  stopPush(): VenueActionOutcome
  /** The origin this machine's windows reach the authority at, for the CSP; null when not sharing. */
  pairedOrigin(): string | null
  isSharing(): boolean
}

interface Running {
  readonly server: SharedServer
  readonly tournamentId: string
  readonly eventPath: string
  readonly qrSvg: string
  /** Issue 30: the QR code of the players' address (`/live`). */
  readonly playersQrSvg: string
  readonly stopListening: () => void
  readonly port: number
  readonly portChanged: { readonly from: number; readonly taken: boolean } | null
}

/**
 * The ports kept per tournament id (issue 27), beside the events' files. Its name holds a dot
 * before `.json`, which no tournament id may (`checkTournamentId`), so it is never an event file.
 */
export const PORTS_FILE = 'ports.settings.json'

/** How many ports a share tries, upward, before it says none is free. */
const PORT_TRIES = 50

type KeptPorts = Readonly<Record<string, number>>

/** The ports kept, or none: a missing or damaged file only means each event gets a new one. */
export async function readKeptPorts(folder: string): Promise<KeptPorts> {
  let text: string
  try {
    text = await readFile(join(folder, PORTS_FILE), 'utf8')
  } catch {
    return {}
  }
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    const kept: Record<string, number> = {}
    for (const [id, port] of Object.entries(parsed)) {
      if (typeof port === 'number' && checkVenuePort(port).ok && checkTournamentId(id).ok) {
        kept[id] = port
      }
    }
    return kept
  } catch {
    return {}
  }
}

async function keepPort(folder: string, tournamentId: string, port: number): Promise<void> {
  const kept = { ...(await readKeptPorts(folder)), [tournamentId]: port }
  await writeFileAtomic(
    join(folder, PORTS_FILE),
    new TextEncoder().encode(`${JSON.stringify(kept, null, 2)}\n`),
  )
}

/** Listens on the port and closes at once: free if that worked. */
export function probePort(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)))
  })
}

const isLoopback = (address: string): boolean =>
  /^(https?:\/\/)?(127\.|localhost|\[::1\]|::1)/i.test(address)

/**
 * The address a desk opens: the server's addresses are URLs or bare hosts; a bare host takes the
 * server's own port. Loopback addresses come last: another laptop cannot open them.
 */
export function deskAddresses(server: Pick<SharedServer, 'url' | 'addresses'>): readonly string[] {
  const port = new URL(server.url).port
  const urls = server.addresses.map((address) =>
    /^https?:\/\//i.test(address)
      ? address
      : `http://${address.includes(':') ? `[${address}]` : address}${port === '' ? '' : `:${port}`}`,
  )
  const lan = urls.filter((url) => !isLoopback(url))
  const listed = [...lan, ...urls.filter(isLoopback)]
  return listed.length > 0 ? listed : [server.url]
}

/** Issue 30: the address the hall's phones open, the players' pages on the first desk address. */
export function playersAddress(server: Pick<SharedServer, 'url' | 'addresses'>): string {
  return `${deskAddresses(server)[0] ?? server.url}${VENUE_ROUTES.live}`
}

/**
 * The origin this laptop's own windows reach its server at: a server listening on every
 * interface (0.0.0.0, ::) is reached on loopback, the one address no other machine can borrow.
 */
export function ownOrigin(serverUrl: string): string {
  const url = new URL(serverUrl)
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = '127.0.0.1'
  return url.origin
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)

export function createVenueSharing(options: VenueSharingOptions): VenueSharing {
  const now = options.now ?? (() => new Date())
  let running: Running | undefined
  // One start or stop at a time: a double click must not start two servers on one event.
  let busy: Promise<unknown> = Promise.resolve()

  const serialise = <T>(work: () => Promise<T>): Promise<T> => {
    const next = busy.then(work, work)
    busy = next.catch(() => undefined)
    return next
  }

  function statusOf(current: Running | undefined): VenueStatus {
    if (current === undefined) return { sharing: false }
    const { server } = current
    return {
      sharing: true,
      url: server.url,
      addresses: deskAddresses(server),
      qrSvg: current.qrSvg,
      event: server.event(),
      requests: server.requests(),
      desks: server.desks(),
      waiting: server.revokedWithWaiting().map((desk) => ({
        desk,
        commands: server.waitingOf(desk.name).map(({ proposal, description, madeAt }) => ({
          proposal,
          description,
          madeAt,
        })),
      })),
      port: current.port,
      portChanged: current.portChanged,
      players: {
        address: playersAddress(server),
        qrSvg: current.playersQrSvg,
        page: `${deskAddresses(server)[0] ?? server.url}${VENUE_ROUTES.player}/`,
        codes: server.playerCodes(),
      },
      push: server.pushState(),
    }
  }

  const answer = (result: Result<unknown>, said?: string): VenueActionOutcome => {
    if (!result.ok) return { status: 'failed', message: result.error.message }
    const status = statusOf(running)
    options.notify(status)
    return { status: 'done', venue: status, ...(said === undefined ? {} : { said }) }
  }

  const notSharing: VenueActionOutcome = {
    status: 'failed',
    message: 'This event is not shared on the venue network.',
  }

  /**
   * The port this share listens on (issue 27): the director's choice, else the one the event
   * keeps, else the first free from `firstPort` that no other event keeps; taken, the next free.
   */
  async function choosePort(
    tournamentId: string,
    asked: number | null,
    host: string,
  ): Promise<Result<Pick<Running, 'port' | 'portChanged'>>> {
    const kept = await readKeptPorts(options.folder)
    const own = kept[tournamentId]
    const others = new Set(
      Object.entries(kept)
        .filter(([id]) => id !== tournamentId)
        .map(([, port]) => port),
    )
    const wanted = asked ?? own
    const from = wanted ?? options.firstPort ?? FIRST_VENUE_PORT
    // The director's own choice is tried even if another event keeps it: it is theirs to make.
    const candidates = [
      ...(asked === null ? [] : [asked]),
      ...portsFrom(from, others, PORT_TRIES).filter((port) => port !== asked),
    ]
    const free = options.portFree ?? probePort
    for (const port of candidates) {
      if (!(await free(host, port))) continue
      const known = own ?? asked ?? undefined
      const portChanged =
        known === undefined || known === port ? null : { from: known, taken: wanted !== port }
      return ok({ port, portChanged })
    }
    return err(
      'venue.no-port',
      `no free port from ${String(from)}: ${String(candidates.length)} ports tried, all in use`,
    )
  }

  async function start(tournamentFile: string, asked: number | null): Promise<ShareOutcome> {
    if (running !== undefined) {
      return {
        status: 'failed',
        message: 'This laptop is already sharing an event: stop it first.',
      }
    }
    const read = readTournamentFile(tournamentFile)
    if (!read.ok) return { status: 'failed', message: `Not shared: ${read.error.message}` }
    // The id names a file on the disk: the one rule for ids keeps paths out of it (issue 20).
    const id = checkTournamentId(read.value.tournamentId)
    if (!id.ok) return { status: 'failed', message: `Not shared: ${id.error.message}` }
    const eventPath = join(options.folder, `${id.value}.json`)
    try {
      await mkdir(options.folder, { recursive: true })
      await writeFileAtomic(eventPath, new TextEncoder().encode(tournamentFile))
    } catch (error) {
      return {
        status: 'failed',
        message: `Not shared: ${eventPath} not written: ${messageOf(error)}`,
      }
    }
    const host = options.host ?? '0.0.0.0'
    const chosen = await choosePort(id.value, asked, host)
    if (!chosen.ok) return { status: 'failed', message: `Not shared: ${chosen.error.message}` }
    const { port, portChanged } = chosen.value
    const started = await options.startServer({
      eventPath,
      host,
      port,
      ...(options.appDir === undefined ? {} : { appDir: options.appDir }),
      now,
      ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
    })
    if (!started.ok) return { status: 'failed', message: `Not shared: ${started.error.message}` }
    const server = started.value
    let qrSvg: string
    let playersQrSvg: string
    try {
      qrSvg = await QRCode.toString(deskAddresses(server)[0] ?? server.url, { type: 'svg' })
      playersQrSvg = await QRCode.toString(playersAddress(server), { type: 'svg' })
    } catch (error) {
      await server.close()
      return { status: 'failed', message: `Not shared: no QR code: ${messageOf(error)}` }
    }
    try {
      await keepPort(options.folder, id.value, port)
    } catch (error) {
      // Sharing works all the same; the next share may only pick another port.
      console.error(`Rackside: the venue port ${String(port)} was not kept: ${messageOf(error)}`)
    }
    const stopListening = server.onChange(() => options.notify(statusOf(running)))
    running = {
      server,
      tournamentId: id.value,
      eventPath,
      qrSvg,
      playersQrSvg,
      stopListening,
      port,
      portChanged,
    }
    const status = statusOf(running)
    options.notify(status)
    if (!status.sharing) throw new Error('a running server reads as not sharing')
    return { status: 'sharing', venue: status }
  }

  async function finish(): Promise<StopSharingOutcome> {
    const current = running
    if (current === undefined) return { status: 'not-sharing' }
    current.stopListening()
    try {
      // close() writes EVENT.json atomically with the whole log: what comes back is what is on disk.
      await current.server.close()
      const contents = await readFile(current.eventPath, 'utf8')
      const kept = await options.keep?.(current.tournamentId, contents)
      if (kept !== undefined && kept.status !== 'saved') {
        console.error(`Rackside: the venue's final log was not kept as a backup: ${kept.message}`)
      }
      return { status: 'stopped', tournamentId: current.tournamentId, contents }
    } catch (error) {
      return {
        status: 'failed',
        message: `Sharing stopped, but the event file ${current.eventPath} could not be read back: ${messageOf(error)}`,
      }
    } finally {
      running = undefined
      options.notify({ sharing: false })
    }
  }

  return {
    share: (tournamentFile, port = null) => serialise(() => start(tournamentFile, port)),
    keptPort: async (tournamentId) => (await readKeptPorts(options.folder))[tournamentId] ?? null,
    stop: () => serialise(finish),
    status: () => statusOf(running),
    approve: (code, name, role) =>
      running ? answer(running.server.approve(code, name, role)) : notSharing,
    refuse: (code) => (running ? answer(running.server.refuse(code)) : notSharing),
    revoke: (name) => (running ? answer(running.server.revoke(name)) : notSharing),
    refuseAll: () => {
      if (running === undefined) return notSharing
      const refused = running.server.refuseAll()
      return answer(ok(refused), refusedWords(refused))
    },
    takeWaiting: async (name) => {
      if (running === undefined) return notSharing
      const taken = await running.server.takeWaiting(name)
      return answer(
        taken,
        taken.ok ? takenWords(name, taken.value.accepted, taken.value.refused) : undefined,
      )
    },
    dropWaiting: async (name) => {
      if (running === undefined) return notSharing
      const dropped = await running.server.dropWaiting(name)
      return answer(dropped, dropped.ok ? droppedWords(name, dropped.value) : undefined)
    },
    takeCopy: async (name, text) => {
      if (running === undefined) return notSharing
      const taken = await running.server.takeCopy(name, text)
      return answer(taken, taken.ok ? recoveredSentence(taken.value.from, taken.value) : undefined)
    },
    propose: async (proposal) => {
      if (running === undefined) {
        return {
          kind: 'refused',
          proposalId: proposal._id,
          error: {
            code: 'venue.not-sharing',
            message: 'This event is no longer shared on the venue network.',
          },
        }
      }
      return running.server.propose(director, proposal)
    },
    acceptedFrom: (afterSeq) => running?.server.log().slice(afterSeq + 1) ?? [],
    reissuePlayerCode: (division, player) =>
      running ? answer(running.server.reissuePlayerCode(division, player)) : notSharing,
    revokePlayerCode: (division, player) =>
      running ? answer(running.server.revokePlayerCode(division, player)) : notSharing,
    startPush: (address, password) => {
      if (running === undefined) return notSharing
      const url = addressWithPassword(address, password)
      if (!url.ok) return { status: 'failed', message: `Not pushed: ${url.message}` }
      const started = running.server.startPush(url.url)
      return started.ok
        ? answer(started)
        : { status: 'failed', message: `Not pushed: ${started.error.message}` }
    },
    stopPush: () => {
      if (running === undefined) return notSharing
      const stopped = running.server.stopPush()
      return stopped === null
        ? { status: 'failed', message: 'Nothing is pushed online: there is no push to stop.' }
        : answer(ok(stopped))
    },
    pairedOrigin: () => (running === undefined ? null : ownOrigin(running.server.url)),
    isSharing: () => running !== undefined,
  }
}

const counted = (count: number, one: string, many: string): string =>
  `${String(count)} ${count === 1 ? one : many}`

function refusedWords(refused: number): string {
  return refused === 0
    ? 'No desk was waiting to join.'
    : `${counted(refused, 'join request', 'join requests')} refused.`
}

function takenWords(name: string, accepted: number, refused: number): string {
  return `${name.trim()}'s waiting commands decided: ${String(accepted)} accepted, ${String(refused)} refused.`
}

function droppedWords(name: string, dropped: number): string {
  return `${counted(dropped, 'waiting command', 'waiting commands')} of ${name.trim()} let go.`
}

interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown
  quit(): void
}

/**
 * Quitting while sharing closes the server first, so EVENT.json holds the whole log: the first
 * quit is held back until the server has written it, then the app quits for real.
 */
export function closeOnQuit(
  app: QuittingApp,
  sharing: Pick<VenueSharing, 'isSharing' | 'stop'>,
): void {
  app.on('before-quit', (event) => {
    if (!sharing.isSharing()) return
    event.preventDefault()
    void sharing
      .stop()
      .catch((error: unknown) => console.error('Rackside: sharing did not stop cleanly', error))
      .finally(() => app.quit())
  })
}
