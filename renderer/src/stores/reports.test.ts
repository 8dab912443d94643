import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { prizesReport } from '../../../shared/reports/prizes'
import { createMemoryRepository } from '../db/memory-repository'
import { setRepository } from './repository'
import { useReportsStore } from './reports'
import { useTournamentStore } from './tournament'

const INFO = {
  name: 'Spring Open',
  venue: 'Civic Hall',
  startDate: '2026-03-14',
  endDate: '2026-03-14',
  rounds: 3,
}

beforeEach(() => {
  setRepository(createMemoryRepository())
  setActivePinia(createPinia())
})

async function event(): Promise<ReturnType<typeof useTournamentStore>> {
  const tournament = useTournamentStore()
  await tournament.create(INFO, 'nsa1995')
  for (const name of ['A', 'B']) await tournament.dispatch({ type: 'addDivision', name })
  await tournament.registerPlayer('A', { name: 'Ann', rating: '1739' })
  await tournament.registerPlayer('A', { name: 'Bob', rating: '1588' })
  await tournament.registerPlayer('B', { name: 'Cy', rating: '1500' })
  return tournament
}

/** Lets the report's own task run. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the reports a screen shows, worked out in a task of their own, once a change (issue 33)', () => {
  test('not in the task that asks: the first answer is empty and busy, then the report lands', async () => {
    const tournament = await event()
    const reports = useReportsStore()
    const work = vi.fn((state: Parameters<typeof prizesReport>[0]) => prizesReport(state, 'A', 3))
    expect(reports.soon('A', 'prizes 3', work)).toEqual({ value: undefined, fresh: false })
    expect(work).not.toHaveBeenCalled()
    await nextTask()
    const landed = reports.soon('A', 'prizes 3', work)
    expect(landed.fresh).toBe(true)
    expect(landed.value).toEqual(prizesReport(tournament.state!, 'A', 3))
    expect(work).toHaveBeenCalledTimes(1)
  })

  test('asked again on the same state: the kept report, not worked out again', async () => {
    await event()
    const reports = useReportsStore()
    const work = vi.fn(() => 'report')
    reports.soon('A', 'k', work)
    reports.soon('A', 'k', work)
    await nextTask()
    await nextTask()
    expect(reports.soon('A', 'k', work)).toEqual({ value: 'report', fresh: true })
    expect(work).toHaveBeenCalledTimes(1)
  })

  test("a change in division B keeps A's report; a change in A works it out again once", async () => {
    const tournament = await event()
    const reports = useReportsStore()
    let n = 0
    const work = vi.fn(() => ++n)
    reports.soon('A', 'k', work)
    await nextTask()
    await tournament.registerPlayer('B', { name: 'Di', rating: '1600' })
    expect(reports.soon('A', 'k', work)).toEqual({ value: 1, fresh: true })
    await tournament.registerPlayer('A', { name: 'Eve', rating: '1400' })
    // The earlier one is shown, marked busy, until the new one lands.
    expect(reports.soon('A', 'k', work)).toEqual({ value: 1, fresh: false })
    await nextTask()
    expect(reports.soon('A', 'k', work)).toEqual({ value: 2, fresh: true })
    expect(work).toHaveBeenCalledTimes(2)
  })

  test('two reports asked together are worked out in two tasks, not one', async () => {
    await event()
    const reports = useReportsStore()
    const first = vi.fn(() => 1)
    const second = vi.fn(() => 2)
    reports.soon('A', 'one', first)
    reports.soon('A', 'two', second)
    await nextTask()
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).not.toHaveBeenCalled()
    await nextTask()
    expect(second).toHaveBeenCalledTimes(1)
  })
})
