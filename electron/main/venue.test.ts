import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import type { Decision, DeskIdentity } from '../../shared/authority/proposal'
import { readTournamentFile, writeTournamentFile } from '../../shared/formats/tournament-file'
import { writeDeskCopy } from '../../shared/venue/held'
import { err, ok, type Result } from '../../shared/result'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { create, ID, logOf } from '../../shared/tournament/test-support/event'
import type { ApprovalRole } from '../../shared/authority/roles'
import {
  VENUE_ROUTES,
  type JoinRole,
  type JoinRequested,
  type OutboxProposal,
  type PlayerCodeView,
  type VenueDesk,
} from '../../shared/venue/protocol'
import type { PushState } from '../../shared/venue/push-state'
import type { BackupOutcome, StopSharingOutcome, VenueStatus } from '../ipc-contract'
import type { TakenCopy } from '../venue/recovery'
import { startVenueServer, type WaitingCommand } from '../venue/server'
import { standInCouch } from '../venue/test-support/stand-in-couch'
import {
  EVENT_LOG,
  proposal as venueProposal,
  resultAt,
  SAVED_AT,
} from '../venue/test-support/venue-event'
import { FakeEmitter } from './test-support/fake-electron'
import {
  closeOnQuit,
  createVenueSharing,
  deskAddresses,
  ownOrigin,
  PORTS_FILE,
  probePort,
  readKeptPorts,
  type SharedServer,
  type SharedServerOptions,
  type VenueSharing,
} from './venue'

const created: LoggedCommand = logOf([create()])[0]!

const fileText = (log: readonly LoggedCommand[] = [created]): string =>
  writeTournamentFile('spring-open', log, '2026-03-14T08:30:00.000Z')

const proposal: OutboxProposal = {
  _id: 'p-1',
  type: 'proposal',
  order: 0,
  builtOn: { length: 1, last: null },
  command: { type: 'checkIn', division: 'A', player: 1, day: '2026-03-14' },
  madeAt: '2026-03-14T09:00:00.000Z',
}

/** A stand-in for electron/venue/server.ts: records what main asked and writes EVENT.json on close. */
class FakeServer implements SharedServer {
  readonly url: string
  readonly addresses = ['127.0.0.1', '192.168.1.20']
  readonly changeListeners = new Set<() => void>()
  readonly proposed: { desk: DeskIdentity; proposal: OutboxProposal }[] = []
  closed = 0
  entries: readonly LoggedCommand[] = [created]
  pending: { code: string; role: JoinRole; device: string; at: string }[] = [
    { code: 'ACDEF3', role: 'results', device: 'Firefox on Linux', at: '2026-03-14T09:01:00.000Z' },
  ]
  approved: VenueDesk[] = []

  constructor(readonly options: SharedServerOptions) {
    this.url = `http://0.0.0.0:${String(options.port)}`
  }

  requests() {
    return this.pending
  }
  desks() {
    return this.approved
  }
  approve(code: string, name: string, role?: ApprovalRole): Result<VenueDesk> {
    const request = this.pending.find((r) => r.code === code)
    if (request === undefined) return err('venue.unknown-code', `no desk waits with code ${code}`)
    this.pending = this.pending.filter((r) => r !== request)
    const desk: VenueDesk = {
      id: `d${String(this.approved.length + 1)}`,
      name,
      role: role ?? request.role,
    }
    this.approved = [...this.approved, desk]
    return ok(desk)
  }
  refuse(code: string): Result<void> {
    this.pending = this.pending.filter((r) => r.code !== code)
    return ok(undefined)
  }
  refuseAll(): number {
    const refused = this.pending.length
    this.pending = []
    return refused
  }
  /** What each revoked desk left undecided, by its name. */
  left = new Map<string, { desk: VenueDesk; commands: WaitingCommand[] }>()
  revoke(name: string): Result<VenueDesk> {
    const desk = this.approved.find((d) => d.name === name)
    if (desk === undefined) return err('venue.unknown-desk', `no desk is named ${name}`)
    this.approved = this.approved.filter((d) => d !== desk)
    return ok(desk)
  }
  waitingOf(name: string): readonly WaitingCommand[] {
    return this.left.get(name)?.commands ?? []
  }
  revokedWithWaiting(): readonly VenueDesk[] {
    return [...this.left.values()].map((l) => l.desk)
  }
  takeWaiting(name: string): Promise<Result<{ accepted: number; refused: number }>> {
    const left = this.left.get(name)
    if (left === undefined) return Promise.resolve(err('venue.no-waiting', `nothing of ${name}`))
    this.left.delete(name)
    return Promise.resolve(ok({ accepted: left.commands.length - 1, refused: 1 }))
  }
  takeCopy(): Promise<Result<TakenCopy>> {
    return Promise.resolve(err('venue.held', 'not in these tests'))
  }
  dropWaiting(name: string): Promise<Result<number>> {
    const left = this.left.get(name)
    if (left === undefined) return Promise.resolve(err('venue.no-waiting', `nothing of ${name}`))
    this.left.delete(name)
    return Promise.resolve(ok(left.commands.length))
  }
  propose(desk: DeskIdentity, proposal: OutboxProposal): Promise<Decision> {
    this.proposed.push({ desk, proposal })
    const entry = {
      seq: this.entries.length,
      at: '2026-03-14T09:00:01.000Z',
      desk: desk.id,
      proposal: proposal._id,
      command: proposal.command,
    } as LoggedCommand
    this.entries = [...this.entries, entry]
    for (const listener of this.changeListeners) listener()
    return Promise.resolve({ kind: 'accepted', proposalId: proposal._id, entry })
  }
  log() {
    return this.entries
  }
  event() {
    return { tournamentId: 'spring-open', generation: 1, name: 'Spring Open' }
  }
  onChange(listener: () => void) {
    this.changeListeners.add(listener)
    return () => this.changeListeners.delete(listener)
  }
  /** Issue 30: the players' codes, as the authority lists them. */
  codes: PlayerCodeView[] = [{ division: 'A', player: 1, name: 'Ann', code: 'ACDEFGHJ', issue: 1 }]
  playerCodes(): readonly PlayerCodeView[] {
    return this.codes
  }
  reissuePlayerCode(division: string, player: number): Result<PlayerCodeView> {
    const found = this.codes.find((c) => c.division === division && c.player === player)
    if (found === undefined)
      return err('venue.no-player', `Division ${division} has no player #${String(player)}.`)
    const next = { ...found, code: 'KMNPQRTU', issue: found.issue + 1 }
    this.codes = this.codes.map((c) => (c === found ? next : c))
    return ok(next)
  }
  revokePlayerCode(division: string, player: number): Result<PlayerCodeView> {
    const found = this.codes.find((c) => c.division === division && c.player === player)
    if (found === undefined) return err('venue.no-player', `no player #${String(player)}`)
    const next = { ...found, code: null }
    this.codes = this.codes.map((c) => (c === found ? next : c))
    return ok(next)
  }
  /** Issue 31: the addresses main pushed to (with the password main joined to them). */
  pushedTo: string[] = []
  pushing: PushState | null = null
  startPush(url?: string): Result<PushState> {
    if (url === undefined) return err('venue.push-address', 'no address')
    this.pushedTo.push(url)
    this.pushing = {
      url: url.replace(/\/\/[^@]*@/, '//'),
      phase: 'starting',
      sent: 0,
      lastSentAt: null,
      waiting: this.entries.length,
      problem: null,
      detail: null,
    }
    return ok(this.pushing)
  }
  stopPush(): PushState | null {
    if (this.pushing !== null) this.pushing = { ...this.pushing, phase: 'stopped' }
    return this.pushing
  }
  pushState(): PushState | null {
    return this.pushing
  }
  close(): Promise<void> {
    this.closed++
    writeFileSync(this.options.eventPath, fileText(this.entries))
    return Promise.resolve()
  }
}

function setUp(
  start: 'ok' | 'refused' = 'ok',
  kept: BackupOutcome['status'] = 'saved',
  folder = join(mkdtempSync(join(tmpdir(), 'rackside-venue-')), 'venue'),
  taken: ReadonlySet<number> = new Set(),
) {
  const servers: FakeServer[] = []
  const notified: VenueStatus[] = []
  const startServer = vi.fn((options: SharedServerOptions) => {
    if (start === 'refused') {
      return Promise.resolve(err('venue.port', 'port 8421 is taken by another program'))
    }
    const server = new FakeServer(options)
    servers.push(server)
    return Promise.resolve(ok(server as SharedServer))
  })
  const keep = vi.fn<(id: string, contents: string) => Promise<BackupOutcome>>(() =>
    Promise.resolve(
      kept === 'saved'
        ? { status: 'saved', name: '2026-03-14T18-00-00-000Z.json' }
        : { status: 'failed', message: 'disk full' },
    ),
  )
  const sharing = createVenueSharing({
    startServer,
    folder,
    appDir: '/app/renderer',
    firstPort: 8421,
    portFree: (_host, port) => Promise.resolve(!taken.has(port)),
    notify: (status) => notified.push(status),
    keep,
  })
  return { folder, servers, notified, startServer, sharing, keep }
}

describe('Share this event on the venue network (issue 21)', () => {
  test('share writes the file to the venue folder and starts the server on every interface', async () => {
    const { folder, startServer, sharing } = setUp()
    const outcome = await sharing.share(fileText())

    const eventPath = join(folder, 'spring-open.json')
    expect(readFileSync(eventPath, 'utf8')).toBe(fileText())
    expect(startServer).toHaveBeenCalledWith(
      expect.objectContaining({ eventPath, host: '0.0.0.0', port: 8421, appDir: '/app/renderer' }),
    )
    expect(outcome.status).toBe('sharing')
    if (outcome.status !== 'sharing') return
    // The LAN address first: another laptop cannot open 127.0.0.1.
    expect(outcome.venue.addresses).toEqual(['http://192.168.1.20:8421', 'http://127.0.0.1:8421'])
    expect(outcome.venue.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(outcome.venue.requests).toEqual([expect.objectContaining({ code: 'ACDEF3' })])
    expect(outcome.venue.event.tournamentId).toBe('spring-open')
    expect(sharing.isSharing()).toBe(true)
    expect(sharing.pairedOrigin()).toBe('http://127.0.0.1:8421')
  })

  test.each([
    ['a file that is not ours', 'hello', /^Not shared: not a Rackside tournament file/],
    ['a cut-short file', fileText().slice(0, 40), /^Not shared: .*line/],
  ])('%s is refused before anything is written or started', async (_name, text, message) => {
    const { folder, startServer, sharing } = setUp()
    await expect(sharing.share(text)).resolves.toEqual({
      status: 'failed',
      message: expect.stringMatching(message),
    })
    expect(startServer).not.toHaveBeenCalled()
    expect(() => readFileSync(join(folder, 'spring-open.json'))).toThrow()
    expect(sharing.status()).toEqual({ sharing: false })
  })

  test('a server that cannot start says why and leaves sharing off', async () => {
    const { sharing, notified } = setUp('refused')
    await expect(sharing.share(fileText())).resolves.toEqual({
      status: 'failed',
      message: 'Not shared: port 8421 is taken by another program',
    })
    expect(sharing.isSharing()).toBe(false)
    expect(notified).toEqual([])
  })

  test('two clicks on Share start one server; a second event is refused while sharing', async () => {
    const { sharing, startServer } = setUp()
    const [first, second] = await Promise.all([
      sharing.share(fileText()),
      sharing.share(fileText()),
    ])
    expect(first.status).toBe('sharing')
    expect(second).toEqual({
      status: 'failed',
      message: 'This laptop is already sharing an event: stop it first.',
    })
    expect(startServer).toHaveBeenCalledTimes(1)
  })

  test('every change of the server is pushed to the director’s windows with the new status', async () => {
    const { sharing, servers, notified } = setUp()
    await sharing.share(fileText())
    notified.length = 0
    const server = servers[0]!
    server.pending = [
      ...server.pending,
      { code: 'XY4679', role: 'projector', device: 'Chrome', at: '2026-03-14T09:02:00.000Z' },
    ]
    for (const listener of server.changeListeners) listener()
    expect(notified).toHaveLength(1)
    const last = notified[0]
    expect(last?.sharing && last.requests.map((r) => r.code)).toEqual(['ACDEF3', 'XY4679'])
  })

  test('approve, refuse and revoke answer with the new status, or the server’s reason', () => {
    return (async () => {
      const { sharing } = setUp()
      await sharing.share(fileText())
      const approved = sharing.approve('ACDEF3', 'Desk 2', 'results')
      expect(approved.status === 'done' && approved.venue.sharing && approved.venue.desks).toEqual([
        { id: 'd1', name: 'Desk 2', role: 'results' },
      ])
      expect(sharing.approve('ACDEF3', 'Desk 3', 'results')).toEqual({
        status: 'failed',
        message: 'no desk waits with code ACDEF3',
      })
      const revoked = sharing.revoke('Desk 2')
      expect(revoked.status === 'done' && revoked.venue.sharing && revoked.venue.desks).toEqual([])
      expect(sharing.refuse('XY4679').status).toBe('done')
    })()
  })

  test('issue 30: the status carries the players’ address with its QR code and every code; reissue and revoke answer with the new status', async () => {
    const { sharing } = setUp()
    const shared = await sharing.share(fileText())
    if (shared.status !== 'sharing') throw new Error('not shared')
    const players = shared.venue.players
    expect(players?.address).toMatch(/^http:\/\/.+\/live$/)
    expect(players?.page).toMatch(/^http:\/\/.+\/me\/$/)
    expect(players?.qrSvg).toMatch(/^<svg/)
    expect(players?.codes).toEqual([
      { division: 'A', player: 1, name: 'Ann', code: 'ACDEFGHJ', issue: 1 },
    ])
    const reissued = sharing.reissuePlayerCode('A', 1)
    expect(
      reissued.status === 'done' && reissued.venue.sharing && reissued.venue.players?.codes,
    ).toEqual([{ division: 'A', player: 1, name: 'Ann', code: 'KMNPQRTU', issue: 2 }])
    const revoked = sharing.revokePlayerCode('A', 1)
    expect(
      revoked.status === 'done' && revoked.venue.sharing && revoked.venue.players?.codes[0]?.code,
    ).toBe(null)
    expect(sharing.revokePlayerCode('A', 9)).toEqual({ status: 'failed', message: 'no player #9' })
    await sharing.stop()
    expect(sharing.reissuePlayerCode('A', 1)).toMatchObject({ status: 'failed' })
  })

  test('issue 31: the push starts with the password joined to the address, shows in the status without it, and stops', async () => {
    const { sharing, servers } = setUp()
    expect(sharing.startPush('https://director@couch.example.org/spc', 'pw').status).toBe('failed')
    await sharing.share(fileText())
    const started = sharing.startPush(' https://director@couch.example.org/spc ', 's3cr&t')
    expect(servers[0]?.pushedTo).toEqual(['https://director:s3cr%26t@couch.example.org/spc'])
    if (started.status !== 'done' || !started.venue.sharing) throw new Error('not started')
    expect(started.venue.push).toMatchObject({
      url: 'https://couch.example.org/spc',
      phase: 'starting',
    })
    expect(JSON.stringify(started)).not.toContain('s3cr')
    const stopped = sharing.stopPush()
    expect(stopped.status === 'done' && stopped.venue.sharing && stopped.venue.push?.phase).toBe(
      'stopped',
    )
  })

  test.each([
    ['a password with no account named', 'https://couch.example.org/spc', 'pw', 'names no account'],
    ['no database named', 'https://director@couch.example.org/', 'pw', 'names no database'],
    ['not an address', 'couch.example.org/spc', '', 'is not an address'],
  ])(
    'issue 31: an address the push cannot use is refused in words: %s',
    async (_n, address, password, said) => {
      const { sharing, servers } = setUp()
      await sharing.share(fileText())
      const started = sharing.startPush(address, password)
      expect(started.status === 'failed' && started.message).toContain(said)
      expect(servers[0]?.pushedTo).toEqual([])
    },
  )

  test('issue 27: refuse all clears every waiting join request and says how many', async () => {
    const { sharing, servers, notified } = setUp()
    await sharing.share(fileText())
    servers[0]!.pending = [
      ...servers[0]!.pending,
      { code: 'XY4679', role: 'projector', device: 'Chrome', at: '2026-03-14T09:02:00.000Z' },
    ]
    const refused = sharing.refuseAll()
    expect(refused).toMatchObject({ status: 'done', said: '2 join requests refused.' })
    expect(refused.status === 'done' && refused.venue.sharing && refused.venue.requests).toEqual([])
    expect(notified.at(-1)).toMatchObject({ sharing: true, requests: [] })
    expect(sharing.refuseAll()).toMatchObject({ said: 'No desk was waiting to join.' })
  })

  test('issue 27: a revoked desk’s waiting commands are listed in words, then taken or let go', async () => {
    const { sharing, servers } = setUp()
    await sharing.share(fileText())
    const desk: VenueDesk = { id: 'd7', name: 'Desk 7', role: 'results' }
    const waiting = (proposalId: string, description: string): WaitingCommand => ({
      proposal: proposalId,
      order: 0,
      command: proposal.command,
      description,
      madeAt: '2026-03-14T09:00:00.000Z',
    })
    const server = servers[0]!
    server.left.set('Desk 7', {
      desk,
      commands: [waiting('p-1', 'Check-in of Ann'), waiting('p-2', 'Result of table 3')],
    })
    const status = sharing.status()
    expect(status.sharing && status.waiting).toEqual([
      {
        desk,
        commands: [
          { proposal: 'p-1', description: 'Check-in of Ann', madeAt: '2026-03-14T09:00:00.000Z' },
          { proposal: 'p-2', description: 'Result of table 3', madeAt: '2026-03-14T09:00:00.000Z' },
        ],
      },
    ])
    const taken = await sharing.takeWaiting('Desk 7')
    expect(taken).toMatchObject({
      status: 'done',
      said: "Desk 7's waiting commands decided: 1 accepted, 1 refused.",
    })
    expect(taken.status === 'done' && taken.venue.sharing && taken.venue.waiting).toEqual([])
    expect(await sharing.takeWaiting('Desk 7')).toEqual({
      status: 'failed',
      message: 'nothing of Desk 7',
    })

    server.left.set('Desk 7', { desk, commands: [waiting('p-3', 'Penalty')] })
    expect(await sharing.dropWaiting('Desk 7')).toMatchObject({
      status: 'done',
      said: '1 waiting command of Desk 7 let go.',
      venue: { waiting: [] },
    })
    expect(await sharing.dropWaiting('Desk 7')).toMatchObject({ status: 'failed' })
  })

  test('issue 27: with sharing off, refuse all, take and drop say so', async () => {
    const { sharing } = setUp()
    expect(sharing.refuseAll()).toMatchObject({ status: 'failed' })
    expect(await sharing.takeWaiting('Desk 7')).toMatchObject({ status: 'failed' })
    expect(await sharing.dropWaiting('Desk 7')).toMatchObject({ status: 'failed' })
  })

  test('the director’s proposals go to the authority as the director’s desk', async () => {
    const { sharing, servers } = setUp()
    await sharing.share(fileText())
    const decision = await sharing.propose(proposal)
    expect(decision).toMatchObject({ kind: 'accepted', entry: { seq: 1, proposal: 'p-1' } })
    expect(servers[0]?.proposed).toEqual([
      { desk: { id: 'director', name: 'Director', role: 'director' }, proposal },
    ])
    expect(sharing.acceptedFrom(-1).map((e) => e.seq)).toEqual([0, 1])
    expect(sharing.acceptedFrom(0).map((e) => e.seq)).toEqual([1])
    expect(sharing.acceptedFrom(1)).toEqual([])
  })

  test('stop closes the server and hands back the whole log it wrote; sharing is off', async () => {
    const { sharing, servers, notified } = setUp()
    await sharing.share(fileText())
    await sharing.propose(proposal)
    const stopped = await sharing.stop()
    expect(servers[0]?.closed).toBe(1)
    expect(stopped).toEqual({
      status: 'stopped',
      tournamentId: 'spring-open',
      contents: fileText(servers[0]?.entries),
    })
    expect(notified.at(-1)).toEqual({ sharing: false })
    expect(sharing.status()).toEqual({ sharing: false })
    expect(sharing.pairedOrigin()).toBeNull()
    // The server's later changes no longer reach the windows.
    expect(servers[0]?.changeListeners.size).toBe(0)
    await expect(sharing.stop()).resolves.toEqual({ status: 'not-sharing' })
  })

  test('the final log is kept as a backup too; a backup that fails does not stop the stop', async () => {
    const { sharing, keep, servers } = setUp()
    await sharing.share(fileText())
    await sharing.stop()
    expect(keep).toHaveBeenCalledWith('spring-open', fileText(servers[0]?.entries))

    const failing = setUp('ok', 'failed')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await failing.sharing.share(fileText())
    await expect(failing.sharing.stop()).resolves.toMatchObject({ status: 'stopped' })
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('disk full'))
  })

  test('with sharing off, the director’s proposal is refused with a code, never lost silently', async () => {
    const { sharing } = setUp()
    await expect(sharing.propose(proposal)).resolves.toEqual({
      kind: 'refused',
      proposalId: 'p-1',
      error: expect.objectContaining({ code: 'venue.not-sharing' }),
    })
    expect(sharing.approve('ACDEF3', 'Desk 2', 'results')).toEqual({
      status: 'failed',
      message: 'This event is not shared on the venue network.',
    })
  })
})

describe('a venue address that stays (issue 27)', () => {
  const origin = (outcome: Awaited<ReturnType<VenueSharing['share']>>): string => {
    if (outcome.status !== 'sharing') throw new Error(outcome.message)
    return new URL(outcome.venue.addresses[0] ?? '').origin
  }

  /*
   * A desk keeps its pass (localStorage, `deskKeeping` keyed by the origin) and its waiting
   * commands (its outbox, a PouchDB in IndexedDB named by the authority's `outboxDatabase(desk)`)
   * per origin: the browser gives a page at another port other storage. The same address after a
   * stop, a new share or an app restart is what keeps both: the same token reaches the same desk
   * (the desks file keeps it), whose outbox of the same name still holds what it typed.
   */
  test('sharing twice, and again after the app restarts, gives the same address', async () => {
    const first = setUp()
    const one = origin(await first.sharing.share(fileText()))
    await first.sharing.stop()
    const two = origin(await first.sharing.share(fileText()))
    await first.sharing.stop()
    // The app restarted: a new sharing object on the same userData folder.
    const restarted = setUp('ok', 'saved', first.folder)
    const three = await restarted.sharing.share(fileText())
    expect([one, two, origin(three)]).toEqual([
      'http://192.168.1.20:8421',
      'http://192.168.1.20:8421',
      'http://192.168.1.20:8421',
    ])
    expect(three.status === 'sharing' && three.venue.portChanged).toBeNull()
    expect(JSON.parse(readFileSync(join(first.folder, PORTS_FILE), 'utf8'))).toEqual({
      'spring-open': 8421,
    })
  })

  test('a port taken by another program moves to the next free one, says so, and is kept', async () => {
    const first = setUp()
    await first.sharing.share(fileText())
    await first.sharing.stop()
    const busy = setUp('ok', 'saved', first.folder, new Set([8421]))
    const moved = await busy.sharing.share(fileText())
    expect(origin(moved)).toBe('http://192.168.1.20:8422')
    expect(moved.status === 'sharing' && moved.venue.port).toBe(8422)
    expect(moved.status === 'sharing' && moved.venue.portChanged).toEqual({
      from: 8421,
      taken: true,
    })
    expect(busy.startServer).toHaveBeenCalledWith(expect.objectContaining({ port: 8422 }))
    await busy.sharing.stop()
    // 8421 is free again, but the desks now know 8422: it stays.
    const again = setUp('ok', 'saved', first.folder)
    const kept = await again.sharing.share(fileText())
    expect(origin(kept)).toBe('http://192.168.1.20:8422')
    expect(kept.status === 'sharing' && kept.venue.portChanged).toBeNull()
    await expect(again.sharing.keptPort('spring-open')).resolves.toBe(8422)
  })

  test('the director’s own port is used and kept; the screen is told the address changed', async () => {
    const { sharing, folder } = setUp()
    await expect(sharing.keptPort('spring-open')).resolves.toBeNull()
    await sharing.share(fileText())
    await sharing.stop()
    const chosen = await sharing.share(fileText(), 9100)
    expect(origin(chosen)).toBe('http://192.168.1.20:9100')
    expect(chosen.status === 'sharing' && chosen.venue.portChanged).toEqual({
      from: 8421,
      taken: false,
    })
    await sharing.stop()
    const next = setUp('ok', 'saved', folder)
    expect(origin(await next.sharing.share(fileText()))).toBe('http://192.168.1.20:9100')
  })

  test('another event gets a port of its own, never one an event keeps', async () => {
    const { sharing, folder } = setUp()
    await sharing.share(fileText())
    await sharing.stop()
    const other = writeTournamentFile('autumn-cup', [created], '2026-03-14T08:30:00.000Z')
    expect(origin(await sharing.share(other))).toBe('http://192.168.1.20:8422')
    await sharing.stop()
    expect(JSON.parse(readFileSync(join(folder, PORTS_FILE), 'utf8'))).toEqual({
      'spring-open': 8421,
      'autumn-cup': 8422,
    })
  })

  test('a damaged ports file only means a new port, never a share refused', async () => {
    const { sharing, folder } = setUp()
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, PORTS_FILE), '{"spring-open": "8421", "../x": 9000')
    expect(origin(await sharing.share(fileText()))).toBe('http://192.168.1.20:8421')
    await expect(readKeptPorts(folder)).resolves.toEqual({ 'spring-open': 8421 })
  })

  test('a kept port that is not a port, or an id that is not an id, is dropped', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rackside-ports-'))
    writeFileSync(
      join(folder, PORTS_FILE),
      JSON.stringify({ a: 8421, b: '8422', c: 80, '../d': 9000, e: 8423.5 }),
    )
    await expect(readKeptPorts(folder)).resolves.toEqual({ a: 8421 })
  })

  test('no free port: the share says so and starts nothing', async () => {
    const all = new Set(Array.from({ length: 60 }, (_, i) => 8421 + i))
    const { sharing, startServer } = setUp('ok', 'saved', undefined, all)
    await expect(sharing.share(fileText())).resolves.toEqual({
      status: 'failed',
      message: 'Not shared: no free port from 8421: 50 ports tried, all in use',
    })
    expect(startServer).not.toHaveBeenCalled()
  })

  test('probePort: a port something listens on is not free', async () => {
    const { createServer } = await import('node:net')
    const holder = createServer()
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
    const address = holder.address()
    const port = typeof address === 'object' && address !== null ? address.port : 0
    try {
      await expect(probePort('127.0.0.1', port)).resolves.toBe(false)
    } finally {
      await new Promise((resolve) => holder.close(resolve))
    }
    await expect(probePort('127.0.0.1', port)).resolves.toBe(true)
  })
})

describe('with the authority server `rackside serve` runs (electron/venue/server.ts)', () => {
  test('share, a desk asks to join and is approved, the director proposes, stop hands back the log', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rackside-venue-real-'))
    const notified: VenueStatus[] = []
    const sharing = createVenueSharing({
      startServer: startVenueServer,
      folder,
      host: '127.0.0.1',
      notify: (status) => notified.push(status),
    })
    const shared = await sharing.share(writeTournamentFile(ID, EVENT_LOG, SAVED_AT))
    if (shared.status !== 'sharing') throw new Error(shared.message)
    let stopped: StopSharingOutcome
    try {
      expect(shared.venue.event.tournamentId).toBe(ID)
      expect(sharing.pairedOrigin()).toBe(new URL(shared.venue.url).origin)

      const asked = await fetch(`${shared.venue.url}${VENUE_ROUTES.join}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'results', device: 'Firefox on a tablet' }),
      })
      const { code } = (await asked.json()) as JoinRequested
      // The request reached the director's windows by a push, not by polling.
      await vi.waitFor(() =>
        expect(notified.at(-1)).toMatchObject({ requests: [{ code, role: 'results' }] }),
      )
      const approved = sharing.approve(code, 'Desk 2', 'results')
      expect(approved.status === 'done' && approved.venue.sharing && approved.venue.desks).toEqual([
        expect.objectContaining({ name: 'Desk 2', role: 'results' }),
      ])

      const decision = await sharing.propose(venueProposal('p-1', 0, resultAt(1)))
      expect(decision).toMatchObject({
        kind: 'accepted',
        entry: { seq: EVENT_LOG.length, desk: 'director', proposal: 'p-1' },
      })
      expect(sharing.acceptedFrom(EVENT_LOG.length - 1).map((e) => e.proposal)).toEqual(['p-1'])
    } finally {
      // Stopped whatever happened above, so no server outlives the test.
      stopped = await sharing.stop()
    }
    if (stopped.status !== 'stopped') throw new Error(`not stopped: ${stopped.status}`)
    const read = readTournamentFile(stopped.contents)
    expect(read.ok && read.value.log.map((e) => e.proposal ?? null).at(-1)).toBe('p-1')
    expect(read.ok && read.value.log).toHaveLength(EVENT_LOG.length + 1)
  })
})

describe('issue 31: the push online started from the app, to a stand-in CouchDB behind a password', () => {
  test('a wrong password is said in words; the right one sends the whole log; the password never reaches a status', async () => {
    const couch = await standInCouch()
    const notified: VenueStatus[] = []
    const sharing = createVenueSharing({
      startServer: startVenueServer,
      folder: mkdtempSync(join(tmpdir(), 'rackside-venue-push-')),
      host: '127.0.0.1',
      notify: (status) => notified.push(status),
    })
    const shared = await sharing.share(writeTournamentFile(ID, EVENT_LOG, SAVED_AT))
    if (shared.status !== 'sharing') throw new Error(shared.message)
    const pushOf = () => {
      const status = sharing.status()
      return status.sharing ? status.push : undefined
    }
    try {
      const address = `http://director@${couch.origin}/app-push`
      expect(sharing.startPush(address, 'nope-pw').status).toBe('done')
      await vi.waitFor(() => expect(pushOf()?.problem).toBe('wrong-password'), { timeout: 10_000 })
      expect(sharing.startPush(address, 'secret').status).toBe('done')
      await vi.waitFor(
        () => expect(pushOf()).toMatchObject({ phase: 'sent', sent: EVENT_LOG.length, waiting: 0 }),
        { timeout: 10_000 },
      )
      // The director's windows were told as it changed, never with the password.
      expect(notified.some((s) => s.sharing && s.push?.phase === 'sent')).toBe(true)
      expect(JSON.stringify(notified)).not.toMatch(/nope-pw|secret/)
      expect(sharing.stopPush().status).toBe('done')
      expect(pushOf()?.phase).toBe('stopped')
    } finally {
      await sharing.stop()
      await couch.close()
    }
  })
})

describe('issue 27: a desk’s saved copy handed in from the app, as `serve --take` takes one', () => {
  test('what the sharing log lacks is decided and said in the terminal’s words; a copy of another event takes nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rackside-venue-take-'))
    const sharing = createVenueSharing({
      startServer: startVenueServer,
      folder,
      host: '127.0.0.1',
      notify: () => undefined,
    })
    const shared = await sharing.share(writeTournamentFile(ID, EVENT_LOG, SAVED_AT))
    if (shared.status !== 'sharing') throw new Error(shared.message)
    try {
      // Desk 2's copy: one result the old authority accepted, one still waiting on the desk, and
      // one waiting that clashes with it (the table has its result by then).
      const accepted: LoggedCommand = {
        seq: EVENT_LOG.length,
        at: '2026-03-14T10:00:00.000Z',
        desk: 'd2-old',
        proposal: 'q-1',
        command: resultAt(1),
      }
      const head = { length: EVENT_LOG.length + 1, last: null }
      const waiting = [
        { _id: 'q-2', builtOn: head, command: resultAt(2), madeAt: SAVED_AT, desk: 'd2-old' },
        {
          _id: 'q-3',
          builtOn: head,
          command: resultAt(1, 300, 200),
          madeAt: SAVED_AT,
          desk: 'd2-old',
        },
      ]
      const copy = writeDeskCopy(ID, [...EVENT_LOG, accepted], waiting, SAVED_AT)

      const taken = await sharing.takeCopy('DESK2.json', copy)
      expect(taken.status).toBe('done')
      const said = taken.status === 'done' ? (taken.said ?? '') : ''
      expect(said).toMatch(
        new RegExp(
          `^Recovered from DESK2\\.json: 2 commands accepted, 1 refused \\(recordResult: .+\\); ${String(EVENT_LOG.length)} already in the log\\.$`,
        ),
      )
      expect(sharing.acceptedFrom(EVENT_LOG.length - 1).map((e) => e.proposal)).toEqual([
        'q-1',
        'q-2',
      ])
      // Handed in again: nothing new, said so.
      const again = await sharing.takeCopy('DESK2.json', copy)
      expect(again.status === 'done' && again.said).toMatch(
        /^Recovered from DESK2\.json: 0 commands accepted/,
      )

      const other = await sharing.takeCopy(
        'OTHER.json',
        writeTournamentFile('t-other', EVENT_LOG, SAVED_AT),
      )
      expect(other).toEqual({
        status: 'failed',
        message: `OTHER.json: it is a copy of another tournament (t-other), not ${ID}`,
      })
      expect(await sharing.takeCopy('BROKEN.json', '{')).toMatchObject({
        status: 'failed',
        message: expect.stringMatching(/^BROKEN\.json: /),
      })
      expect(sharing.acceptedFrom(EVENT_LOG.length - 1)).toHaveLength(2)
    } finally {
      await sharing.stop()
    }
  }, 30_000)

  test('with sharing off, a copy is refused with the reason', async () => {
    const { sharing } = setUp()
    expect(await sharing.takeCopy('DESK2.json', fileText())).toEqual({
      status: 'failed',
      message: 'This event is not shared on the venue network.',
    })
  })
})

describe('quitting while sharing', () => {
  function quittingApp() {
    const app = Object.assign(new FakeEmitter(), { quit: vi.fn() })
    const event = { prevented: false, preventDefault: () => (event.prevented = true) }
    return { app, event }
  }

  test('closes the server first, then quits', async () => {
    const { sharing, servers } = setUp()
    await sharing.share(fileText())
    const { app, event } = quittingApp()
    closeOnQuit(app, sharing)
    app.emit('before-quit', event)
    expect(event.prevented).toBe(true)
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1))
    expect(servers[0]?.closed).toBe(1)
    // The second quit finds sharing off and goes through.
    const again = { prevented: false, preventDefault: () => (again.prevented = true) }
    app.emit('before-quit', again)
    expect(again.prevented).toBe(false)
  })

  test('without sharing, quitting is not held back', () => {
    const { sharing } = setUp()
    const { app, event } = quittingApp()
    closeOnQuit(app, sharing)
    app.emit('before-quit', event)
    expect(event.prevented).toBe(false)
    expect(app.quit).not.toHaveBeenCalled()
  })
})

describe('ownOrigin', () => {
  test.each([
    ['http://0.0.0.0:8421', 'http://127.0.0.1:8421'],
    ['http://[::]:8421/', 'http://127.0.0.1:8421'],
    ['http://192.168.1.20:8421/', 'http://192.168.1.20:8421'],
  ])('a server at %s is reached at %s', (url, origin) => {
    expect(ownOrigin(url)).toBe(origin)
  })
})

describe('deskAddresses', () => {
  test.each([
    [['192.168.1.20'], 'http://0.0.0.0:8421', ['http://192.168.1.20:8421']],
    [['http://10.0.0.5:8421/'], 'http://0.0.0.0:8421', ['http://10.0.0.5:8421/']],
    [['127.0.0.1', 'fe80::1'], 'http://0.0.0.0:80', ['http://[fe80::1]', 'http://127.0.0.1']],
    [[], 'http://127.0.0.1:8421', ['http://127.0.0.1:8421']],
  ])('%j on %s → %j', (addresses, url, expected) => {
    expect(deskAddresses({ addresses, url })).toEqual(expected)
  })
})
