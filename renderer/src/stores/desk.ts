import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import {
  checkInDay,
  checkInSummary,
  eventDays as daysOfEvent,
  isCheckedIn,
} from '../../../shared/desk/check-in'
import { nextRoundNumber } from '../../../shared/desk/pair-next'
import { starterCommandFor } from '../../../shared/desk/result-line'
import { err, type Result } from '../../../shared/result'
import type { PlayerId } from '../../../shared/results/game-result'
import type { Player, TournamentState } from '../../../shared/tournament/types'
import { useClockStore } from './clock'
import { useTournamentStore } from './tournament'

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
    return info ? daysOfEvent(info.startDate, info.endDate) : []
  })
  const day = computed(() => checkInDay(eventDays.value, clock.today, picked.value))
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
    const state = tournament.state
    return state ? nextRoundNumber(state, division) : 1
  }

  /** Who went first in an entered game the players drew for (MSA 1.4, NSA II.F.1). */
  function recordStarter(
    division: string,
    round: number,
    table: number,
    player: PlayerId,
  ): Promise<Result<TournamentState>> {
    const state = tournament.state
    if (!state) return Promise.resolve(err('tournament.none-open', 'No tournament.'))
    const command = starterCommandFor(state, division, round, table, player)
    return command.ok ? tournament.dispatch(command.value) : Promise.resolve(command)
  }

  return {
    eventDays,
    day,
    chosenDay,
    checkedIn,
    checkInCount,
    setCheckedIn,
    nextRound,
    recordStarter,
  }
})
