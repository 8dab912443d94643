import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import {
  cancelCheckInDay,
  checkInDay,
  checkedInFor,
  eventDays as daysOfEvent,
  rollCall,
  seenOn,
} from '../../../shared/desk/check-in'
import {
  nextRoundNumber,
  type PairingProposal,
  type PairingWarning,
  type ProposeOptions,
} from '../../../shared/desk/pair-next'
import { starterCommandFor } from '../../../shared/desk/result-line'
import { playerKeys } from '../../../shared/tournament/players'
import { err, type Result } from '../../../shared/result'
import type { PlayerId } from '../../../shared/results/game-result'
import type { Player, TournamentState } from '../../../shared/tournament/types'
import {
  pairingWarningsOffThread,
  prepareProposal,
  proposePairingOffThread,
  warmPairingWorker,
} from '../workers/pairing-client'
import { yieldToPage } from '../workers/in-slices'
import { useClockStore } from './clock'
import { useTournamentStore } from './tournament'

/**
 * At most this many things missing (results, unknown starts), the round is the worker's to propose
 * ahead even before the director asks (issue 33): the last few results of a round come slowly, and
 * "Pair anyway" over them is then as quick as a round paired ahead. More than that, results are
 * still coming in and each would start the proposal over.
 */
export const PREPARE_WITH_MISSING = 5

/**
 * Whether the next round is worth proposing ahead (issue 20; issue 33 with things missing): when
 * nothing is missing, when the director has asked to pair anyway (the list of what is missing
 * shows), or when only a few things are missing.
 */
export function worthPreparing(missing: number, askedAnyway: boolean): boolean {
  return missing === 0 || askedAnyway || missing <= PREPARE_WITH_MISSING
}

/**
 * How many turns of the page (`yieldToPage`) the Rounds screen waits, as it opens, before it asks
 * the pairing worker for the next round ahead (`prepare`) and for the review's warnings: the
 * proposal first, so a Pair pressed at once waits for it alone, not for the warnings before it
 * (issue 20); both after the screen is drawn. The warnings' watch is set up first, hence one turn
 * more. Turns, not timers: the e2e holds timers, and work parked on one never ran (issue 33).
 */
export const OPENING_TURNS = { prepare: 1, warnings: 2 } as const

/** Back to the page `turns` times (`yieldToPage`): work after them lands in FIFO order. */
export async function afterTurns(turns: number): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await yieldToPage()
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
    return info ? daysOfEvent(info.startDate, info.endDate) : []
  })
  // A day the desk picked by hand holds until the calendar day changes: the next morning the
  // desk checks in for that day again without anyone remembering to switch (issue 11).
  watch(
    () => clock.today,
    () => (picked.value = null),
  )
  const day = computed(() => checkInDay(eventDays.value, clock.today, picked.value))
  const chosenDay = computed({
    get: () => day.value,
    set: (value: string) => {
      picked.value = value
    },
  })

  /** Checked in for the desk's day, by the preset's rule (NEON: again every day). */
  function checkedIn(player: Player): boolean {
    const state = tournament.state
    return state ? checkedInFor(player, day.value, state.rules.desk) : false
  }

  /**
   * Seen on the desk's day, whatever the preset (issue 19: day 2 starts with a roll call): the
   * check-in desk ticks players for the day, so an earlier day's check-in does not hide a no-show.
   */
  function seenToday(player: Player): boolean {
    return seenOn(player, day.value)
  }

  /** The check-in desk's count: the roll call of the desk's day. */
  function checkInCount(
    division: string,
  ): { checkedIn: number; missing: number; total: number } | null {
    const state = tournament.state
    if (!state) return null
    const { seen, notSeen } = rollCall(state, division, day.value)
    return {
      checkedIn: seen.length,
      missing: notSeen.length,
      total: seen.length + notSeen.length,
    }
  }

  function setCheckedIn(
    division: string,
    player: PlayerId,
    yes: boolean,
  ): Promise<Result<TournamentState>> {
    const state = tournament.state
    if (!state) return Promise.resolve(err('tournament.none-open', 'No tournament.'))
    const players = state.divisions.find((d) => d.name === division)
    const found = players?.players[player - 1]
    return tournament.dispatch({
      type: yes ? 'checkIn' : 'cancelCheckIn',
      division,
      player,
      day: yes ? day.value : cancelCheckInDay(found, day.value, state.rules.desk),
      // Issue 27: the player this desk means, wherever another desk's registration numbers him.
      keys: playerKeys(players, [player]),
    })
  }

  /**
   * A late player sat down: the arrival, and (when they have not checked in for the desk's day)
   * their check-in, since being at the table is being at the event that day.
   */
  async function recordArrival(
    division: string,
    round: number,
    player: PlayerId,
  ): Promise<Result<TournamentState>> {
    const arrived = await tournament.dispatch({
      type: 'recordArrival',
      division,
      round,
      player,
      at: clock.read(),
      keys: playerKeys(
        tournament.state?.divisions.find((d) => d.name === division),
        [player],
      ),
    })
    if (!arrived.ok) return arrived
    const found = arrived.value.divisions.find((d) => d.name === division)?.players[player - 1]
    // Seen today, whatever the preset: the arrival is the player's roll call (issue 19).
    if (found === undefined || seenOn(found, day.value)) return arrived
    return setCheckedIn(division, player, true)
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

  /** A proposal is being worked out (in the pairing worker): the pair buttons wait for it. */
  const pairing = ref(false)

  /**
   * Proposes `round` of the division off the page's thread (issue 20). Only one at a time: a
   * second press while pairing is refused. A state that changed meanwhile (another window's
   * command) is not built on: the director pairs again on what is there now.
   */
  async function propose(
    division: string,
    round: number,
    options: ProposeOptions,
  ): Promise<Result<PairingProposal>> {
    const state = tournament.state
    if (!state) return err('tournament.none-open', 'No tournament.')
    if (pairing.value) return err('pairing.busy', 'A round is being paired: wait for it.')
    pairing.value = true
    try {
      const proposal = await proposePairingOffThread(state, division, round, options)
      if (proposal.ok && tournament.state !== state) {
        return err(
          'pairing.state-changed',
          'The tournament changed while the round was being paired: pair it again.',
        )
      }
      return proposal
    } finally {
      pairing.value = false
    }
  }

  /**
   * Lets the pairing worker propose `round` ahead, while the screen waits for the press (issue 20:
   * at 2000 players the matching takes seconds); a press on the same state and options takes it.
   */
  function prepare(division: string, round: number, options: ProposeOptions): void {
    const state = tournament.state
    if (state && !pairing.value) prepareProposal(state, division, round, options)
  }

  /** The review's warnings about `round` as paired in `state`, worked out in the pairing worker. */
  function reviewWarnings(
    state: TournamentState,
    division: string,
    round: number,
  ): Promise<readonly PairingWarning[]> {
    return pairingWarningsOffThread(state, division, round)
  }

  /** Starts the pairing worker ahead of its first proposal (the Rounds screen, as it opens). */
  function warmUp(): void {
    warmPairingWorker()
  }

  /**
   * Pairs the division's last round again (its locked tables stay) in one command, so the log
   * never holds the round unpaired and a refused re-pair leaves the round as it was.
   */
  async function repairRound(
    division: string,
    round: number,
    options: ProposeOptions,
  ): Promise<Result<PairingProposal>> {
    const proposal = await propose(division, round, options)
    if (!proposal.ok) return proposal
    if (!proposal.value.replacesRound) {
      return err('round.not-paired', `Round ${round} of division ${division} is not paired yet.`)
    }
    const stored = await tournament.dispatch(proposal.value.command)
    return stored.ok ? proposal : stored
  }

  return {
    eventDays,
    pairing,
    prepare,
    propose,
    reviewWarnings,
    warmUp,
    repairRound,
    day,
    chosenDay,
    checkedIn,
    seenToday,
    checkInCount,
    setCheckedIn,
    recordArrival,
    nextRound,
    recordStarter,
  }
})
