import { spawnSync } from 'node:child_process'
import { appendFile, readFile, writeFile } from 'node:fs/promises'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { headOfLog, type DeskIdentity, type Proposal } from '../../shared/authority/proposal'
import type { Command } from '../../shared/tournament/commands'
import { openAuthority, type AuthorityHost } from './authority-host'
import { journalPath } from './journal'
import { lockPath } from './lock'
import { fileHandlePrototype } from './test-support/file-handles'
import { logDatabase } from '../../shared/venue/protocol'
import { writeTournamentFile } from '../../shared/formats/tournament-file'
import { ID, logOf } from '../../shared/tournament/test-support/event'
import {
  EVENT_COMMANDS,
  EVENT_LOG,
  eventFile,
  resultAt,
  SAVED_AT,
} from './test-support/venue-event'

const DESK: DeskIdentity = { id: 'd1', role: 'desk' }
const DIRECTOR: DeskIdentity = { id: 'director', role: 'director' }
const clock = () => new Date('2026-03-14T10:00:00.000Z')

async function opened(path: string): Promise<AuthorityHost> {
  const result = await openAuthority(path)
  if (!result.ok) throw new Error(result.error.message)
  return result.value.host
}

function proposalOf(host: AuthorityHost, id: string, command: Command, desk = DESK): Proposal {
  return { proposalId: id, desk, builtOn: headOfLog(host.state().log), command }
}

describe('the authority host (issue 21: "the authority\'s store syncs to disk before it answers")', () => {
  test('each decision is in the journal when its answer comes back', async () => {
    const path = await eventFile()
    const host = await opened(path)
    const decision = await host.propose(proposalOf(host, 'p0', resultAt(1)), clock, 0)
    expect(decision.kind).toBe('accepted')
    const lines = (await readFile(journalPath(path), 'utf8')).trim().split('\n')
    expect(lines.map((l) => JSON.parse(l) as unknown)).toMatchObject([
      { kind: 'accepted', entry: { seq: EVENT_LOG.length, proposal: 'p0', desk: 'd1' }, order: 0 },
    ])
    await host.abandon()
  })

  test('a refused proposal re-sent after a restart gets its first answer, though the log would now take it', async () => {
    const path = await eventFile()
    const first = await opened(path)
    await first.propose(proposalOf(first, 'p0', resultAt(1)), clock, 0)
    // Table 1 again: refused, it has a result.
    const clash = proposalOf(first, 'p1', resultAt(1, 200, 300))
    const refused = await first.propose(clash, clock, 1)
    expect(refused.kind).toBe('refused')
    // The director takes p0 back: p1 alone would now be accepted.
    const undo = await first.propose(
      proposalOf(first, 'u', { type: 'undo', seq: EVENT_LOG.length }, DIRECTOR),
      clock,
    )
    expect(undo.kind).toBe('accepted')
    await first.close(clock)

    const second = await opened(path)
    expect(second.nextOrder('d1')).toBe(2)
    const again = await second.propose(clash, clock, 1)
    expect(again).toEqual(refused)
    expect(second.state().log.length).toBe(EVENT_LOG.length + 2)
    await second.close(clock)
    await expect(readFile(journalPath(path))).rejects.toThrow(/ENOENT/)
  })

  test('a last journal line cut by a crash is dropped with a note, and the journal cut back to whole lines', async () => {
    const path = await eventFile()
    const first = await opened(path)
    await first.propose(proposalOf(first, 'p0', resultAt(1)), clock, 0)
    await first.abandon()
    await appendFile(journalPath(path), '{"kind":"accepted","entry":{"seq":')
    const reopened = await openAuthority(path)
    if (!reopened.ok) throw new Error(reopened.error.message)
    expect(reopened.value.crashed).toBe(true)
    expect(reopened.value.notes).toEqual([
      expect.stringMatching(/the last line \(2\) was cut short by a crash and is dropped/),
    ])
    const host = reopened.value.host
    expect(host.state().log.length).toBe(EVENT_LOG.length + 1)
    await host.propose(proposalOf(host, 'p1', resultAt(2)), clock, 1)
    await host.abandon()
    const again = await opened(path)
    expect(
      again
        .state()
        .log.map((e) => e.proposal)
        .filter(Boolean),
    ).toEqual(['p0', 'p1'])
    await again.abandon()
  })

  test.each([
    [
      'a damaged line before the last',
      async (path: string) => writeFile(journalPath(path), 'not json\n{"kind":"accepted"}\n'),
      /EVENT\.json\.journal, line 1: not a journal line \(not JSON\); the journal is damaged/,
    ],
    [
      'an empty EVENT.json',
      async (path: string) => writeFile(path, ''),
      /EVENT\.json:1: not a Rackside tournament file: the JSON is damaged or cut short at line 1/,
    ],
    [
      'not a tournament file',
      async (path: string) => writeFile(path, '{"format":"something-else"}'),
      /EVENT\.json:1: not a Rackside tournament file: "format" is string "something-else"/,
    ],
  ])('%s: refused, naming the file and the problem', async (_what, damage, message) => {
    const path = await eventFile()
    await damage(path)
    const result = await openAuthority(path)
    expect(result.ok ? 'opened' : result.error.message).toMatch(message)
  })

  const ENTRY = JSON.stringify({ seq: EVENT_LOG.length, at: SAVED_AT, command: resultAt(3) })
  test.each([
    [
      'an accepted line without its entry',
      '{"kind":"accepted"}',
      'an accepted line without its entry',
    ],
    [
      'an entry that is no object',
      '{"kind":"accepted","entry":7}',
      'its entry: entry should be an object',
    ],
    [
      'an entry without its command',
      `{"kind":"accepted","entry":{"seq":${String(EVENT_LOG.length)},"at":"${SAVED_AT}"}}`,
      'its entry: entry.command',
    ],
    [
      'a refused line without its error',
      '{"kind":"refused","proposal":"p","desk":"d","at":"x"}',
      'a refused line without',
    ],
    ['another kind', '{"kind":"maybe"}', 'not a journal line (no kind "accepted" or "refused")'],
    [
      'an order that is no number',
      `{"kind":"accepted","entry":${ENTRY},"order":"x"}`,
      '"order" is not a whole number',
    ],
  ])(
    'issue 28: %s in the journal is refused naming the file and line, and the event is not left locked',
    async (_what, damaged, why) => {
      const path = await eventFile()
      await writeFile(journalPath(path), `{"kind":"accepted","entry":${ENTRY}}\n${damaged}\n`)
      const result = await openAuthority(path)
      expect(result.ok ? 'opened' : result.error.code).toBe('venue.journal-damaged')
      expect(result.ok ? '' : result.error.message).toContain(`EVENT.json.journal, line 2: ${why}`)
      await expect(readFile(lockPath(path))).rejects.toThrow(/ENOENT/)
    },
  )

  test('issue 28: a journal whose lines are whole still opens (the checks refuse only damage)', async () => {
    const path = await eventFile()
    await writeFile(journalPath(path), `{"kind":"accepted","entry":${ENTRY},"order":0}\n`)
    const host = await opened(path)
    expect(host.state().log.length).toBe(EVENT_LOG.length + 1)
    await host.abandon()
  })

  test('one authority per file: a second is refused while the first runs; a lock left by a dead process is taken over', async () => {
    const path = await eventFile()
    const first = await opened(path)
    const second = await openAuthority(path)
    expect(second.ok ? 'opened' : second.error.code).toBe('venue.locked')
    await first.close(clock)
    const dead = spawnSync(process.execPath, ['-e', '']).pid
    await writeFile(lockPath(path), `${String(dead)}\n`)
    const third = await opened(path)
    await third.close(clock)
    await expect(readFile(lockPath(path))).rejects.toThrow(/ENOENT/)
  })

  test('a missing file is named', async () => {
    const result = await openAuthority('/nonexistent/EVENT.json')
    expect(result.ok ? 'opened' : result.error.message).toBe(
      'cannot read /nonexistent/EVENT.json: no such file',
    )
  })

  test('closing while a proposal waits for the recovery: it is dropped, not decided, and the file saved', async () => {
    const path = await eventFile()
    const host = await opened(path)
    host.setMode({ kind: 'recovering' })
    const waiting = host.propose(proposalOf(host, 'p0', resultAt(1)), clock, 0)
    const saved = await host.close(clock)
    expect(saved.commands).toBe(EVENT_LOG.length)
    await expect(waiting).rejects.toThrow(/stopping/)
  })

  test('while recovering, proposals wait; once behind, they are refused with venue.behind', async () => {
    const path = await eventFile()
    const host = await opened(path)
    host.setMode({ kind: 'recovering' })
    const waiting = host.propose(proposalOf(host, 'p0', resultAt(1)), clock, 0)
    let answered = false
    void waiting.then(() => (answered = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(answered).toBe(false)
    host.setMode({ kind: 'behind', desk: 'Desk 2', deskHeld: 99 })
    const decision = await waiting
    expect(decision.kind === 'refused' && decision.error.code).toBe('venue.behind')
    expect(host.state().log.length).toBe(EVENT_LOG.length)
    await host.abandon()
  })
})

describe('another log under the same event starts a new generation (issue 21: "opening a file starts a new log"; nothing is deleted)', () => {
  async function generationAfter(change: (path: string) => Promise<void>): Promise<number[]> {
    const path = await eventFile()
    const first = await opened(path)
    await first.propose(proposalOf(first, 'p0', resultAt(1)), clock, 0)
    const before = first.venue().generation
    await first.close(clock)
    await change(path)
    const second = await opened(path)
    const after = second.venue().generation
    await second.abandon()
    return [before, after]
  }

  test.each([
    ['the saved log itself, restarted', async () => undefined, false],
    [
      'a file holding another log of the same tournament (a backup of before the result, then another result)',
      async (path: string) => {
        const other = logOf([...EVENT_COMMANDS, resultAt(2)])
        await writeFile(path, writeTournamentFile(ID, other, SAVED_AT))
      },
      true,
    ],
    [
      'issue 27: an older copy of the same log (a backup of before the result)',
      async (path: string) => {
        await writeFile(path, writeTournamentFile(ID, EVENT_LOG, SAVED_AT))
      },
      true,
    ],
  ])('%s', async (_name, change, bumped) => {
    const [before, after] = await generationAfter(change)
    expect(after).toBe(bumped ? (before ?? 0) + 1 : before)
  })
})

describe('a fresh start never reuses another laptop’s databases (issue 27: the online copy as a new generation)', () => {
  test('with no desks file, the generation is neither 1 nor the one another laptop started with on the same copy', async () => {
    const dead = await eventFile()
    const copy = await eventFile()
    const first = await opened(dead)
    const second = await opened(copy)
    const generations = [first.venue().generation, second.venue().generation]
    await Promise.all([first.abandon(), second.abandon()])
    expect(generations).not.toContain(1)
    expect(generations[0]).not.toBe(generations[1])
    for (const generation of generations) expect(Number.isSafeInteger(generation)).toBe(true)
    expect(logDatabase({ tournamentId: ID, generation: generations[0] ?? 0 })).toMatch(
      /^log-[a-z0-9-]+-g\d+$/,
    )
  })
})

describe('group commit (issue 27, speed row: "20 results a second decided and journaled")', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  test('issue 27: decisions that queue while a flush runs share the next flush, answered in order', async () => {
    const path = await eventFile()
    const host = await opened(path)
    const flush = vi.spyOn(await fileHandlePrototype(), 'datasync')
    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        host.propose(proposalOf(host, `p${String(i)}`, resultAt(i + 1)), clock, i),
      ),
    )
    // One flush per decision before group commit: 20.
    expect(flush.mock.calls.length).toBeLessThanOrEqual(3)
    expect(decisions.map((d) => (d.kind === 'accepted' ? d.entry.seq : -1))).toEqual(
      Array.from({ length: 20 }, (_, i) => EVENT_LOG.length + i),
    )
    expect(host.state().log.length).toBe(EVENT_LOG.length + 20)
    expect(host.nextOrder('d1')).toBe(20)
    await host.abandon()
  })

  test('issue 21: a crash between flushes loses no answered decision, and none is answered before its flush', async () => {
    const path = await eventFile()
    const host = await opened(path)
    const proto = await fileHandlePrototype()
    const datasync = proto.datasync
    let flushes = 0
    // The first flush goes through; the next is held, and the authority dies while it waits.
    const never = new Promise<void>(() => undefined)
    vi.spyOn(proto, 'datasync').mockImplementation(async function (this: unknown) {
      flushes += 1
      if (flushes > 1) await never
      return datasync.call(this)
    })
    const answered: string[] = []
    const proposals = Array.from({ length: 10 }, (_, i) => {
      const id = `p${String(i)}`
      return host.propose(proposalOf(host, id, resultAt(i + 1)), clock, i).then(
        () => answered.push(id),
        () => undefined,
      )
    })
    await vi.waitFor(() => {
      expect(flushes).toBe(2)
    })
    await new Promise((resolve) => setImmediate(resolve))
    // Those answered were in the first flush; the held flush's decisions are not answered.
    expect(answered.length).toBeGreaterThan(0)
    expect(answered.length).toBeLessThan(10)
    expect(host.state().log.length).toBe(EVENT_LOG.length + answered.length)
    await host.abandon()
    vi.restoreAllMocks()

    const again = await opened(path)
    const held = new Set(again.state().log.map((entry) => entry.proposal))
    for (const id of answered) expect(held).toContain(id)
    await again.abandon()
    void proposals
  })
})
