import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { err, type Result, type RuleError } from '../../../shared/result'
import { rulesFromPreset } from '../../../shared/rules/presets'
import type { PresetId } from '../../../shared/rules/rule-set'
import { apply, fold } from '../../../shared/tournament/apply'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import type {
  Division,
  Player,
  TournamentInfo,
  TournamentState,
} from '../../../shared/tournament/types'
import {
  sameNamePlayers,
  validatePlayerInput,
  type PlayerInput,
} from '../../../shared/tournament/validation'
import { summarize } from '../db/summary'
import { repository } from './repository'

/**
 * The open tournament: its command log and the state folded from it. Every change goes through
 * `dispatch`, which applies the command with the rules engine first and stores it only if it is
 * valid, so the screen and the database never disagree.
 */
export const useTournamentStore = defineStore('tournament', () => {
  const tournamentId = ref<string | null>(null)
  const log = shallowRef<readonly LoggedCommand[]>([])
  const state = shallowRef<TournamentState | undefined>()
  const loadError = shallowRef<RuleError | null>(null)
  const busy = ref(false)

  const divisions = computed<readonly Division[]>(() => state.value?.divisions ?? [])

  function reset(id: string | null): void {
    tournamentId.value = id
    log.value = []
    state.value = undefined
    loadError.value = null
  }

  async function open(id: string): Promise<boolean> {
    if (tournamentId.value === id && state.value) return true
    reset(id)
    const entries = await repository().loadLog(id)
    if (!entries) {
      loadError.value = { code: 'tournament.not-found', message: 'There is no such tournament.' }
      return false
    }
    const folded = fold(id, entries)
    if (!folded.ok) {
      loadError.value = folded.error
      return false
    }
    log.value = entries
    state.value = folded.value
    return true
  }

  function close(): void {
    reset(null)
  }

  /**
   * Commands are applied one at a time, in the order given: a fast desk can press Enter again
   * before the last command is stored, and each command must see the state the previous one made.
   */
  let queue: Promise<unknown> = Promise.resolve()

  function dispatch(command: Command): Promise<Result<TournamentState>> {
    const next = queue.then(() => applyAndStore(command))
    queue = next
    return next
  }

  async function applyAndStore(command: Command): Promise<Result<TournamentState>> {
    const id = tournamentId.value
    if (!id) return err('tournament.none-open', 'No tournament is open.')
    const next = apply(state.value, command, id)
    if (!next.ok) return next
    const entry: LoggedCommand = { seq: log.value.length, at: new Date().toISOString(), command }
    const nextLog = [...log.value, entry]
    busy.value = true
    try {
      const saved = await repository().append(
        id,
        entry,
        summarize(next.value, nextLog.length, entry.at),
      )
      if (!saved.ok) {
        // Another window may have written first: show the stored truth rather than ours.
        if (saved.error.code === 'storage.conflict') {
          state.value = undefined
          await open(id)
        }
        return saved
      }
    } finally {
      busy.value = false
    }
    log.value = nextLog
    state.value = next.value
    return next
  }

  async function create(info: TournamentInfo, preset: PresetId): Promise<Result<TournamentState>> {
    reset(crypto.randomUUID())
    const created = await dispatch({
      type: 'createTournament',
      info,
      rules: rulesFromPreset(preset),
    })
    if (!created.ok) reset(null)
    return created
  }

  async function registerPlayer(
    division: string,
    input: PlayerInput,
  ): Promise<Result<TournamentState>> {
    const fields = validatePlayerInput(input)
    if (!fields.ok) return fields
    return dispatch({ type: 'registerPlayer', division, player: fields.value })
  }

  async function editPlayer(
    division: string,
    playerId: number,
    input: PlayerInput,
  ): Promise<Result<TournamentState>> {
    const fields = validatePlayerInput(input)
    if (!fields.ok) return fields
    return dispatch({ type: 'editPlayer', division, playerId, player: fields.value })
  }

  function playersNamed(division: string, name: string): readonly Player[] {
    const found = divisions.value.find((d) => d.name === division)
    return found ? sameNamePlayers(found, name) : []
  }

  return {
    tournamentId,
    log,
    state,
    loadError,
    busy,
    divisions,
    open,
    close,
    create,
    dispatch,
    registerPlayer,
    editPlayer,
    playersNamed,
  }
})
