import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { LOG_VERSION } from '../../../shared/tournament/log-version'
import { createMemoryRepository } from '../db/memory-repository'
import { storedHead } from '../db/repository-contract'
import type { TournamentRepository } from '../db/repository'
import { setRepository } from './repository'
import { useTournamentStore } from './tournament'
import { useTournamentsStore } from './tournaments'

const INFO = {
  name: 'Kuala Lumpur Open',
  venue: 'Wisma MSA',
  startDate: '2026-12-12',
  endDate: '2026-12-13',
  rounds: 10,
}

let repo: TournamentRepository

beforeEach(() => {
  repo = createMemoryRepository()
  setRepository(repo)
  setActivePinia(createPinia())
})

/** A second window or a restarted app: a new Pinia over the same stored log. */
function reopened() {
  setActivePinia(createPinia())
  return useTournamentStore()
}

describe('the tournament store stores exactly what the rules engine accepts', () => {
  test('a created tournament with players reopens with the same state', async () => {
    const store = useTournamentStore()
    const created = await store.create(INFO, 'msa')
    expect(created.ok).toBe(true)
    await store.dispatch({ type: 'addDivision', name: 'A' })
    await store.registerPlayer('A', { name: 'Tan, Ah Kow', rating: '1850', memberId: 'M1' })
    await store.registerPlayer('A', { name: 'Lim, Mei', rating: '', club: 'Penang' })

    const again = reopened()
    expect(await again.open(store.tournamentId!)).toBe(true)
    expect(again.state).toEqual(store.state)
    expect(again.log).toHaveLength(4)
    expect(again.state?.rules.preset).toBe('msa')
  })

  test('a refused command is not stored and the state does not move', async () => {
    const store = useTournamentStore()
    await store.create(INFO, 'nsa1995')
    await store.dispatch({ type: 'addDivision', name: 'A' })
    const before = store.state
    const refused = await store.registerPlayer('A', { name: 'Kim, Jo', rating: '-3' })
    expect(refused).toMatchObject({ ok: false, error: { code: 'player.rating.negative' } })
    expect(store.state).toBe(before)
    expect(await repo.loadLog(store.tournamentId!)).toHaveLength(2)
  })

  test('commands given faster than they are stored are applied in order, none lost', async () => {
    const store = useTournamentStore()
    await store.create(INFO, 'nsa1995')
    await store.dispatch({ type: 'addDivision', name: 'A' })
    const names = Array.from({ length: 15 }, (_, i) => `Player ${String.fromCharCode(65 + i)}`)
    const outcomes = await Promise.all(
      names.map((name) => store.registerPlayer('A', { name, rating: '1500' })),
    )
    expect(outcomes.every((o) => o.ok)).toBe(true)
    const stored = reopened()
    await stored.open(store.tournamentId!)
    expect(stored.state?.divisions[0]?.players.map((p) => [p.id, p.name])).toEqual(
      names.map((name, i) => [i + 1, name]),
    )
  })

  test('a same-name check asked before the first registration is stored still sees it (a fast second Enter)', async () => {
    const store = useTournamentStore()
    await store.create(INFO, 'nsa1995')
    await store.dispatch({ type: 'addDivision', name: 'A' })
    const first = store.registerPlayer('A', { name: 'Oshodi, Sunday', rating: '1800' })
    const same = await store.playersNamed('A', 'oshodi,  sunday')
    expect(same.map((p) => p.name)).toEqual(['Oshodi, Sunday'])
    expect((await first).ok).toBe(true)
  })

  test('when another window wrote first, the store refuses and shows the stored truth', async () => {
    const mine = useTournamentStore()
    await mine.create(INFO, 'nsa1995')
    await mine.dispatch({ type: 'addDivision', name: 'A' })
    const id = mine.tournamentId!

    const other = reopened()
    await other.open(id)
    await other.dispatch({ type: 'addDivision', name: 'B' })

    setActivePinia(createPinia())
    const stale = useTournamentStore()
    await stale.open(id)
    // Make this window stale: the other one appends again after we loaded.
    await repo.append(
      id,
      { seq: 3, at: '2026-12-12T09:00:00.000Z', command: { type: 'addDivision', name: 'C' } },
      {
        id,
        name: INFO.name,
        venue: INFO.venue,
        startDate: INFO.startDate,
        commandCount: 4,
        updatedAt: '2026-12-12T09:00:00.000Z',
      },
      await storedHead(repo, id),
    )
    const refused = await stale.dispatch({ type: 'addDivision', name: 'D' })
    expect(refused).toMatchObject({ ok: false, error: { code: 'storage.conflict' } })
    expect(stale.divisions.map((d) => d.name)).toEqual(['A', 'B', 'C'])
  })

  test('opening a tournament that does not exist says so', async () => {
    const store = useTournamentStore()
    expect(await store.open('no-such-id')).toBe(false)
    expect(store.loadError?.code).toBe('tournament.not-found')
  })

  test('the list shows tournaments and forgets a deleted one', async () => {
    const store = useTournamentStore()
    await store.create(INFO, 'nsa1995')
    await store.create({ ...INFO, name: 'Penang Open' }, 'msa')
    const list = useTournamentsStore()
    await list.refresh()
    expect(list.summaries.map((s) => s.name).sort()).toEqual(['Kuala Lumpur Open', 'Penang Open'])
    await list.remove(store.tournamentId!)
    expect(list.summaries.map((s) => s.name)).toEqual(['Kuala Lumpur Open'])
  })

  test('undo stores an undo command: the log keeps both and a reopened window agrees', async () => {
    const store = useTournamentStore()
    await store.create(INFO, 'msa')
    await store.dispatch({ type: 'addDivision', name: 'A' })
    await store.registerPlayer('A', { name: 'Tan, Ah Kow', rating: '1850' })
    const undone = await store.undo()
    expect(undone).toMatchObject({
      ok: true,
      value: { seq: 2, command: { type: 'registerPlayer' } },
    })
    expect(store.divisions[0]?.players).toEqual([])
    const stored = await repo.loadLog(store.tournamentId!)
    expect(stored?.map((e) => e.command.type)).toEqual([
      'createTournament',
      'addDivision',
      'registerPlayer',
      'undo',
    ])
    const again = reopened()
    await again.open(store.tournamentId!)
    expect(again.state).toEqual(store.state)

    const redone = await store.redo()
    expect(redone).toMatchObject({ ok: true, value: { seq: 2 } })
    expect(store.divisions[0]?.players.map((p) => p.name)).toEqual(['Tan, Ah Kow'])
    expect(await repo.loadLog(store.tournamentId!)).toHaveLength(5)
  })

  test('issue 20: undo and redo from the states a reopened window keeps give the whole log’s state', async () => {
    const store = useTournamentStore()
    await store.create(INFO, 'msa')
    await store.dispatch({ type: 'addDivision', name: 'A' })
    for (const name of ['Tan, Ah Kow', 'Lim, Mei', 'Ng, Siew', 'Wong, Kit']) {
      await store.registerPlayer('A', { name, rating: '1500' })
    }
    const id = store.tournamentId!
    const again = reopened()
    await again.open(id)
    // The reopened window folds its log again in slices while idle, keeping states along it.
    await new Promise((resolve) => setTimeout(resolve, 50))
    for (const [action, seq] of [
      ['undo', 5],
      ['undo', 3],
      ['redo', 5],
      ['undo', 2],
      ['redo', 3],
    ] as const) {
      const done = action === 'undo' ? await again.undo(seq) : await again.redo(seq)
      expect(done.ok).toBe(true)
      // A third window folds the whole stored log from its first command.
      const whole = reopened()
      await whole.open(id)
      expect(again.state).toEqual(whole.state)
    }
    expect(again.divisions[0]?.players.map((p) => p.name)).toEqual([
      'Lim, Mei',
      'Ng, Siew',
      'Wong, Kit',
    ])
  })

  test('an undo pressed right after a command undoes that command, not an earlier one', async () => {
    const store = useTournamentStore()
    await store.create(INFO, 'msa')
    const [, undone] = await Promise.all([
      store.dispatch({ type: 'addDivision', name: 'A' }),
      store.undo(),
      store.dispatch({ type: 'addDivision', name: 'B' }),
    ])
    expect(undone).toMatchObject({ ok: true, value: { command: { name: 'A' } } })
    expect(store.divisions.map((d) => d.name)).toEqual(['B'])
  })

  test("a desk's Undo never takes back another desk's newer command; naming it does", async () => {
    const deskA = useTournamentStore()
    await deskA.create(INFO, 'msa')
    const id = deskA.tournamentId!
    await deskA.dispatch({ type: 'addDivision', name: 'A' })
    const deskB = reopened()
    await deskB.open(id)
    await deskB.dispatch({ type: 'addDivision', name: 'B' })
    await deskA.refresh()

    const undone = await deskA.undo()
    expect(undone).toMatchObject({ ok: true, value: { command: { name: 'A' } } })
    expect(deskA.divisions.map((d) => d.name)).toEqual(['B'])
    // Desk A has nothing of its own left; B's division goes only when named.
    expect(await deskA.undo()).toMatchObject({ ok: false, error: { code: 'log.nothing-to-undo' } })
    expect((await deskA.undo(2)).ok).toBe(true)
    expect(deskA.divisions).toEqual([])
  })

  test('the creation is never undone: an undo cannot delete a tournament', async () => {
    const store = useTournamentStore()
    await store.create(INFO, 'msa')
    expect(await store.undo()).toMatchObject({ ok: false, error: { code: 'log.nothing-to-undo' } })
    expect(await store.undo(0)).toMatchObject({ ok: false, error: { code: 'undo.not-undoable' } })
    expect(await repo.loadLog(store.tournamentId!)).toHaveLength(1)
  })

  test('a change announced while a window is still opening is read, not taken for a replace (issue 21)', async () => {
    const first = useTournamentStore()
    await first.create(INFO, 'msa')
    const id = first.tournamentId!
    // The stored log in its second generation (a file opened over it), as a venue's log may be.
    const stored = (await repo.loadLog(id)) ?? []
    const again = await repo.importLog(id, stored, (await repo.list())[0]!, { replace: true })
    expect(again).toMatchObject({ ok: true, value: { generation: 1 } })
    // Reading takes a while, as IndexedDB does: the news arrives while the window is opening.
    const slow: TournamentRepository = {
      ...repo,
      loadStored: async (tid) => {
        await new Promise((resolve) => setTimeout(resolve, 20))
        return repo.loadStored(tid)
      },
    }
    setRepository(slow)
    const opening = reopened()
    const opened = opening.open(id)
    const refreshed = opening.refresh({ tournamentId: id, commandCount: 1, generation: 1 })
    expect(await opened).toBe(true)
    await refreshed
    expect(await opening.dispatch({ type: 'addDivision', name: 'A' })).toMatchObject({ ok: true })
    expect(opening.changedElsewhere).toBeNull()
  })

  test('a window that missed a replace from a file refuses its next entry, says what changed, then accepts', async () => {
    const mine = useTournamentStore()
    await mine.create(INFO, 'msa')
    await mine.dispatch({ type: 'addDivision', name: 'A' })
    const id = mine.tournamentId!
    const stored = (await repo.loadLog(id)) ?? []
    const fromFile = [
      ...stored.slice(0, 1),
      { seq: 1, at: '2026-12-12T10:00:00.000Z', command: { type: 'addDivision', name: 'Z' } },
    ] as const
    const replaced = await repo.importLog(
      id,
      fromFile,
      { ...(await repo.list())[0]!, commandCount: 2 },
      { replace: true },
    )
    expect(replaced.ok).toBe(true)

    const refused = await mine.dispatch({ type: 'addDivision', name: 'B' })
    expect(refused).toMatchObject({ ok: false, error: { code: 'storage.replaced' } })
    expect(!refused.ok && refused.error.message).toMatch(/replaced from a file.*Added division Z/)
    expect(mine.changedElsewhere).toMatchObject({ reason: 'replaced', dropped: 1 })
    expect(mine.divisions.map((d) => d.name)).toEqual(['Z'])
    expect((await mine.dispatch({ type: 'addDivision', name: 'B' })).ok).toBe(true)
    expect((await repo.loadLog(id))?.map((e) => e.seq)).toEqual([0, 1, 2])
  })

  test('a stored log that does not fold opens in recovery; cancelling the failing command opens it', async () => {
    const store = useTournamentStore()
    await store.create(INFO, 'msa')
    const id = store.tournamentId!
    const [first] = (await repo.loadLog(id)) ?? []
    // Made on purpose: the same division added twice, as two windows without the head check did.
    const twice = { type: 'addDivision', name: 'A' } as const
    const damaged = [
      first!,
      { seq: 1, at: '2026-12-12T10:00:00.000Z', command: twice },
      { seq: 2, at: '2026-12-12T10:00:01.000Z', command: twice },
      { seq: 3, at: '2026-12-12T10:00:02.000Z', command: { type: 'addDivision', name: 'B' } },
    ] as const
    await repo.importLog(
      id,
      damaged,
      { ...(await repo.list())[0]!, commandCount: 4 },
      { replace: true },
    )
    const again = reopened()
    expect(await again.open(id)).toBe(false)
    expect(again.broken).toMatchObject({ seq: 2, code: 'division.name.duplicate' })
    expect((await again.undo(2)).ok).toBe(true)
    expect(again.broken).toBeNull()
    expect(again.divisions.map((d) => d.name)).toEqual(['A', 'B'])
    expect((await repo.loadLog(id))?.at(-1)?.command).toEqual({ type: 'undo', seq: 2 })
  })

  test.each([
    [
      'a command of a type this version does not know (a newer copy wrote it)',
      { type: 'shuffleDivisions', division: 'A' },
      undefined,
      { seq: 2, kind: 'unknown', type: 'shuffleDivisions' },
    ],
    [
      'a command stamped by a newer Rackside',
      { type: 'addDivision', name: 'B' },
      99,
      { seq: 2, kind: 'newer', type: 'addDivision' },
    ],
    [
      'a damaged row: a command without its fields',
      { type: 'addDivision' },
      undefined,
      { seq: 2, kind: 'unreadable', type: 'addDivision' },
    ],
  ])(
    'issue 20: %s opens in recovery naming it, never throws',
    async (_, command, version, expected) => {
      const store = useTournamentStore()
      await store.create(INFO, 'msa')
      await store.dispatch({ type: 'addDivision', name: 'A' })
      const id = store.tournamentId!
      const stored = (await repo.loadLog(id)) ?? []
      const odd = {
        seq: 2,
        at: '2026-12-12T10:00:00.000Z',
        ...(version === undefined ? {} : { version }),
        command,
      } as unknown as LoggedCommand
      const after = {
        seq: 3,
        at: '2026-12-12T10:00:01.000Z',
        command: { type: 'addDivision', name: 'C' },
      } as const
      await repo.importLog(
        id,
        [...stored, odd, after],
        { ...(await repo.list())[0]!, commandCount: 4 },
        { replace: true },
      )
      const again = reopened()
      expect(await again.open(id)).toBe(false)
      expect(again.broken).toMatchObject(expected)
      expect(again.broken?.message).not.toBe('')
      // The readable commands are described; the whole stored log is kept for the export.
      expect(again.log).toHaveLength(2)
      expect(again.storedEntries).toHaveLength(4)
      // Nothing is written past a row that could not be read.
      const refused = await again.dispatch({ type: 'addDivision', name: 'D' })
      expect(refused.ok).toBe(false)
      expect(await repo.loadLog(id)).toHaveLength(4)
    },
  )

  test('issue 20: a window that follows another sees a future command arrive and opens recovery', async () => {
    const mine = useTournamentStore()
    await mine.create(INFO, 'msa')
    const id = mine.tournamentId!
    const summary = { ...(await repo.list())[0]!, commandCount: 2 }
    const future = {
      seq: 1,
      at: '2026-12-12T09:00:00.000Z',
      version: LOG_VERSION + 1,
      command: { type: 'addDivision', name: 'B' },
    }
    await repo.append(id, future as LoggedCommand, summary, await storedHead(repo, id))
    expect(await mine.refresh()).toBe(false)
    expect(mine.broken).toMatchObject({ seq: 1, kind: 'newer' })
  })

  test('issue 20: every command a window stores carries the log version that wrote it', async () => {
    const store = useTournamentStore()
    await store.create(INFO, 'msa')
    await store.dispatch({ type: 'addDivision', name: 'A' })
    await store.undo()
    const stored = (await repo.loadLog(store.tournamentId!)) ?? []
    expect(stored.map((e) => e.version)).toEqual([LOG_VERSION, LOG_VERSION, LOG_VERSION])
  })

  test('refresh reads what another window stored', async () => {
    const mine = useTournamentStore()
    await mine.create(INFO, 'msa')
    const id = mine.tournamentId!
    const other = reopened()
    await other.open(id)
    await other.dispatch({ type: 'addDivision', name: 'B' })
    setActivePinia(createPinia())
    const third = useTournamentStore()
    await third.open(id)
    await repo.append(
      id,
      { seq: 2, at: '2026-12-12T09:00:00.000Z', command: { type: 'addDivision', name: 'C' } },
      {
        id,
        name: INFO.name,
        venue: INFO.venue,
        startDate: INFO.startDate,
        commandCount: 3,
        updatedAt: '2026-12-12T09:00:00.000Z',
      },
      await storedHead(repo, id),
    )
    expect(await third.refresh()).toBe(true)
    expect(third.divisions.map((d) => d.name)).toEqual(['B', 'C'])
  })

  test('refresh notices a log of the same length that changed elsewhere (an undo, then a command)', async () => {
    const mine = useTournamentStore()
    await mine.create(INFO, 'msa')
    await mine.dispatch({ type: 'addDivision', name: 'A' })
    const id = mine.tournamentId!
    const other = reopened()
    await other.open(id)
    await other.undo(1)
    await other.dispatch({ type: 'addDivision', name: 'B' })
    setActivePinia(createPinia())
    expect(mine.divisions.map((d) => d.name)).toEqual(['A'])
    expect(await mine.refresh()).toBe(true)
    expect(mine.divisions.map((d) => d.name)).toEqual(['B'])
  })

  test('issue 19: refresh reads only the commands after the last one held; an undo refolds', async () => {
    const desk = useTournamentStore()
    await desk.create(INFO, 'msa')
    const id = desk.tournamentId!
    await desk.dispatch({ type: 'addDivision', name: 'A' })
    const projector = reopened()
    await projector.open(id)
    const asked: string[] = []
    const spied: TournamentRepository = {
      ...repo,
      loadStored: (tournamentId) => (asked.push('whole'), repo.loadStored(tournamentId)),
      readFrom: (tournamentId, afterSeq) => (
        asked.push(`after ${afterSeq}`),
        repo.readFrom(tournamentId, afterSeq)
      ),
    }
    setRepository(spied)
    setActivePinia(createPinia())
    await desk.registerPlayer('A', { name: 'Tan, Ah Kow', rating: '1850' })
    await desk.registerPlayer('A', { name: 'Lim, Mei', rating: '1700' })
    expect(await projector.refresh()).toBe(true)
    expect(asked).toEqual(['after 0'])
    expect(projector.state).toEqual(desk.state)

    await desk.undo()
    expect(await projector.refresh()).toBe(true)
    expect(asked).toEqual(['after 0', 'after 2'])
    expect(projector.state?.divisions[0]?.players.map((p) => p.name)).toEqual(['Tan, Ah Kow'])
    expect(projector.state).toEqual(desk.state)
  })

  test('issue 20: a log just stored whole is adopted with its state, not read back, and the desk carries on', async () => {
    const mine = useTournamentStore()
    await mine.create(INFO, 'msa')
    await mine.dispatch({ type: 'addDivision', name: 'A' })
    const id = mine.tournamentId!
    const first = (await repo.loadLog(id)) ?? []
    const fromFile = [
      ...first,
      { seq: 2, at: '2026-12-12T10:00:00.000Z', command: { type: 'addDivision', name: 'B' } },
    ] as const
    const folded = reopened()
    const summary = { ...(await repo.list())[0]!, commandCount: 3 }
    const stored = await repo.importLog(id, fromFile, summary, { replace: true })
    if (!stored.ok) throw new Error(stored.error.message)
    expect(await folded.open(id)).toBe(true)

    const opener = reopened()
    const reads = vi.spyOn(repo, 'loadStored')
    opener.adopt({ tournamentId: id, log: fromFile, state: folded.state! }, stored.value.generation)
    expect(await opener.open(id)).toBe(true)
    expect(reads).not.toHaveBeenCalled()
    expect(opener.state).toEqual(folded.state)
    expect(opener.generation).toBe(1)
    // The adopted head is the stored one: the next command is appended, not refused.
    expect((await opener.dispatch({ type: 'addDivision', name: 'C' })).ok).toBe(true)
    expect((await repo.loadLog(id))?.map((e) => e.seq)).toEqual([0, 1, 2, 3])
  })
})
