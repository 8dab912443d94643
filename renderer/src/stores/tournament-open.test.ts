import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, test } from 'vitest'
import { fold } from '../../../shared/tournament/apply'
import { createMemoryRepository } from '../db/memory-repository'
import { summarize } from '../db/summary'
import { setRepository } from './repository'
import { useTournamentStore } from './tournament'
import { registrationsLog } from '../workers/test-support/registrations-log'

beforeEach(() => setActivePinia(createPinia()))

describe('opening a stored event a slice of the page at a time (issue 33)', () => {
  test('a 3000-player event: the page gets its turn while it opens, and the state is the fold', async () => {
    const repo = createMemoryRepository()
    setRepository(repo)
    const log = registrationsLog(3000)
    const folded = fold('big-open', log)
    if (!folded.ok || folded.value === undefined) throw new Error('the log does not fold')
    const summary = summarize(folded.value, log.length, log.at(-1)?.at ?? '')
    const stored = await repo.importLog('big-open', log, summary, { replace: false })
    if (!stored.ok) throw new Error(stored.error.message)

    const tournament = useTournamentStore()
    let turns = 0
    const timer = setInterval(() => turns++, 0)
    const opened = await tournament.open('big-open')
    clearInterval(timer)
    expect(opened).toBe(true)
    // Checking and folding 3000 registrations takes more than a slice: the page had turns meanwhile.
    expect(turns).toBeGreaterThan(0)
    expect(tournament.state).toEqual(folded.value)
    expect(tournament.log).toEqual(log)
  })
})
