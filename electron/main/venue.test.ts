import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import type { Decision, DeskIdentity } from '../../shared/authority/proposal'
import { readTournamentFile, writeTournamentFile } from '../../shared/formats/tournament-file'
import { err, ok, type Result } from '../../shared/result'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { create, ID, logOf } from '../../shared/tournament/test-support/event'
import {
  VENUE_ROUTES,
  type JoinRequested,
  type OutboxProposal,
  type VenueDesk,
} from '../../shared/venue/protocol'
import type { BackupOutcome, StopSharingOutcome, VenueStatus } from '../ipc-contract'
import { startVenueServer } from '../venue/server'
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
  type SharedServer,
  type SharedServerOptions,
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
  readonly url = 'http://0.0.0.0:8421'
  readonly addresses = ['127.0.0.1', '192.168.1.20']
  readonly changeListeners = new Set<() => void>()
  readonly proposed: { desk: DeskIdentity; proposal: OutboxProposal }[] = []
  closed = 0
  entries: readonly LoggedCommand[] = [created]
  pending: { code: string; role: 'desk' | 'projector'; device: string; at: string }[] = [
    { code: 'ACDEF3', role: 'desk', device: 'Firefox on Linux', at: '2026-03-14T09:01:00.000Z' },
  ]
  approved: VenueDesk[] = []

  constructor(readonly options: SharedServerOptions) {}

  requests() {
    return this.pending
  }
  desks() {
    return this.approved
  }
  approve(code: string, name: string): Result<VenueDesk> {
    const request = this.pending.find((r) => r.code === code)
    if (request === undefined) return err('venue.unknown-code', `no desk waits with code ${code}`)
    this.pending = this.pending.filter((r) => r !== request)
    const desk: VenueDesk = { id: `d${String(this.approved.length + 1)}`, name, role: request.role }
    this.approved = [...this.approved, desk]
    return ok(desk)
  }
  refuse(code: string): Result<void> {
    this.pending = this.pending.filter((r) => r.code !== code)
    return ok(undefined)
  }
  revoke(name: string): Result<VenueDesk> {
    const desk = this.approved.find((d) => d.name === name)
    if (desk === undefined) return err('venue.unknown-desk', `no desk is named ${name}`)
    this.approved = this.approved.filter((d) => d !== desk)
    return ok(desk)
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
  close(): Promise<void> {
    this.closed++
    writeFileSync(this.options.eventPath, fileText(this.entries))
    return Promise.resolve()
  }
}

function setUp(start: 'ok' | 'refused' = 'ok', kept: BackupOutcome['status'] = 'saved') {
  const folder = join(mkdtempSync(join(tmpdir(), 'rackside-venue-')), 'venue')
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
    port: 8421,
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
      const approved = sharing.approve('ACDEF3', 'Desk 2')
      expect(approved.status === 'done' && approved.venue.sharing && approved.venue.desks).toEqual([
        { id: 'd1', name: 'Desk 2', role: 'desk' },
      ])
      expect(sharing.approve('ACDEF3', 'Desk 3')).toEqual({
        status: 'failed',
        message: 'no desk waits with code ACDEF3',
      })
      const revoked = sharing.revoke('Desk 2')
      expect(revoked.status === 'done' && revoked.venue.sharing && revoked.venue.desks).toEqual([])
      expect(sharing.refuse('XY4679').status).toBe('done')
    })()
  })

  test('the director’s proposals go to the authority as the director’s desk', async () => {
    const { sharing, servers } = setUp()
    await sharing.share(fileText())
    const decision = await sharing.propose(proposal)
    expect(decision).toMatchObject({ kind: 'accepted', entry: { seq: 1, proposal: 'p-1' } })
    expect(servers[0]?.proposed).toEqual([{ desk: { id: 'director', role: 'director' }, proposal }])
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
    expect(sharing.approve('ACDEF3', 'Desk 2')).toEqual({
      status: 'failed',
      message: 'This event is not shared on the venue network.',
    })
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
        body: JSON.stringify({ role: 'desk', device: 'Firefox on a tablet' }),
      })
      const { code } = (await asked.json()) as JoinRequested
      // The request reached the director's windows by a push, not by polling.
      await vi.waitFor(() =>
        expect(notified.at(-1)).toMatchObject({ requests: [{ code, role: 'desk' }] }),
      )
      const approved = sharing.approve(code, 'Desk 2')
      expect(approved.status === 'done' && approved.venue.sharing && approved.venue.desks).toEqual([
        expect.objectContaining({ name: 'Desk 2', role: 'desk' }),
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
