import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { err, ok, type Result, type RuleError } from '../../../shared/result'
import { rulesFromPreset } from '../../../shared/rules/presets'
import type { PresetId } from '../../../shared/rules/rule-set'
import { apply, fold } from '../../../shared/tournament/apply'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import { undo as undoLog } from '../../../shared/tournament/log'
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
import { announceLogChanged, onLogChanged } from './live'
import { repository } from './repository'

/** The same stored command: same place, time and content (an undo and a redo may share a time). */
function sameEntry(a: LoggedCommand | undefined, b: LoggedCommand): boolean {
  return (
    a !== undefined &&
    a.seq === b.seq &&
    a.at === b.at &&
    JSON.stringify(a.command) === JSON.stringify(b.command)
  )
}

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
    return load(id)
  }

  async function load(id: string): Promise<boolean> {
    const entries = await repository().loadLog(id)
    // A newer open() or close() has moved on while this log was read.
    if (tournamentId.value !== id) return false
    if (!entries) {
      loadError.value = { code: 'tournament.not-found', message: 'There is no such tournament.' }
      log.value = []
      state.value = undefined
      return false
    }
    const folded = foldFrom(id, entries)
    if (!folded.ok) {
      loadError.value = folded.error
      return false
    }
    log.value = entries
    state.value = folded.value
    loadError.value = null
    return true
  }

  /**
   * The state of `entries`: when they extend the log this window holds (another window appended),
   * only the new commands are applied, so a projector follows a 10 000-command event cheaply;
   * otherwise (first load, an undo elsewhere) the whole log is folded again.
   */
  function foldFrom(
    id: string,
    entries: readonly LoggedCommand[],
  ): Result<TournamentState | undefined> {
    const held = log.value
    const last = held.at(-1)
    const extendsHeld =
      state.value !== undefined &&
      last !== undefined &&
      entries.length >= held.length &&
      sameEntry(entries[held.length - 1], last)
    if (!extendsHeld || state.value === undefined) return fold(id, entries)
    let next: TournamentState = state.value
    for (const entry of entries.slice(held.length)) {
      const applied = apply(next, entry.command, id)
      if (!applied.ok) return applied
      next = applied.value
    }
    return ok(next)
  }

  /**
   * Another window stored or undid a command of the open tournament: read the stored log again, in
   * the command queue so no command of ours is applied to a state that is being replaced.
   */
  function refresh(): Promise<boolean> {
    const next = queue.then(() => {
      const id = tournamentId.value
      return id ? load(id) : false
    })
    queue = next
    return next
  }

  onLogChanged((change) => {
    // Even at the same length the log may differ (an undo and a new command elsewhere).
    if (change.tournamentId === tournamentId.value) void refresh()
  })

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
    const saved = await repository().append(
      id,
      entry,
      summarize(next.value, nextLog.length, entry.at),
    )
    if (!saved.ok) {
      // Another window may have written first: show the stored truth rather than ours.
      if (saved.error.code === 'storage.conflict') await load(id)
      return saved
    }
    log.value = nextLog
    state.value = next.value
    announceLogChanged({ tournamentId: id, commandCount: nextLog.length })
    return next
  }

  /**
   * Undo (design.md): removes the last command from the stored log and folds the rest again. In
   * the same queue as commands, so an undo pressed right after Enter undoes that command. Undoing
   * the command that created the tournament deletes it.
   */
  function undo(): Promise<Result<LoggedCommand>> {
    const next = queue.then(() => undoAndStore())
    queue = next
    return next
  }

  async function undoAndStore(): Promise<Result<LoggedCommand>> {
    const id = tournamentId.value
    if (!id) return err('tournament.none-open', 'No tournament is open.')
    const undone = undoLog(id, log.value)
    if (!undone.ok) return undone
    const { log: rest, state: before, undone: entry } = undone.value
    const summary = before ? summarize(before, rest.length, rest.at(-1)?.at ?? entry.at) : undefined
    const removed = await repository().removeLast(id, entry.seq, summary)
    if (!removed.ok) {
      if (removed.error.code === 'storage.conflict') await load(id)
      return removed
    }
    log.value = rest
    state.value = before
    announceLogChanged({ tournamentId: id, commandCount: rest.length })
    return ok(entry)
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
    divisions,
    open,
    close,
    create,
    dispatch,
    undo,
    refresh,
    registerPlayer,
    editPlayer,
    playersNamed,
  }
})
