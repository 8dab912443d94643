import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import type { Division, TournamentState } from '../../../shared/tournament/types'
import { useTournamentStore } from './tournament'
import { yieldToPage } from '../workers/in-slices'

/** What a report was worked out from besides its division: the event's rounds, dates and rules. */
interface Kept {
  readonly info: TournamentState['info']
  readonly rules: TournamentState['rules']
  readonly value: unknown
}

/** A report a screen shows, and whether it is the open tournament's as it stands now. */
export interface Soon<T> {
  /** Undefined until the first one is worked out. */
  readonly value: T | undefined
  /** False while the shown one is an earlier state's and the new one is being worked out. */
  readonly fresh: boolean
}

/**
 * The reports a screen shows (issue 33: the Prizes screen of 2000 players × 20 rounds worked out
 * the prizes, the game lists and the team standings in one task of 640 ms and more), each worked
 * out once per change of its division and in a task of its own after the screen shows: a result
 * in division A folds a new A object (apply copies only what a command touches), so B's reports
 * are kept, and A's are worked out again once, however many screens ask. The reports are
 * shared/'s; this only remembers them and says when they land, as the ratings store does.
 */
export const useReportsStore = defineStore('reports', () => {
  const tournament = useTournamentStore()
  // Division objects are immutable: the same object is the same input, and a dropped one is freed.
  let memo = new WeakMap<Division, Map<string, Kept>>()
  /** The last report worked out under each key: shown, marked busy, until the next one lands. */
  const latest = new Map<string, unknown>()
  /** Bumped when a report lands, so the screens waiting for it redraw. */
  const landed = shallowRef(0)
  /** Reports waiting to be worked out, one at a time, each in a task of its own, in the order asked. */
  const waiting = new Map<string, () => Promise<void>>()
  let running = false

  async function runNext(): Promise<void> {
    const [key, work] = waiting.entries().next().value ?? []
    if (key === undefined || work === undefined) {
      running = false
      return
    }
    waiting.delete(key)
    await work()
    landed.value++
    void yieldToPage().then(runNext)
  }

  function kept<T>(state: TournamentState, division: Division, key: string): T | undefined {
    const found = memo.get(division)?.get(key)
    if (found === undefined || found.info !== state.info || found.rules !== state.rules) return
    return found.value as T
  }

  /**
   * The report `key` of `divisionName` (the key names the report and its inputs besides the
   * state, e.g. "prizes 24"), from `work` (on the page or in a worker), worked out after the
   * task that asks when it is not yet; meanwhile the last one worked out under that key,
   * `fresh: false`. `landed` redraws the caller.
   */
  function soon<T>(
    divisionName: string,
    key: string,
    work: (state: TournamentState) => T | Promise<T>,
  ): Soon<T> {
    void landed.value
    const state = tournament.state
    const division = state?.divisions.find((d) => d.name === divisionName)
    if (state === undefined || division === undefined) return { value: undefined, fresh: true }
    const latestKey = `${state.id}\n${divisionName}\n${key}`
    const found = kept<T>(state, division, key)
    if (found !== undefined) return { value: found, fresh: true }
    const job = async () => {
      const now = tournament.state
      const current = now?.divisions.find((d) => d.name === divisionName)
      if (now === undefined || current === undefined || kept(now, current, key) !== undefined) {
        return
      }
      const value = await work(now)
      const byKey = memo.get(current) ?? new Map<string, Kept>()
      byKey.set(key, { info: now.info, rules: now.rules, value })
      memo.set(current, byKey)
      latest.set(`${now.id}\n${divisionName}\n${key}`, value)
    }
    waiting.set(latestKey, job)
    if (!running) {
      running = true
      void yieldToPage().then(runNext)
    }
    return { value: latest.get(latestKey) as T | undefined, fresh: false }
  }

  /** Forgets every kept report (a test, or a tournament closed). */
  function forget(): void {
    memo = new WeakMap()
    latest.clear()
    waiting.clear()
  }

  return { soon, forget }
})
