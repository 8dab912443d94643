/**
 * Test support: the one suite both repositories must pass (Dexie on IndexedDB and the in-memory
 * twin), so the twin used by other tests can never drift from what the app stores. Called from
 * `dexie-repository.test.ts` and `memory-repository.test.ts`; not part of the app bundle.
 */
import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../../../shared/rules/presets'
import { fold } from '../../../shared/tournament/apply'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import type { LogHead, TournamentRepository, TournamentSummary } from './repository'
import { headOf, summarize } from './summary'

/** A tournament as the desk would have built it, with the summary after every prefix of its log. */
export interface LogFixture {
  readonly id: string
  readonly log: readonly LoggedCommand[]
  /** The command at `seq`; a fixture too short for its test is a bug in the test. */
  readonly entry: (seq: number) => LoggedCommand
  /** `summaryAfter(n)`: the stored summary once the first n commands are in the log (n ≥ 1). */
  readonly summaryAfter: (n: number) => TournamentSummary
}

const MINUTE = 60_000

/** What a window holds before a tournament's first command. */
const EMPTY_HEAD: LogHead = { last: null, generation: 0 }

/**
 * createTournament with the NSA 1995 preset, one division and `players` registrations, one command
 * every `stepMs` (a minute) from `startMs`.
 */
export function tournamentFixture(
  id: string,
  name: string,
  { players = 20, startMs = Date.UTC(2026, 2, 14, 9, 0), stepMs = MINUTE } = {},
): LogFixture {
  const commands: Command[] = [
    {
      type: 'createTournament',
      info: {
        name,
        venue: 'Civic Hall',
        startDate: '2026-03-14',
        endDate: '2026-03-15',
        rounds: 7,
      },
      rules: rulesFromPreset('nsa1995'),
    },
    { type: 'addDivision', name: 'A' },
    ...Array.from({ length: players }, (_, i): Command => ({
      type: 'registerPlayer',
      division: 'A',
      player: {
        name: `Player ${i + 1}`,
        // From 2000 down in steps of 37, again from the 51st player: a long field stays positive.
        rating: 2000 - (i % 50) * 37,
        memberId: `M${i + 1}`,
        club: '',
      },
    })),
  ]
  const log = commands.map((command, seq): LoggedCommand => ({
    seq,
    at: new Date(startMs + seq * stepMs).toISOString(),
    command,
  }))
  const entry = (seq: number): LoggedCommand => {
    const found = log[seq]
    if (!found) throw new Error(`Fixture ${id} has no command ${seq}.`)
    return found
  }
  return {
    id,
    log,
    entry,
    summaryAfter(n) {
      const state = fold(id, log.slice(0, n))
      if (!state.ok || !state.value) throw new Error(`Fixture ${id} does not fold at ${n}.`)
      return summarize(state.value, n, entry(n - 1).at)
    },
  }
}

/** Appends commands `from` up to (not including) `to` of a fixture, failing on any refusal. */
export async function writeLog(
  repository: TournamentRepository,
  fixture: LogFixture,
  { from = 0, to = fixture.log.length } = {},
): Promise<void> {
  for (const entry of fixture.log.slice(from, to)) {
    const head = await storedHead(repository, fixture.id)
    const written = await repository.append(
      fixture.id,
      entry,
      fixture.summaryAfter(entry.seq + 1),
      head,
    )
    expect(written).toEqual({ ok: true, value: undefined })
  }
}

/** The head of what is stored now: what a window that has just loaded the log holds. */
export async function storedHead(
  repository: TournamentRepository,
  tournamentId: string,
): Promise<LogHead> {
  const stored = await repository.loadStored(tournamentId)
  // The contract's own logs, stored whole: the shape is known here.
  return headOf((stored?.log ?? []) as readonly LoggedCommand[], stored?.generation ?? 0)
}

export function describeRepositoryContract(
  name: string,
  makeRepository: () => Promise<TournamentRepository>,
): void {
  describe(`${name} honours the repository contract`, () => {
    test('a new repository lists nothing and has no log for an unknown id', async () => {
      const repository = await makeRepository()
      expect(await repository.list()).toEqual([])
      expect(await repository.loadLog('no-such-tournament')).toBeUndefined()
    })

    test('a realistic log (create, division, 20 players) comes back whole and in order', async () => {
      const repository = await makeRepository()
      const event = tournamentFixture('t-spring', 'Spring Open')
      await writeLog(repository, event)

      const loaded = await repository.loadLog(event.id)
      expect(loaded).toEqual(event.log)
      expect(loaded?.map((e) => e.seq)).toEqual(event.log.map((_, i) => i))
      expect(await repository.list()).toEqual([event.summaryAfter(22)])

      const state = fold(event.id, loaded ?? [])
      expect(state.ok && state.value?.divisions[0]?.players.map((p) => p.id)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      )
    })

    test.each([
      { case: 'a seq past the end (a command went missing)', seq: 5 },
      { case: 'a seq already taken (another desk wrote first)', seq: 2 },
      { case: 'a seq before the start', seq: -1 },
    ])('append with $case is refused as storage.conflict and writes nothing', async ({ seq }) => {
      const repository = await makeRepository()
      const event = tournamentFixture('t-conflict', 'Conflict Cup')
      await writeLog(repository, event, { to: 3 })
      const listBefore = await repository.list()

      const entry = { ...event.entry(3), seq }
      const summary = { ...event.summaryAfter(4), commandCount: seq + 1 }
      const written = await repository.append(
        event.id,
        entry,
        summary,
        await storedHead(repository, event.id),
      )

      expect(written.ok).toBe(false)
      expect(!written.ok && written.error.code).toBe('storage.conflict')
      expect(await repository.loadLog(event.id)).toEqual(event.log.slice(0, 3))
      expect(await repository.list()).toEqual(listBefore)
    })

    test('a first command that is not seq 0 creates no tournament', async () => {
      const repository = await makeRepository()
      const event = tournamentFixture('t-late', 'Late Start')
      const written = await repository.append(event.id, event.entry(1), event.summaryAfter(2), {
        last: null,
        generation: 0,
      })
      expect(!written.ok && written.error.code).toBe('storage.conflict')
      expect(await repository.list()).toEqual([])
      expect(await repository.loadLog(event.id)).toBeUndefined()
    })

    test('a summary that does not match the log is a programmer error and writes nothing', async () => {
      const repository = await makeRepository()
      const event = tournamentFixture('t-bad-summary', 'Bad Summary')
      const other = tournamentFixture('t-other', 'Other')
      await expect(
        repository.append(
          event.id,
          event.entry(0),
          { ...event.summaryAfter(1), commandCount: 5 },
          EMPTY_HEAD,
        ),
      ).rejects.toThrow(/commands/)
      await expect(
        repository.append(event.id, event.entry(0), other.summaryAfter(1), EMPTY_HEAD),
      ).rejects.toThrow(/stored under/)
      expect(await repository.list()).toEqual([])
    })

    test('the list shows the most recently changed tournament first', async () => {
      const repository = await makeRepository()
      const hour = 60 * MINUTE
      const base = Date.UTC(2026, 0, 10, 9, 0)
      // Older's commands come every 90 minutes: its first three end at base + 1h, its fourth
      // (base + 2h30) is later than anything else.
      const older = tournamentFixture('t-older', 'Older', {
        players: 2,
        startMs: base - 2 * hour,
        stepMs: 90 * MINUTE,
      })
      const middle = tournamentFixture('t-middle', 'Middle', { players: 2, startMs: base + hour })
      const newer = tournamentFixture('t-newer', 'Newer', { players: 1, startMs: base + 2 * hour })
      // Written newest first, so insertion order cannot pass for date order.
      await writeLog(repository, newer)
      await writeLog(repository, older, { to: 3 })
      await writeLog(repository, middle)
      expect((await repository.list()).map((s) => s.id)).toEqual(['t-newer', 't-middle', 't-older'])

      await writeLog(repository, older, { from: 3 })
      const listed = await repository.list()
      expect(listed.map((s) => s.id)).toEqual(['t-older', 't-newer', 't-middle'])
      expect(listed[0]).toEqual(older.summaryAfter(4))
    })

    test('an append onto a last command other than the stored one is refused as storage.conflict', async () => {
      const repository = await makeRepository()
      const event = tournamentFixture('t-stale', 'Stale Desk')
      await writeLog(repository, event, { to: 4 })
      // A window that read the log at 3 commands and another whose 4th command differs.
      const stale = headOf(event.log.slice(0, 3), 0)
      const other = headOf([...event.log.slice(0, 3), { ...event.entry(3), at: 'elsewhere' }], 0)
      for (const head of [stale, other]) {
        const seq = head === stale ? 3 : 4
        const written = await repository.append(
          event.id,
          { ...event.entry(4), seq },
          { ...event.summaryAfter(5), commandCount: seq + 1 },
          head,
        )
        expect(!written.ok && written.error.code).toBe('storage.conflict')
      }
      expect(await repository.loadLog(event.id)).toEqual(event.log.slice(0, 4))
    })

    test('a replace starts a new generation: a window holding the old one is refused as storage.replaced', async () => {
      const repository = await makeRepository()
      const event = tournamentFixture('t-replaced', 'Replaced Open')
      await writeLog(repository, event, { to: 5 })
      const before = await storedHead(repository, event.id)
      expect(before.generation).toBe(0)
      // The same log from a file: same commands, yet a window must look again before writing.
      const replaced = await repository.importLog(
        event.id,
        event.log.slice(0, 5),
        event.summaryAfter(5),
        {
          replace: true,
        },
      )
      expect(replaced).toEqual({ ok: true, value: { generation: 1 } })
      const written = await repository.append(
        event.id,
        event.entry(5),
        event.summaryAfter(6),
        before,
      )
      expect(!written.ok && written.error.code).toBe('storage.replaced')
      expect(await repository.loadStored(event.id)).toEqual({
        log: event.log.slice(0, 5),
        generation: 1,
      })
      const after = await repository.append(
        event.id,
        event.entry(5),
        event.summaryAfter(6),
        await storedHead(repository, event.id),
      )
      expect(after.ok).toBe(true)
      expect((await repository.loadStored(event.id))?.generation).toBe(1)
    })

    test('an undo is stored as a command: the log keeps both, and the desk is kept', async () => {
      const repository = await makeRepository()
      const event = tournamentFixture('t-undo', 'Undo Open', { players: 3 })
      await writeLog(repository, event)
      const undo: LoggedCommand = {
        seq: 5,
        at: event.entry(4).at,
        desk: 'desk-a',
        command: { type: 'undo', seq: 4 },
      }
      const written = await repository.append(
        event.id,
        undo,
        { ...event.summaryAfter(4), commandCount: 6 },
        await storedHead(repository, event.id),
      )
      expect(written.ok).toBe(true)
      expect(await repository.loadLog(event.id)).toEqual([...event.log, undo])
    })

    test.each([
      { case: 'after the last command: nothing new', afterSeq: 21, from: 22 },
      { case: 'after seq 18: the last three', afterSeq: 18, from: 19 },
      { case: 'after -1: the whole log', afterSeq: -1, from: 0 },
      { case: 'after a seq past the end: nothing', afterSeq: 40, from: 22 },
    ])('readFrom $case, with the generation', async ({ afterSeq, from }) => {
      const repository = await makeRepository()
      const event = tournamentFixture('t-tail', 'Tail Open')
      await writeLog(repository, event)
      const other = tournamentFixture('t-tail-other', 'Other Open', { players: 30 })
      await writeLog(repository, other)

      expect(await repository.readFrom(event.id, afterSeq)).toEqual({
        log: event.log.slice(from),
        generation: 0,
      })
    })

    test.each([
      { case: 'inside the first stretch', afterSeq: 100 },
      { case: 'just before a stretch of 256 ends', afterSeq: 254 },
      { case: 'on the last command of a stretch of 256', afterSeq: 255 },
      { case: 'on the first command of the second stretch', afterSeq: 256 },
      { case: 'past the second stretch', afterSeq: 515 },
      { case: 'on the last command', afterSeq: 519 },
    ])(
      'a 520-command log, imported then appended across 512: readFrom $case is its tail',
      async ({ afterSeq }) => {
        const repository = await makeRepository()
        const event = tournamentFixture('t-long', 'Long Open', { players: 518 })
        expect(event.log).toHaveLength(520)
        const imported = await repository.importLog(
          event.id,
          event.log.slice(0, 510),
          event.summaryAfter(510),
          { replace: false },
        )
        expect(imported.ok).toBe(true)
        await writeLog(repository, event, { from: 510 })

        expect(await repository.loadLog(event.id)).toEqual(event.log)
        expect(await repository.readFrom(event.id, afterSeq)).toEqual({
          log: event.log.slice(afterSeq + 1),
          generation: 0,
        })
      },
    )

    test('a log of exactly 512 commands grows by one and comes back whole', async () => {
      const repository = await makeRepository()
      const event = tournamentFixture('t-exact', 'Exact Open', { players: 511 })
      await repository.importLog(event.id, event.log.slice(0, 512), event.summaryAfter(512), {
        replace: false,
      })
      await writeLog(repository, event, { from: 512 })
      expect(await repository.loadLog(event.id)).toEqual(event.log)
      expect(await repository.readFrom(event.id, 511)).toEqual({
        log: event.log.slice(512),
        generation: 0,
      })
    })

    test('readFrom: an unknown id is undefined, a replaced log says its new generation', async () => {
      const repository = await makeRepository()
      expect(await repository.readFrom('no-such-tournament', -1)).toBeUndefined()
      const event = tournamentFixture('t-tail-replaced', 'Replaced Tail')
      await writeLog(repository, event, { to: 6 })
      await repository.importLog(event.id, event.log.slice(0, 4), event.summaryAfter(4), {
        replace: true,
      })
      expect(await repository.readFrom(event.id, 2)).toEqual({
        log: event.log.slice(3, 4),
        generation: 1,
      })
      // A copy, as loadStored gives: changing it changes nothing stored.
      const tail = await repository.readFrom(event.id, 2)
      ;(tail?.log[0] as { seq: number }).seq = 99
      expect((await repository.readFrom(event.id, 2))?.log).toEqual(event.log.slice(3, 4))
    })

    test('remove deletes a tournament and its whole log, and no other', async () => {
      const repository = await makeRepository()
      const gone = tournamentFixture('t-gone', 'Cancelled Cup')
      const kept = tournamentFixture('t-kept', 'Kept Classic', { startMs: Date.UTC(2026, 4, 1) })
      await writeLog(repository, gone)
      await writeLog(repository, kept)

      await repository.remove(gone.id)
      expect(await repository.loadLog(gone.id)).toBeUndefined()
      expect(await repository.list()).toEqual([kept.summaryAfter(22)])
      expect(await repository.loadLog(kept.id)).toEqual(kept.log)

      // Nothing of the old log lingers under the id: a new tournament may reuse it from seq 0.
      await writeLog(repository, gone, { to: 2 })
      expect(await repository.loadLog(gone.id)).toEqual(gone.log.slice(0, 2))
    })

    test('two tournaments written in turns keep separate logs', async () => {
      const repository = await makeRepository()
      const north = tournamentFixture('t-north', 'North', { players: 6 })
      const south = tournamentFixture('t-south', 'South', {
        players: 9,
        startMs: Date.UTC(2026, 2, 14, 9, 0, 30),
      })
      for (let seq = 0; seq < south.log.length; seq++) {
        for (const event of [north, south]) {
          const entry = event.log[seq]
          if (!entry) continue
          const written = await repository.append(
            event.id,
            entry,
            event.summaryAfter(seq + 1),
            await storedHead(repository, event.id),
          )
          expect(written.ok).toBe(true)
        }
      }
      expect(await repository.loadLog(north.id)).toEqual(north.log)
      expect(await repository.loadLog(south.id)).toEqual(south.log)
      expect(await repository.list()).toEqual([south.summaryAfter(11), north.summaryAfter(8)])
    })

    test('importLog stores a whole log and its summary at once', async () => {
      const repository = await makeRepository()
      const event = tournamentFixture('t-imported', 'Imported Open')
      const stored = await repository.importLog(event.id, event.log, event.summaryAfter(22), {
        replace: false,
      })
      expect(stored).toEqual({ ok: true, value: { generation: 0 } })
      expect(await repository.loadLog(event.id)).toEqual(event.log)
      expect(await repository.list()).toEqual([event.summaryAfter(22)])
      // The desk carries on from the imported log.
      const next = { ...event.entry(21), seq: 22 }
      const appended = await repository.append(
        event.id,
        next,
        { ...event.summaryAfter(22), commandCount: 23 },
        await storedHead(repository, event.id),
      )
      expect(appended.ok).toBe(true)
    })

    test('importLog over a stored tournament is refused with storage.exists unless replacing', async () => {
      const repository = await makeRepository()
      const event = tournamentFixture('t-taken', 'Taken Cup')
      await writeLog(repository, event)
      const shorter = event.log.slice(0, 5)

      const refused = await repository.importLog(event.id, shorter, event.summaryAfter(5), {
        replace: false,
      })
      expect(!refused.ok && refused.error.code).toBe('storage.exists')
      expect(await repository.loadLog(event.id)).toEqual(event.log)
      expect(await repository.list()).toEqual([event.summaryAfter(22)])

      // Confirmed: the shorter log replaces the whole old one, nothing of it lingers.
      const replaced = await repository.importLog(event.id, shorter, event.summaryAfter(5), {
        replace: true,
      })
      expect(replaced.ok).toBe(true)
      expect(await repository.loadLog(event.id)).toEqual(shorter)
      expect(await repository.list()).toEqual([event.summaryAfter(5)])
    })

    test.each([
      { case: 'an empty log', log: (): LoggedCommand[] => [], count: 0, error: /empty log/ },
      {
        case: 'a log with a gap',
        log: (f: LogFixture) => [f.entry(0), f.entry(2)],
        count: 2,
        error: /carries seq 2/,
      },
    ])(
      'importLog of $case is a programmer error and writes nothing',
      async ({ log, count, error }) => {
        const repository = await makeRepository()
        const event = tournamentFixture('t-broken-import', 'Broken')
        await expect(
          repository.importLog(
            event.id,
            log(event),
            { ...event.summaryAfter(1), commandCount: count },
            { replace: true },
          ),
        ).rejects.toThrow(error)
        expect(await repository.list()).toEqual([])
      },
    )

    test('what a caller gets back is a copy: changing it changes nothing stored', async () => {
      const repository = await makeRepository()
      const event = tournamentFixture('t-copy', 'Copy Cup', { players: 1 })
      const entry = structuredClone(event.entry(0))
      await repository.append(event.id, entry, event.summaryAfter(1), EMPTY_HEAD)
      // The caller's own objects, changed after the write...
      ;(entry as { at: string }).at = 'changed'

      const loaded = (await repository.loadLog(event.id)) ?? []
      ;(loaded as LoggedCommand[]).push(event.entry(1))
      ;(loaded[0] as { seq: number }).seq = 99
      const listed = await repository.list()
      ;(listed[0] as { name: string }).name = 'changed'

      expect(await repository.loadLog(event.id)).toEqual(event.log.slice(0, 1))
      expect(await repository.list()).toEqual([event.summaryAfter(1)])
    })
  })
}
