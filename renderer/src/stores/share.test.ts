import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { DesktopApi, VenueStatus } from '../../../electron/ipc-contract'
import { readTournamentFile, writeTournamentFile } from '../../../shared/formats/tournament-file'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { createMemoryRepository } from '../db/memory-repository'
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
  requests: [{ code: 'ACDEF3', role: 'desk', device: 'Firefox', at: '2026-03-14T09:00:00.000Z' }],
  desks: [],
})

/** The desktop bridge as main answers it: the test says what the authority's log ends as. */
function fakeBridge() {
  const pushes = new Set<(status: VenueStatus) => void>()
  let shared: { tournamentId: string; log: readonly LoggedCommand[] } | undefined
  let extra: readonly LoggedCommand[] = []
  const api = {
    shell: 'electron' as const,
    venueStatus: vi.fn(() => Promise.resolve<VenueStatus>({ sharing: false })),
    onVenueChanged: (listener: (status: VenueStatus) => void) => {
      pushes.add(listener)
      return () => pushes.delete(listener)
    },
    share: vi.fn((text: string) => {
      const read = readTournamentFile(text)
      if (!read.ok) return Promise.resolve({ status: 'failed' as const, message: 'unreadable' })
      shared = { tournamentId: read.value.tournamentId, log: read.value.log }
      return Promise.resolve({
        status: 'sharing' as const,
        venue: sharingStatus(read.value.tournamentId),
      })
    }),
    stopSharing: vi.fn(() => {
      if (shared === undefined) return Promise.resolve({ status: 'not-sharing' as const })
      const log = [...shared.log, ...extra]
      return Promise.resolve({
        status: 'stopped' as const,
        tournamentId: shared.tournamentId,
        contents: writeTournamentFile(shared.tournamentId, log, '2026-03-14T18:00:00.000Z'),
      })
    }),
    approveDesk: vi.fn((code: string, name: string) =>
      Promise.resolve(
        code === 'ACDEF3'
          ? {
              status: 'done' as const,
              venue: {
                ...sharingStatus('t'),
                requests: [],
                desks: [{ id: 'd1', name, role: 'desk' as const }],
              },
            }
          : { status: 'failed' as const, message: `no desk waits with code ${code}` },
      ),
    ),
    writeBackup: vi.fn(() =>
      Promise.resolve({ status: 'saved' as const, name: '2026-03-14T17-59-00-000Z.json' }),
    ),
  }
  return {
    api,
    push: (status: VenueStatus) => pushes.forEach((listener) => listener(status)),
    /** Commands the desks added through the authority while sharing. */
    venueAdds: (entries: readonly LoggedCommand[]) => (extra = entries),
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

  test('stop stores the venue’s whole log in place of this laptop’s and shows it', async () => {
    const { tournament, share } = await stores()
    await share.share()
    const id = tournament.tournamentId!
    const before = tournament.log
    bridge.venueAdds([
      {
        seq: before.length,
        at: '2026-03-14T10:00:00.000Z',
        desk: 'd1',
        proposal: 'p-1',
        command: { type: 'addDivision', name: 'B' },
      },
    ])
    await share.stop()
    expect(share.failure).toBeNull()
    expect(share.status).toEqual({ sharing: false })
    expect(tournament.log).toHaveLength(before.length + 1)
    expect(tournament.divisions.map((d) => d.name)).toEqual(['A', 'B'])
    expect((await repo.loadStored(id))?.log).toHaveLength(before.length + 1)
    expect(share.notice).toBe(
      `Sharing stopped. This laptop holds the venue network’s whole log: ${String(before.length + 1)} commands.`,
    )
    expect(bridge.api.writeBackup).not.toHaveBeenCalled()
  })

  test('a command typed here outside the venue while sharing is kept in a backup first', async () => {
    const { tournament, share } = await stores()
    await share.share()
    await tournament.dispatch({ type: 'addDivision', name: 'Local' })
    const local = tournament.log
    await share.stop()
    expect(bridge.api.writeBackup).toHaveBeenCalledTimes(1)
    const backup = readTournamentFile(
      (bridge.api.writeBackup.mock.calls[0] as unknown as [{ contents: string }])[0].contents,
    )
    expect(backup.ok && backup.value.log).toEqual(local)
    expect(share.notice).toContain('kept in the backup 2026-03-14T17-59-00-000Z.json')
    expect(tournament.divisions.map((d) => d.name)).toEqual(['A'])
  })

  test('approve sends the name as typed, trimmed; a refusal is shown with the reason', async () => {
    const { share } = await stores()
    await share.approve('ACDEF3', '  Desk 2 ')
    expect(bridge.api.approveDesk).toHaveBeenCalledWith('ACDEF3', 'Desk 2')
    expect(share.status.sharing && share.status.desks).toEqual([
      { id: 'd1', name: 'Desk 2', role: 'desk' },
    ])
    await share.approve('XY4679', 'Desk 3')
    expect(share.failure).toBe('no desk waits with code XY4679')
  })
})
