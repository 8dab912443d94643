import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { checkInSummary, isCheckedIn } from '../../../shared/desk/check-in'
import { err, type Result } from '../../../shared/result'
import type { PlayerId } from '../../../shared/results/game-result'
import type { Player, TournamentState } from '../../../shared/tournament/types'
import { useClockStore } from './clock'
import { useTournamentStore } from './tournament'

/** Every calendar day from `start` to `end` (YYYY-MM-DD), for choosing the check-in day. */
function daysBetween(start: string, end: string): string[] {
  const days: string[] = []
  const day = new Date(`${start}T12:00:00Z`)
  const last = new Date(`${end}T12:00:00Z`)
  if (Number.isNaN(day.getTime()) || Number.isNaN(last.getTime())) return [start]
  while (day <= last && days.length < 366) {
    days.push(day.toISOString().slice(0, 10))
    day.setUTCDate(day.getUTCDate() + 1)
  }
  return days.length > 0 ? days : [start]
}

/**
 * The registration desk: which day it checks players in for, and the check-in commands. The day
 * is today while the event runs, else its first day; the desk may choose another.
 */
export const useDeskStore = defineStore('desk', () => {
  const tournament = useTournamentStore()
  const clock = useClockStore()
  const picked = ref<string | null>(null)

  const eventDays = computed(() => {
    const info = tournament.state?.info
    return info ? daysBetween(info.startDate, info.endDate) : []
  })
  const day = computed(() => {
    const days = eventDays.value
    if (picked.value !== null && days.includes(picked.value)) return picked.value
    return days.includes(clock.today) ? clock.today : (days[0] ?? clock.today)
  })
  const chosenDay = computed({
    get: () => day.value,
    set: (value: string) => {
      picked.value = value
    },
  })

  function checkedIn(player: Player): boolean {
    return isCheckedIn(player, day.value)
  }

  function checkInCount(
    division: string,
  ): { checkedIn: number; missing: number; total: number } | null {
    const state = tournament.state
    if (!state) return null
    const { checkedIn: present, missing } = checkInSummary(state, division, day.value)
    return {
      checkedIn: present.length,
      missing: missing.length,
      total: present.length + missing.length,
    }
  }

  function setCheckedIn(
    division: string,
    player: PlayerId,
    yes: boolean,
  ): Promise<Result<TournamentState>> {
    if (!tournament.state) return Promise.resolve(err('tournament.none-open', 'No tournament.'))
    return tournament.dispatch({
      type: yes ? 'checkIn' : 'cancelCheckIn',
      division,
      player,
      day: day.value,
    })
  }

  function nextRound(division: string): number {
    const found = tournament.state?.divisions.find((d) => d.name === division)
    return (found?.rounds.length ?? 0) + 1
  }

  return { eventDays, day, chosenDay, checkedIn, checkInCount, setCheckedIn, nextRound }
})
