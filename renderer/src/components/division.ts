import { computed, type ComputedRef } from 'vue'
import { useRoute, useRouter } from 'vue-router'
import type { Division } from '../../../shared/tournament/types'
import { useTournamentStore } from '../stores/tournament'

export interface ChosenDivision {
  readonly name: ComputedRef<string | null>
  readonly division: ComputedRef<Division | undefined>
  choose(name: string): void
}

/**
 * The division a section shows, kept in the URL (`?division=B`) so each section and a reload keep
 * it; the first division when none or an unknown one is named.
 */
export function useDivision(): ChosenDivision {
  const tournament = useTournamentStore()
  const route = useRoute()
  const router = useRouter()
  const name = computed(() => {
    const asked = route.query['division']
    const names = tournament.divisions.map((d) => d.name)
    return typeof asked === 'string' && names.includes(asked) ? asked : (names[0] ?? null)
  })
  const division = computed(() => tournament.divisions.find((d) => d.name === name.value))
  function choose(next: string): void {
    void router.replace({ query: { ...route.query, division: next } })
  }
  return { name, division, choose }
}
