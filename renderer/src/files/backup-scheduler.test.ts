import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { BackupOutcome } from '../../../electron/ipc-contract'
import { writeTournamentFile } from '../../../shared/formats/tournament-file'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { backupContents, createBackupScheduler, type BackupSnapshot } from './backup-scheduler'

const saved = (name: string): BackupOutcome => ({ status: 'saved', name })

function setup() {
  const writes: { id: string; contents: string }[] = []
  const write = vi.fn(async (id: string, contents: string) => {
    writes.push({ id, contents })
    return saved(`${writes.length}.json`)
  })
  const scheduler = createBackupScheduler({ write, delayMs: 1000 })
  const snap = (tournamentId: string, commandCount: number): BackupSnapshot => ({
    tournamentId,
    commandCount,
    contents: () => `${tournamentId}:${commandCount}`,
  })
  return { writes, write, scheduler, snap }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('backup scheduling', () => {
  test('opening a tournament is not a change; a burst of changes writes one backup', async () => {
    const { writes, scheduler, snap } = setup()
    scheduler.changed(snap('t1', 10))
    await vi.advanceTimersByTimeAsync(5000)
    expect(writes).toEqual([])
    for (let n = 11; n <= 15; n++) {
      scheduler.changed(snap('t1', n))
      await vi.advanceTimersByTimeAsync(300)
    }
    expect(writes).toEqual([])
    await vi.advanceTimersByTimeAsync(1000)
    expect(writes).toEqual([{ id: 't1', contents: 't1:15' }])
  })

  test('switching tournaments writes the pending backup of the first at once', async () => {
    const { writes, scheduler, snap } = setup()
    scheduler.changed(snap('t1', 1))
    scheduler.changed(snap('t1', 2))
    scheduler.changed(snap('t2', 7))
    await vi.advanceTimersByTimeAsync(0)
    expect(writes).toEqual([{ id: 't1', contents: 't1:2' }])
  })

  test('an undo is a change too; the same log twice is written once', async () => {
    const { writes, scheduler, snap } = setup()
    scheduler.changed(snap('t1', 3))
    scheduler.changed(snap('t1', 4))
    await scheduler.flush()
    scheduler.changed(snap('t1', 3))
    await scheduler.flush()
    scheduler.changed(snap('t1', 3))
    await scheduler.flush()
    expect(writes.map((w) => w.contents)).toEqual(['t1:4', 't1:3'])
  })

  test('a failed write is retried with the next change', async () => {
    const outcomes: BackupOutcome[] = [{ status: 'failed', message: 'disk full' }, saved('a.json')]
    const write = vi.fn(async () => outcomes.shift() ?? saved('b.json'))
    const seen: string[] = []
    const scheduler = createBackupScheduler({
      write,
      delayMs: 10,
      onOutcome: (_id, outcome) => seen.push(outcome.status),
    })
    const snap = { tournamentId: 't1', contents: () => 'x' }
    scheduler.changed({ ...snap, commandCount: 1 })
    scheduler.changed({ ...snap, commandCount: 2 })
    await scheduler.flush()
    scheduler.changed({ ...snap, commandCount: 2 })
    await scheduler.flush()
    expect(seen).toEqual(['failed', 'saved'])
  })
})

describe('a backup written a slice at a time (issue 20)', () => {
  test('the same file as writeTournamentFile, with a pause after every slice of 500 commands', async () => {
    vi.useRealTimers()
    const log: LoggedCommand[] = Array.from({ length: 1234 }, (_, seq) => ({
      seq,
      at: '2026-03-14T09:00:00.000Z',
      desk: 'desk-1',
      command: { type: 'addDivision', name: `Division ${seq} “Ñ”` },
    }))
    let pauses = 0
    const text = await backupContents('t-slices', log, '2026-03-14T18:00:00.000Z', async () => {
      pauses += 1
    })
    expect(text).toBe(writeTournamentFile('t-slices', log, '2026-03-14T18:00:00.000Z'))
    // The header, each slice and the close: the page gets a turn after each.
    expect(log.length).toBeGreaterThan(500)
    expect(pauses).toBe(2 + Math.ceil(log.length / 500))
  })

  test('the scheduler waits for a file built in slices before writing it', async () => {
    const { writes, scheduler } = setup()
    const snap = (commandCount: number): BackupSnapshot => ({
      tournamentId: 't-async',
      commandCount,
      contents: async () => {
        await Promise.resolve()
        return `async:${commandCount}`
      },
    })
    scheduler.changed(snap(1))
    scheduler.changed(snap(2))
    await scheduler.flush()
    expect(writes).toEqual([{ id: 't-async', contents: 'async:2' }])
  })
})
