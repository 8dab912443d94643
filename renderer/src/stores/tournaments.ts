import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { TournamentSummary } from '../db/repository'
import { repository } from './repository'

/** The list of tournaments on this machine. */
export const useTournamentsStore = defineStore('tournaments', () => {
  const summaries = shallowRef<readonly TournamentSummary[]>([])
  const loaded = ref(false)

  async function refresh(): Promise<void> {
    summaries.value = await repository().list()
    loaded.value = true
  }

  async function remove(tournamentId: string): Promise<void> {
    await repository().remove(tournamentId)
    await refresh()
  }

  return { summaries, loaded, refresh, remove }
})
