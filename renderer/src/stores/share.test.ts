import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type {
  DesktopApi,
  OpenFileOutcome,
  ShareOutcome,
  VenueStatus,
} from '../../../electron/ipc-contract'
import { readTournamentFile, writeTournamentFile } from '../../../shared/formats/tournament-file'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import type { ApprovalRole } from '../../../shared/authority/roles'
import type { OutboxProposal } from '../../../shared/venue/protocol'
import { fingerprint } from '../../../shared/tournament/log'
import { createMemoryRepository } from '../db/memory-repository'
import { summarizeLog } from '../db/summary'
import type { TournamentRepository } from '../db/repository'

const INFO = {
  name: 'Spring Open',
  venue: 'Civic Hall',
  startDate: '2026-03-14',
  endDate: '2026-03-14',
  rounds: 3,
}

const sharingStatus = (tournamentId: string): VenueStatus & { sharing: true } => ({
  sharing: true,
  url: 'http://0.0.0.0:8421',
  addresses: ['http://192.168.1.20:8421'],
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  event: { tournamentId, generation: 1, name: INFO.name },
  requests: [
    { code: 'ACDEF3', role: 'results', device: 'Firefox', at: '2026-03-14T09:00:00.000Z' },
  ],
  desks: [],
  port: 8421,
  portChanged: null,
  waiting: [],
})

/** The authority's clock, never the window's: an entry with it came back from main. */
const AUTHORITY_TIME = '2026-03-14T10:00:00.000Z'

/** The desktop bridge as main answers it: the test says what the authority's log ends as. */
function fakeBridge() {
  const pushes = new Set<(status: VenueStatus) => void>()
  let shared: { tournamentId: string; log: readonly LoggedCommand[] } | undefined
  const api = {
    shell: 'electron' as const,
    venueStatus: vi.fn(() => Promise.resolve<VenueStatus>({ sharing: false })),
    onVenueChanged: (listener: (status: VenueStatus) => void) => {
      pushes.add(listener)
      return () => pushes.delete(listener)
    },
    venuePort: vi.fn<(id: string) => Promise<number | null>>(() => Promise.resolve(8421)),
    share: vi.fn<(text: string, port: number | null) => Promise<ShareOutcome>>((text) => {
      const read = readTournamentFile(text)
      if (!read.ok) return Promise.resolve({ status: 'failed' as const, message: 'unreadable' })
      shared = { tournamentId: read.value.tournamentId, log: read.value.log }
      return Promise.resolve({
        status: 'sharing' as const,
        venue: sharingStatus(read.value.tournamentId),
      })
    }),
    /** The authority accepts every proposal: the tests here are about the director's side. */
    propose: vi.fn((proposal: OutboxProposal) => {
      if (shared === undefined) throw new Error('proposed while not sharing')
      const entry: LoggedCommand = {
        seq: shared.log.length,
        at: AUTHORITY_TIME,
        desk: 'director',
        proposal: proposal._id,
        command: proposal.command,
      }
      shared = { ...shared, log: [...shared.log, entry] }
      return Promise.resolve({ kind: 'accepted' as const, proposalId: proposal._id, entry })
    }),
    acceptedFrom: vi.fn((after: number) => Promise.resolve(shared?.log.slice(after + 1) ?? [])),
    stopSharing: vi.fn(() => {
      if (shared === undefined) return Promise.resolve({ status: 'not-sharing' as const })
      const log = shared.log
      return Promise.resolve({
        status: 'stopped' as const,
        tournamentId: shared.tournamentId,
        contents: writeTournamentFile(shared.tournamentId, log, '2026-03-14T18:00:00.000Z'),
      })
    }),
    approveDesk: vi.fn((code: string, name: string, role: ApprovalRole) =>
      Promise.resolve(
        code === 'ACDEF3'
          ? {
              status: 'done' as const,
              venue: {
                ...sharingStatus('t'),
                requests: [],
                desks: [{ id: 'd1', name, role }],
              },
            }
          : { status: 'failed' as const, message: `no desk waits with code ${code}` },
      ),
    ),
    refuseAllDesks: vi.fn(() =>
      Promise.resolve({
        status: 'done' as const,
        venue: { ...sharingStatus('t'), requests: [] },
        said: '1 join request refused.',
      }),
    ),
    takeWaiting: vi.fn((name: string) =>
      Promise.resolve(
        name === 'Desk 7'
          ? {
              status: 'done' as const,
              venue: sharingStatus('t'),
              said: "Desk 7's waiting commands decided: 2 accepted, 0 refused.",
            }
          : {
              status: 'failed' as const,
              message: `No revoked desk named "${name}" left anything waiting.`,
            },
      ),
    ),
    dropWaiting: vi.fn(() =>
      Promise.resolve({
        status: 'done' as const,
        venue: sharingStatus('t'),
        said: '2 waiting commands of Desk 7 let go.',
      }),
    ),
    openTextFile: vi.fn<() => Promise<OpenFileOutcome>>(() =>
      Promise.resolve({ status: 'opened', name: 'DESK2.json', contents: '{"desk copy":1}' }),
    ),
    takeDeskCopy: vi.fn((name: string) =>
      Promise.resolve(
        name === 'DESK2.json'
          ? {
              status: 'done' as const,
              venue: sharingStatus('t'),
              said: 'Recovered from DESK2.json: 2 commands accepted; 5 already in the log.',
            }
          : {
              status: 'failed' as const,
              message: `${name}: it is a copy of another tournament (t-other), not t`,
            },
      ),
    ),
    writeBackup: vi.fn(() =>
      Promise.resolve({ status: 'saved' as const, name: '2026-03-14T17-59-00-000Z.json' }),
    ),
    /** Issue 30: a player's code reissued or revoked by division and number. */
    reissuePlayerCode: vi.fn((division: string, player: number) =>
      Promise.resolve(
        player === 1
          ? {
              status: 'done' as const,
              venue: {
                ...sharingStatus('t'),
                players: {
                  address: 'http://192.168.1.20:8080/live',
                  qrSvg: '<svg></svg>',
                  page: 'http://192.168.1.20:8080/me/',
                  codes: [{ division, player, name: 'Ann', code: 'KMNPQRTU', issue: 2 }],
                },
              },
            }
          : { status: 'failed' as const, message: `Division ${division} has no player #9.` },
      ),
    ),
    revokePlayerCode: vi.fn(() =>
      Promise.resolve({ status: 'failed' as const, message: 'not sharing' }),
    ),
    /** Issue 31: main answers a push started with the new status, the password left out. */
    startPush: vi.fn((address: string) =>
      Promise.resolve(
        address.startsWith('https://')
          ? {
              status: 'done' as const,
              venue: {
                ...sharingStatus('t'),
                push: {
                  url: address.replace(/\/\/[^@]*@/, '//'),
                  phase: 'starting' as const,
                  sent: 0,
                  lastSentAt: null,
                  waiting: 2,
                  problem: null,
                  detail: null,
                },
              },
            }
          : { status: 'failed' as const, message: `Not pushed: "${address}" is not an address` },
      ),
    ),
    stopPush: vi.fn(() => Promise.resolve({ status: 'done' as const, venue: sharingStatus('t') })),
  }
  return {
    api,
    push: (status: VenueStatus) => pushes.forEach((listener) => listener(status)),
    /** A desk's command the authority accepted while sharing. */
    deskAdds: (command: Command) => {
      if (shared === undefined) throw new Error('not sharing')
      const entry = { seq: shared.log.length, at: '2026-03-14T10:00:00.000Z', desk: 'd1', command }
      shared = { ...shared, log: [...shared.log, entry] }
    },
  }
}

let repo: TournamentRepository
let bridge: ReturnType<typeof fakeBridge>

beforeEach(() => {
  vi.resetModules()
  repo = createMemoryRepository()
  bridge = fakeBridge()
  vi.stubGlobal('window', { rackside: bridge.api as unknown as DesktopApi })
})

/** Fresh modules each test: the bridge is read once per page, as in the app. */
async function stores() {
  const { setRepository: set } = await import('./repository')
  set(repo)
  setActivePinia(createPinia())
  const { useTournamentStore } = await import('./tournament')
  const { useShareStore } = await import('./share')
  const tournament = useTournamentStore()
  const created = await tournament.create(INFO, 'nsa1995')
  if (!created.ok) throw new Error(created.error.message)
  await tournament.dispatch({ type: 'addDivision', name: 'A' })
  return { tournament, share: useShareStore() }
}

describe('the Venue network screen’s store (issue 21)', () => {
  test('share hands main the open tournament’s whole log as our file, and shows the status', async () => {
    const { tournament, share } = await stores()
    await share.share()
    const text = bridge.api.share.mock.calls[0]?.[0] ?? ''
    const read = readTournamentFile(text)
    expect(read.ok && read.value.log).toEqual(tournament.log)
    expect(share.status).toMatchObject({ sharing: true, addresses: ['http://192.168.1.20:8421'] })
    expect(share.failure).toBeNull()
  })

  test('main’s pushes replace the status the screen shows', async () => {
    const { share } = await stores()
    await share.follow()
    bridge.push(sharingStatus('t-9'))
    expect(share.status.sharing && share.status.event.tournamentId).toBe('t-9')
    bridge.push({ sharing: false })
    expect(share.status).toEqual({ sharing: false })
  })

  test('while sharing, a command typed here is the authority’s to decide, and the window shows its log', async () => {
    const { tournament, share } = await stores()
    await share.share()
    const before = tournament.log.length
    for (const [i, name] of ['B', 'C'].entries()) {
      const dispatched = await tournament.dispatch({ type: 'addDivision', name })
      expect(dispatched.ok ? null : dispatched.error).toBeNull()
      // As at the desk, the next command comes once the window shows the authority's entry.
      await vi.waitFor(() =>
        expect(tournament.log.at(-1)).toMatchObject({ at: AUTHORITY_TIME, desk: 'director' }),
      )
      expect(tournament.log).toHaveLength(before + i + 1)
    }
    expect(vi.mocked(bridge.api.propose).mock.calls.map(([p]) => p.command)).toEqual([
      { type: 'addDivision', name: 'B' },
      { type: 'addDivision', name: 'C' },
    ])
    expect(tournament.divisions.map((d) => d.name)).toEqual(['A', 'B', 'C'])
    // This laptop's own storage is untouched until sharing stops.
    expect(await repo.loadLog(tournament.tournamentId!)).toHaveLength(before)
  })

  test('stop stores the venue’s whole log in place of this laptop’s and shows it', async () => {
    const { tournament, share } = await stores()
    await share.share()
    const id = tournament.tournamentId!
    const before = tournament.log.length
    bridge.deskAdds({ type: 'addDivision', name: 'B' })
    await share.stop()
    expect(share.failure).toBeNull()
    expect(share.status).toEqual({ sharing: false })
    expect(tournament.log).toHaveLength(before + 1)
    expect(tournament.divisions.map((d) => d.name)).toEqual(['A', 'B'])
    expect((await repo.loadStored(id))?.log).toHaveLength(before + 1)
    expect(share.notice).toBe(
      `Sharing stopped. This laptop holds the venue network’s whole log: ${String(before + 1)} commands.`,
    )
    expect(bridge.api.writeBackup).not.toHaveBeenCalled()
    // Single-laptop again: a command goes to this laptop's storage, not to main.
    await tournament.dispatch({ type: 'addDivision', name: 'C' })
    expect(bridge.api.propose).not.toHaveBeenCalled()
    expect(await repo.loadLog(id)).toHaveLength(before + 2)
  })

  test('a log stored on this laptop outside the venue while sharing is kept in a backup first', async () => {
    const { tournament, share } = await stores()
    await share.share()
    const id = tournament.tournamentId!
    const local = await repo.loadLog(id)
    if (local === undefined) throw new Error('not stored')
    // A window that was not following the venue network yet wrote to this laptop's storage.
    const entry: LoggedCommand = {
      seq: local.length,
      at: '2026-03-14T10:00:00.000Z',
      command: { type: 'addDivision', name: 'Local' },
    }
    const stored = await repo.loadStored(id)
    const last = local.at(-1)
    const appended = await repo.append(id, entry, summarizeLog(id, [...local, entry], entry.at)!, {
      generation: stored!.generation,
      last: last === undefined ? null : fingerprint(last),
    })
    expect(appended.ok).toBe(true)
    await share.stop()
    expect(bridge.api.writeBackup).toHaveBeenCalledTimes(1)
    const backup = readTournamentFile(
      (bridge.api.writeBackup.mock.calls[0] as unknown as [{ contents: string }])[0].contents,
    )
    expect(backup.ok && backup.value.log).toEqual([...local, entry])
    expect(share.notice).toContain('kept in the backup 2026-03-14T17-59-00-000Z.json')
    expect(tournament.divisions.map((d) => d.name)).toEqual(['A'])
  })

  test('issue 27: Ctrl+Z while sharing takes back the command just entered there, not one made before', async () => {
    const { tournament, share } = await stores()
    await tournament.dispatch({ type: 'addDivision', name: 'B' })
    const ownDesk = tournament.log.at(-1)?.desk
    await share.share()
    // As sharing does: the window is now the director's desk.
    expect(tournament.desk).toBe('director')
    await tournament.dispatch({ type: 'addDivision', name: 'C' })
    await vi.waitFor(() =>
      expect(tournament.log.at(-1)).toMatchObject({ at: AUTHORITY_TIME, desk: 'director' }),
    )
    const undone = await tournament.undo()
    expect(undone.ok && undone.value.command).toEqual({ type: 'addDivision', name: 'C' })
    await vi.waitFor(() => expect(tournament.divisions.map((d) => d.name)).toEqual(['A', 'B']))

    // Stopping sharing gives the window its own desk back: its Undo takes back B, made here.
    await share.stop()
    expect(tournament.desk).toBe(ownDesk)
    const own = await tournament.undo()
    expect(own.ok && own.value.command).toEqual({ type: 'addDivision', name: 'B' })
    expect(tournament.divisions.map((d) => d.name)).toEqual(['A'])
    expect(tournament.log.at(-1)).toMatchObject({ desk: ownDesk, command: { type: 'undo' } })
  })

  test('issue 31: the push starts with the address kept and the password handed to main once, never kept', async () => {
    const { share } = await stores()
    await share.share()
    share.pushAddress = ' https://director@couch.example.org/spc '
    await share.startPush('s3cret')
    expect(bridge.api.startPush).toHaveBeenCalledWith(
      'https://director@couch.example.org/spc',
      's3cret',
    )
    expect(share.status.sharing && share.status.push).toMatchObject({
      url: 'https://couch.example.org/spc',
      phase: 'starting',
    })
    // Kept for the next start; nothing of the password is.
    expect(share.pushAddress).toBe(' https://director@couch.example.org/spc ')
    expect(JSON.stringify(share.$state)).not.toContain('s3cret')
    await share.stopPush()
    expect(bridge.api.stopPush).toHaveBeenCalledTimes(1)
    share.pushAddress = 'couch.example.org/spc'
    await share.startPush('')
    expect(share.failure).toBe('Not pushed: "couch.example.org/spc" is not an address')
  })

  test('approve sends the name as typed, trimmed, and the role the director chose (issue 27)', async () => {
    const { share } = await stores()
    await share.approve('ACDEF3', '  Desk 2 ', 'director')
    expect(bridge.api.approveDesk).toHaveBeenCalledWith('ACDEF3', 'Desk 2', 'director')
    expect(share.status.sharing && share.status.desks).toEqual([
      { id: 'd1', name: 'Desk 2', role: 'director' },
    ])
    await share.approve('XY4679', 'Desk 3', 'results')
    expect(share.failure).toBe('no desk waits with code XY4679')
  })

  test('issue 27: the port the event keeps is shown, and sent as the director leaves or changes it', async () => {
    const { tournament, share } = await stores()
    await share.showPort(tournament.tournamentId ?? '')
    expect(share.port).toBe('8421')
    share.port = ' 9100 '
    await share.share()
    expect(bridge.api.share.mock.calls[0]?.[1]).toBe(9100)
  })

  test('issue 27: an empty port lets main choose; a port out of range is refused before sharing', async () => {
    const { share } = await stores()
    share.port = ''
    await share.share()
    expect(bridge.api.share.mock.calls[0]?.[1]).toBeNull()
    await share.stop()
    share.port = '80'
    await share.share()
    expect(bridge.api.share).toHaveBeenCalledTimes(1)
    expect(share.failure).toBe('The port must be a whole number from 1024 to 65535.')
  })

  test('issue 27: refuse all empties the waiting requests and tells how many', async () => {
    const { share } = await stores()
    await share.share()
    expect(share.status.sharing && share.status.requests).toHaveLength(1)
    await share.refuseAll()
    expect(bridge.api.refuseAllDesks).toHaveBeenCalledTimes(1)
    expect(share.status.sharing && share.status.requests).toEqual([])
    expect(share.notice).toBe('1 join request refused.')
  })

  test('issue 30: a player’s code reissued or revoked shows the new codes, or the reason', async () => {
    const { share } = await stores()
    await share.reissuePlayerCode('A', 1)
    expect(bridge.api.reissuePlayerCode).toHaveBeenCalledWith('A', 1)
    expect(share.status.sharing && share.status.players?.codes).toEqual([
      { division: 'A', player: 1, name: 'Ann', code: 'KMNPQRTU', issue: 2 },
    ])
    await share.reissuePlayerCode('A', 9)
    expect(share.failure).toBe('Division A has no player #9.')
    await share.revokePlayerCode('A', 1)
    expect(bridge.api.revokePlayerCode).toHaveBeenCalledWith('A', 1)
  })

  test('issue 27: a revoked desk’s waiting commands are taken or let go by its name', async () => {
    const { share } = await stores()
    await share.takeWaiting('Desk 7')
    expect(bridge.api.takeWaiting).toHaveBeenCalledWith('Desk 7')
    expect(share.notice).toBe("Desk 7's waiting commands decided: 2 accepted, 0 refused.")
    await share.takeWaiting('Desk 9')
    expect(share.notice).toBeNull()
    expect(share.failure).toBe('No revoked desk named "Desk 9" left anything waiting.')
    await share.dropWaiting('Desk 7')
    expect(bridge.api.dropWaiting).toHaveBeenCalledWith('Desk 7')
    expect(share.failure).toBeNull()
    expect(share.notice).toBe('2 waiting commands of Desk 7 let go.')
  })

  test('issue 27: a desk’s saved copy, picked, goes to the authority whole; what came back is said', async () => {
    const { share } = await stores()
    expect(await share.takeCopy()).toEqual({
      kind: 'taken',
      said: 'Recovered from DESK2.json: 2 commands accepted; 5 already in the log.',
    })
    expect(bridge.api.openTextFile).toHaveBeenCalledWith(
      expect.objectContaining({ encoding: 'utf8' }),
    )
    expect(bridge.api.takeDeskCopy).toHaveBeenCalledWith('DESK2.json', '{"desk copy":1}')

    bridge.api.openTextFile.mockResolvedValueOnce({ status: 'cancelled' })
    expect(await share.takeCopy()).toEqual({ kind: 'cancelled' })
    expect(bridge.api.takeDeskCopy).toHaveBeenCalledTimes(1)

    bridge.api.openTextFile.mockResolvedValueOnce({
      status: 'opened',
      name: 'OTHER.json',
      contents: '{}',
    })
    expect(await share.takeCopy()).toEqual({
      kind: 'failed',
      message: 'OTHER.json: it is a copy of another tournament (t-other), not t',
    })
  })
})
