import { reactive, shallowRef } from 'vue'
import type { Result, RuleError } from '../../../shared/result'
import type { Command } from '../../../shared/tournament/commands'
import type { TournamentState } from '../../../shared/tournament/types'
import { useTournamentStore } from '../stores/tournament'

/** What `RosterDialog.vue` shows and calls: a prompt's review, refusal and command. */
export interface RosterPrompt {
  /** The review, or null: nothing reviewed yet, or the fields changed since. */
  review: unknown
  readonly error: RuleError | null
  readonly busy: boolean
  readonly check: () => void
  readonly give: () => Promise<void>
}

/**
 * A roster prompt's review and its command (issue 32, `RosterDialog.vue`): `check` reviews on the
 * desk's state (shared/desk/roster-review.ts), `give` dispatches the reviewed command and hands the
 * review to `done`, or shows the refusal if the event changed meanwhile.
 */
export function useRosterReview<R extends { readonly command: Command }>(
  reviewOn: (state: TournamentState) => Result<R>,
  done: (review: R) => void,
) {
  const tournament = useTournamentStore()
  const review = shallowRef<R | null>(null)
  const error = shallowRef<RuleError | null>(null)
  const busy = shallowRef(false)

  function check(): void {
    const state = tournament.state
    if (!state) return
    const reviewed = reviewOn(state)
    review.value = reviewed.ok ? reviewed.value : null
    error.value = reviewed.ok ? null : reviewed.error
  }

  async function give(): Promise<void> {
    const reviewed = review.value
    if (!reviewed || busy.value) return
    busy.value = true
    const outcome = await tournament.dispatch(reviewed.command)
    busy.value = false
    if (!outcome.ok) {
      error.value = outcome.error
      review.value = null
      return
    }
    done(reviewed)
  }

  return reactive({ review, error, busy, check, give })
}
