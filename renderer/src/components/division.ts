import { computed, ref, watch, type ComputedRef, type Ref } from 'vue'
import { useRoute, useRouter } from 'vue-router'
import type { Division, Round } from '../../../shared/tournament/types'
import { useDivisionStore } from '../stores/division'
import { useTournamentStore } from '../stores/tournament'

export interface ChosenDivision {
  readonly name: ComputedRef<string | null>
  readonly division: ComputedRef<Division | undefined>
  choose(name: string): void
}

/**
 * The division a section shows, kept in the URL (`?division=B`) so a reload keeps it, and in the
 * division store so every other section opens on it too (issue 11: a result typed on Results
 * after choosing B on Rounds is B's). Without either, the first division.
 */
export function useDivision(): ChosenDivision {
  const tournament = useTournamentStore()
  const chosen = useDivisionStore()
  const route = useRoute()
  const router = useRouter()
  const name = computed(() => {
    const asked = route.query['division']
    const names = tournament.divisions.map((d) => d.name)
    if (typeof asked === 'string' && names.includes(asked)) return asked
    const kept = chosen.remembered(tournament.tournamentId)
    return kept !== null && names.includes(kept) ? kept : (names[0] ?? null)
  })
  const division = computed(() => tournament.divisions.find((d) => d.name === name.value))
  watch(
    name,
    (current) => {
      if (current !== null) chosen.remember(tournament.tournamentId, current)
    },
    { immediate: true },
  )
  function choose(next: string): void {
    chosen.remember(tournament.tournamentId, next)
    void router.replace({ query: { ...route.query, division: next } })
  }
  return { name, division, choose }
}

export interface PickedRound {
  /** The round the director picked, or null to follow the newest paired round. */
  readonly picked: Ref<number | null>
  /** The round shown: the pick while it is still paired, else the newest paired round (0: none). */
  readonly number: ComputedRef<number>
  readonly round: ComputedRef<Round | undefined>
  /** Takes the pick from a round `<select>`. */
  pickFrom(event: Event): void
}

/** The round a section shows: the newest paired one unless the director picks another. */
export function usePickedRound(division: ComputedRef<Division | undefined>): PickedRound {
  const picked = ref<number | null>(null)
  const number = computed(() => {
    const paired = division.value?.rounds.length ?? 0
    return picked.value !== null && picked.value <= paired ? picked.value : paired
  })
  const round = computed(() => division.value?.rounds[number.value - 1])
  function pickFrom(event: Event): void {
    picked.value = Number((event.target as HTMLSelectElement).value)
  }
  return { picked, number, round, pickFrom }
}

/**
 * A division picked on a form (files, printing): it starts on the desk's chosen division, and a
 * pick there becomes the desk's choice; it falls back to the first division (none: '') when
 * divisions change. The form stays on screen through a pick, so `onChange` clears what it said
 * or held for the division before (issue 19: nothing of A stays on B's screen).
 */
export function useDivisionField(onChange?: () => void): Ref<string> {
  const tournament = useTournamentStore()
  const chosen = useDivisionStore()
  const name = ref(chosen.remembered(tournament.tournamentId) ?? '')
  watch(
    () => tournament.divisions.map((d) => d.name).join('\n'),
    () => {
      const names = tournament.divisions.map((d) => d.name)
      if (!names.includes(name.value)) name.value = names[0] ?? ''
    },
    { immediate: true },
  )
  watch(name, (current) => {
    if (current !== '') chosen.remember(tournament.tournamentId, current)
    onChange?.()
  })
  return name
}
