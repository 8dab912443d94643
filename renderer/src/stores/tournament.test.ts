import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, test } from 'vitest'
import { createMemoryRepository } from '../db/memory-repository'
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

  test('undo removes the last stored command and a reopened window agrees', async () => {
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
    expect(await repo.loadLog(store.tournamentId!)).toHaveLength(2)
    const again = reopened()
    await again.open(store.tournamentId!)
    expect(again.state).toEqual(store.state)
    expect((await repo.list())[0]?.commandCount).toBe(2)
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

  test('undoing the creation deletes the tournament; an empty log has nothing to undo', async () => {
    const store = useTournamentStore()
    await store.create(INFO, 'msa')
    const id = store.tournamentId!
    expect((await store.undo()).ok).toBe(true)
    expect(store.state).toBeUndefined()
    expect(await repo.loadLog(id)).toBeUndefined()
    expect(await store.undo()).toMatchObject({ ok: false, error: { code: 'log.empty' } })
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
    await other.undo()
    await other.dispatch({ type: 'addDivision', name: 'B' })
    setActivePinia(createPinia())
    expect(mine.divisions.map((d) => d.name)).toEqual(['A'])
    expect(await mine.refresh()).toBe(true)
    expect(mine.divisions.map((d) => d.name)).toEqual(['B'])
  })
})
