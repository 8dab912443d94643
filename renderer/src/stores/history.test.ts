import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, test } from 'vitest'
import { describeLog } from '../../../shared/tournament/describe'
import { createMemoryRepository } from '../db/memory-repository'
import { formatClockTime } from '../format'
import { useHistoryStore } from './history'
import { setRepository } from './repository'
import { useTournamentStore } from './tournament'

beforeEach(() => {
  setRepository(createMemoryRepository())
  setActivePinia(createPinia())
})

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

async function settled(history: ReturnType<typeof useHistoryStore>) {
  for (let i = 0; i < 50 && !history.lines().fresh; i++) await nextTask()
  return history.lines()
}

describe('History lines described after the screen shows, then from new commands on (issue 33)', () => {
  test('not in the task that asks; then every command, newest first, as describeLog says', async () => {
    const tournament = useTournamentStore()
    await tournament.create(
      {
        name: 'Spring Open',
        venue: 'Hall',
        startDate: '2026-03-14',
        endDate: '2026-03-14',
        rounds: 3,
      },
      'nsa1995',
    )
    await tournament.dispatch({ type: 'addDivision', name: 'A' })
    const history = useHistoryStore()
    expect(history.lines()).toEqual({ entries: [], fresh: false })
    const expected = () =>
      describeLog(tournament.tournamentId ?? '', tournament.log, { timeOfDay: formatClockTime })
        .slice()
        .reverse()
    expect((await settled(history)).entries).toEqual(expected())

    await tournament.registerPlayer('A', { name: 'Ann', rating: '1739' })
    await tournament.undo(2)
    // The lines shown meanwhile are the last described, marked not fresh.
    expect(history.lines().fresh).toBe(false)
    const after = await settled(history)
    expect(after.entries).toEqual(expected())
    expect(after.entries[1]?.undoneBy).toBe(3)
  })
})
