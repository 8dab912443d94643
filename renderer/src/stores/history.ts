import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import {
  describedAll,
  describedEntries,
  describeMore,
  type DescribedEntry,
  type DescribedLog,
  type DescribeOptions,
} from '../../../shared/tournament/describe'
import { formatClockTime } from '../format'
import { useTournamentStore } from './tournament'
import { yieldToPage } from '../workers/in-slices'

/** Commands described between two looks at the clock. */
const PIECE = 150
/** How long one task describes before it lets the page draw (issue 33: under 50 ms a task). */
const BUDGET_MS = 20
const OPTIONS: DescribeOptions = { timeOfDay: formatClockTime }

/**
 * The History screen's lines of the open tournament's log (issue 33: 22 000 commands described
 * in one task froze the page for a third of a second each time the screen opened). The log is
 * described once, in tasks of a few milliseconds each, and then only from its new commands on as
 * it grows; the lines are shared/'s (`describeMore`), this only keeps them and paces the work.
 */
export const useHistoryStore = defineStore('history', () => {
  const tournament = useTournamentStore()
  /** How far the log is described: the next piece starts from it. */
  let working: DescribedLog | undefined
  /** The last log described to its end: what the screen shows until the next one is. */
  const done = shallowRef<DescribedLog | undefined>()
  let scheduled = false

  function current(): boolean {
    const held = done.value
    return (
      held !== undefined &&
      held.log === tournament.log &&
      held.tournamentId === tournament.tournamentId
    )
  }

  function describeSome(): void {
    scheduled = false
    const id = tournament.tournamentId
    const log = tournament.log
    if (!id || current()) return
    const started = performance.now()
    let held = describeMore(working, id, log, OPTIONS, PIECE)
    while (!describedAll(held) && performance.now() - started < BUDGET_MS) {
      held = describeMore(held, id, log, OPTIONS, PIECE)
    }
    working = held
    if (describedAll(held)) done.value = held
    if (!current()) schedule()
  }

  function schedule(): void {
    if (scheduled) return
    scheduled = true
    void yieldToPage().then(describeSome)
  }

  const entries = computed<readonly DescribedEntry[]>(() => {
    const held = done.value
    return held === undefined || held.tournamentId !== tournament.tournamentId
      ? []
      : describedEntries(held).slice().reverse()
  })

  /**
   * Every command of the log with its line, newest first, and whether they are the log's as it
   * stands (`fresh`); until then the lines last described, while the rest are described.
   */
  function lines(): { readonly entries: readonly DescribedEntry[]; readonly fresh: boolean } {
    const fresh = current()
    if (!fresh) schedule()
    return { entries: entries.value, fresh }
  }

  return { lines }
})
