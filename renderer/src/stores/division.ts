import { defineStore } from 'pinia'
import { ref } from 'vue'

/**
 * The division the desk is working in, one choice for every screen (issue 11): the URL carries it
 * (`?division=B`) and this store remembers it, so a screen reached without it in its URL (the
 * navigation, a keyboard shortcut) opens on the same division rather than on the first one.
 */
export const useDivisionStore = defineStore('division', () => {
  /** The chosen division, per open tournament (a division B of one event is not another's). */
  const chosen = ref<{ readonly tournament: string; readonly name: string } | null>(null)

  function remembered(tournament: string | null): string | null {
    return chosen.value !== null && chosen.value.tournament === tournament
      ? chosen.value.name
      : null
  }

  function remember(tournament: string | null, name: string): void {
    if (tournament === null) return
    if (chosen.value?.tournament === tournament && chosen.value.name === name) return
    chosen.value = { tournament, name }
  }

  return { remembered, remember }
})
