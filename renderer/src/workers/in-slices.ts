/**
 * Runs a computation that comes in steps (shared/formats/tournament-file.ts `Steps`) on the page a
 * slice at a time (issue 33): opening a 2000-player event folded 22 000 commands in one task of
 * 0.5 s, a frozen page. Each slice takes steps until `budgetMs` has passed, then the page may draw
 * and take a key before the next; the answer is the one the steps give at once.
 */
import type { Steps } from '../../../shared/formats/tournament-file'

/** A slice's length: well under the 50 ms a task may take before the page feels it. */
export const SLICE_MS = 25

interface Scheduler {
  readonly yield?: () => Promise<void>
}

/**
 * Back to the page's other work: `scheduler.yield` where the browser has it (the slices resume
 * ahead of other timers), else a task of its own. Every piece of work the page defers to a later
 * task (a slice here, a report, History's lines) comes back through this: `scheduler.yield` is not
 * a timer, so the work still lands while timers are held (the e2e's `page.clock.pauseAt` holds
 * every `setTimeout`; Prizes and History stayed empty under it).
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (scheduler?.yield !== undefined) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

export async function inSlices<T>(
  steps: Steps<T>,
  budgetMs = SLICE_MS,
  now: () => number = () => performance.now(),
): Promise<T> {
  for (;;) {
    const started = now()
    let next = steps.next()
    while (next.done !== true && now() - started < budgetMs) next = steps.next()
    if (next.done === true) return next.value
    await yieldToPage()
  }
}
