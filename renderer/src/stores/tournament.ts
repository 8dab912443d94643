import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { err, ok, type Result, type RuleError } from '../../../shared/result'
import { rulesFromPreset } from '../../../shared/rules/presets'
import type { PresetId } from '../../../shared/rules/rule-set'
import {
  changedElsewhere as whatChanged,
  changedElsewhereRefusal,
  type ChangedElsewhere,
} from '../../../shared/desk/changed-elsewhere'
import { followLog, tailAfter, type HeldLog } from '../../../shared/formats/follow-log'
import { checkLogSteps, type LogProblem } from '../../../shared/formats/tournament-file'
import { apply, LOG_START, resumeFold, type Checkpoint } from '../../../shared/tournament/apply'
import {
  checkpointBefore,
  checkpointsAfter,
  warmUpPositions,
  withCheckpoint,
} from '../../../shared/tournament/checkpoints'
import {
  isLogControl,
  type Command,
  type LogControl,
  type LoggedCommand,
} from '../../../shared/tournament/commands'
import { defaultRedoTarget, defaultUndoTarget, planControl } from '../../../shared/tournament/log'
import { LOG_VERSION } from '../../../shared/tournament/log-version'
import { withPending, type PendingProposal } from '../../../shared/venue/pending'
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
import type { StoredLog } from '../db/repository'
import { headOf, storageFailed, summarize, summarizeLog } from '../db/summary'
import { formatClockTime } from '../format'
import { windowDesk } from './desk-id'
import { channel } from './command-channel'
import { announceLogChanged, onLogChanged, type LogChanged } from './live'
import { ruleNow } from './rule-clock'
import { randomUuid } from '../random-id'
import { inSlices } from '../workers/in-slices'

export type { ChangedElsewhere } from '../../../shared/desk/changed-elsewhere'

/**
 * The open tournament: its command log and the state folded from it. Every change goes through
 * `dispatch`, which applies the command with the rules engine first and hands it on only if it is
 * valid and only onto the log this window holds (its head), so the screen and the database never
 * disagree and no window writes into a log it has not seen. Where commands go and where the log
 * comes from is the command channel (`command-channel.ts`): stored on one laptop, proposed on
 * the venue network, where the store holds the accepted log's fold and shows this desk's pending
 * commands on top of it (issue 27).
 */
export const useTournamentStore = defineStore('tournament', () => {
  const tournamentId = ref<string | null>(null)
  const log = shallowRef<readonly LoggedCommand[]>([])
  const generation = ref(0)
  const state = shallowRef<TournamentState | undefined>()
  const loadError = shallowRef<RuleError | null>(null)
  /**
   * A stored log that does not open: a command that cannot be read (damaged, of a type or version
   * this Rackside does not know) or does not fold. The tournament opens in the recovery view,
   * naming the command (issues 13 and 20).
   */
  const broken = shallowRef<LogProblem | null>(null)
  /** The stored entries as read, unchecked: what the recovery view exports when some cannot be read. */
  const storedEntries = shallowRef<readonly unknown[]>([])
  /** What another window changed, shown until the director dismisses it. */
  const changedElsewhere = shallowRef<ChangedElsewhere | null>(null)
  /**
   * This window's desk, read when a command is stamped and when Undo picks its target: sharing
   * switches the window to the director's desk and stopping switches it back (issue 27).
   */
  const currentDesk = windowDesk()
  const desk = computed(currentDesk)
  /** Set when another window replaced the log: the next entry here is refused once, with why. */
  let refuseNext: RuleError | null = null
  /**
   * States along the held log (shared/tournament/checkpoints.ts), so an undo or redo folds only
   * the commands after the one it names (issue 20: under 100 ms at 2000 players × 20 rounds).
   */
  let checkpoints: Checkpoint[] = []
  /** Changes whenever the checkpoints start again: a warm-up of an older log stops. */
  let checkpointEpoch = 0
  /**
   * The stored (on the venue network: accepted) log and its fold, under what the window shows;
   * null while none that folds is held. Followed as it grows (`followLog`), never read whole again
   * on a change (issue 27). On one laptop it is what the window shows.
   */
  let accepted: HeldLog | null = null
  /**
   * This desk's pending commands (issue 27): `pendingSeen`, the ids the channel last said were
   * waiting; `pendingShown`, those shown on top of the accepted log (the ones that still apply).
   * The same accepted log and the same ids are not folded again.
   */
  let pendingSeen: readonly string[] = []
  let pendingShown: readonly string[] = []

  function startCheckpoints(): void {
    checkpoints = []
    checkpointEpoch++
  }

  /**
   * After a log is opened, its checkpoints are made by folding it again in slices of at most a
   * frame's time (16 ms), between the desk's own work: never one long task on the page.
   */
  function warmCheckpoints(id: string): void {
    startCheckpoints()
    const epoch = checkpointEpoch
    const held = accepted?.log ?? []
    const positions = warmUpPositions(held.length)
    let from: Checkpoint = LOG_START
    const slice = (k: number): void => {
      if (epoch !== checkpointEpoch || tournamentId.value !== id) return
      const started = performance.now()
      while (k < positions.length && performance.now() - started < 16) {
        const at = positions[k] as number
        const folded = resumeFold(id, held, from, at)
        if (!folded.ok) return
        from = { at, state: folded.value }
        checkpoints = withCheckpoint(checkpoints, from)
        k++
      }
      if (k < positions.length) setTimeout(() => slice(k), 0)
    }
    setTimeout(() => slice(0), 0)
  }

  const divisions = computed<readonly Division[]>(() => state.value?.divisions ?? [])

  function reset(id: string | null): void {
    tournamentId.value = id
    log.value = []
    storedEntries.value = []
    generation.value = 0
    state.value = undefined
    loadError.value = null
    broken.value = null
    changedElsewhere.value = null
    refuseNext = null
    accepted = null
    pendingSeen = []
    pendingShown = []
    startCheckpoints()
  }

  async function open(id: string): Promise<boolean> {
    if (tournamentId.value === id && (state.value || broken.value)) return state.value !== undefined
    reset(id)
    return load(id)
  }

  /**
   * Shows a log this window has just stored whole (a file opened, a tsh import, a backup restored)
   * with the state its caller folded while checking it, instead of reading 10 000 rows back and
   * folding them again (issue 20: half the wait of opening a 1000-player file).
   */
  function adopt(
    stored: {
      readonly tournamentId: string
      readonly log: readonly LoggedCommand[]
      readonly state: TournamentState
    },
    storedGeneration: number,
  ): void {
    reset(stored.tournamentId)
    storedEntries.value = stored.log
    log.value = stored.log
    state.value = stored.state
    generation.value = storedGeneration
    accepted = { log: stored.log, state: stored.state, generation: storedGeneration }
    warmCheckpoints(stored.tournamentId)
  }

  /**
   * Reads what is stored: only the commands after the last one this window holds when they extend
   * it (issue 19: a projector re-read a 20 000-command log on every result), else the whole log;
   * then this desk's pending commands, shown on top (issue 27).
   */
  async function load(id: string): Promise<boolean> {
    const held = accepted
    if (held === null || broken.value !== null) return loadWhole(id)
    let tail: StoredLog | undefined
    let waiting: readonly PendingProposal[]
    try {
      // Pending first: one accepted between the two reads is then in both, and left out below.
      waiting = await pendingOf(id)
      tail = await channel().readFrom(id, tailAfter(held))
    } catch (error) {
      return failedToRead(id, error)
    }
    if (tournamentId.value !== id) return false
    // Another load moved this window on while the tail was read: start from the stored truth.
    if (tail === undefined || accepted !== held) return loadWhole(id)
    const followed = followLog(id, held, tail)
    if (!followed.ok) return showBroken(followed.error)
    if (followed.value.kind === 'reload') return loadWhole(id)
    const { added, refolded } = followed.value
    const next: HeldLog =
      added === 0 && !refolded
        ? held
        : { log: followed.value.log, state: followed.value.state, generation: held.generation }
    showPending(id, next, next.log.slice(held.log.length), waiting)
    // Commands added after the held ones leave its checkpoints true; an undo or redo folded again.
    if (refolded) warmCheckpoints(id)
    return true
  }

  async function pendingOf(id: string): Promise<readonly PendingProposal[]> {
    const source = channel()
    return source.pending === undefined ? [] : source.pending(id)
  }

  /**
   * Shows `next`, the accepted log, with this desk's pending commands on top, each applied once
   * (`withPending`), leaving out those accepted among `added`. An accepted log and pending list
   * that did not change are not folded again: the window shows them already.
   */
  function showPending(
    id: string,
    next: HeldLog,
    added: readonly LoggedCommand[],
    waiting: readonly PendingProposal[],
  ): void {
    const acceptedIds = new Set(added.map((entry) => entry.proposal))
    const still = waiting.filter((proposal) => !acceptedIds.has(proposal._id))
    const ids = still.map((proposal) => proposal._id)
    const same = ids.length === pendingSeen.length && ids.every((p, i) => p === pendingSeen[i])
    if (next === accepted && same && state.value !== undefined) return
    accepted = next
    pendingSeen = ids
    const shown = withPending(id, next, still, currentDesk())
    pendingShown = shown.shown.map((proposal) => proposal._id)
    log.value = shown.log
    storedEntries.value = shown.log
    state.value = shown.state
  }

  /** Storage that fails on reading says so, rather than leaving the screen on "Opening…". */
  function failedToRead(id: string, error: unknown): false {
    if (tournamentId.value === id) {
      const failed = storageFailed(error)
      loadError.value = failed.ok ? null : failed.error
    }
    return false
  }

  /**
   * Only the commands read before the one that stops the log are described and built on; an
   * append onto them is refused by the head check, so nothing is written past a bad row.
   */
  function showBroken(problem: LogProblem): false {
    log.value = problem.readable
    state.value = undefined
    accepted = null
    pendingSeen = []
    pendingShown = []
    broken.value = problem
    return false
  }

  /** Reads the whole stored log and checks it as a file is (issue 20). */
  async function loadWhole(id: string): Promise<boolean> {
    let stored: StoredLog | undefined
    let waiting: readonly PendingProposal[]
    try {
      waiting = await pendingOf(id)
      stored = await channel().loadStored(id)
    } catch (error) {
      return failedToRead(id, error)
    }
    // A newer open() or close() has moved on while this log was read.
    if (tournamentId.value !== id) return false
    if (!stored) {
      loadError.value = { code: 'tournament.not-found', message: 'There is no such tournament.' }
      log.value = []
      state.value = undefined
      accepted = null
      return false
    }
    storedEntries.value = stored.log
    // Issue 33: a slice of the page at a time, not one task of half a second at 2000 players.
    const folded = await inSlices(checkLogSteps(id, stored.log))
    if (tournamentId.value !== id) return false
    generation.value = stored.generation
    if (!folded.ok) return showBroken(folded.error)
    loadError.value = null
    broken.value = null
    accepted = null
    pendingSeen = []
    const whole = {
      log: folded.value.log,
      state: folded.value.state,
      generation: stored.generation,
    }
    showPending(id, whole, waiting.length === 0 ? [] : whole.log, waiting)
    warmCheckpoints(id)
    return true
  }

  /** Reloads after another window's change and records what it changed. */
  async function reloadChanged(
    id: string,
    reason: ChangedElsewhere['reason'],
  ): Promise<ChangedElsewhere | null> {
    const held = log.value
    const heldGeneration = generation.value
    await load(id)
    if (tournamentId.value !== id) return null
    const replaced = reason === 'replaced' || generation.value !== heldGeneration
    const change = whatChanged(id, held, log.value, replaced, { timeOfDay: formatClockTime })
    changedElsewhere.value = change
    return change
  }

  /**
   * Another window stored a command or replaced the log: read the stored log again, in the command
   * queue so no command of ours is applied to a state that is being replaced. After a replace the
   * next entry here is refused once, saying what changed: the director was looking at another log.
   */
  function refresh(change?: LogChanged): Promise<boolean> {
    const next = queue.then(async () => {
      const id = tournamentId.value
      if (!id) return false
      // A window that holds nothing yet (still opening) was looking at no log: a change of
      // generation is no replace for it, only the log to read (issue 21: a venue desk's link
      // announced its first replication while the desk was opening, and the desk refused the
      // operator's first result as "replaced from a file").
      const holding = log.value.length > 0
      if (holding && change !== undefined && change.generation !== generation.value) {
        const seen = await reloadChanged(id, 'replaced')
        if (seen) refuseNext = { code: 'storage.replaced', message: changedElsewhereRefusal(seen) }
        return state.value !== undefined
      }
      return load(id)
    })
    queue = next
    return next
  }

  onLogChanged((change) => {
    // Even at the same length the log may differ (an undo and a new command elsewhere).
    if (change.tournamentId === tournamentId.value) void refresh(change)
  })

  function close(): void {
    reset(null)
  }

  /**
   * Commands are applied one at a time, in the order given: a fast desk can press Enter again
   * before the last command is stored, and each command must see the state the previous one made.
   */
  let queue: Promise<unknown> = Promise.resolve()

  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work)
    queue = next
    return next
  }

  function dispatch(command: Command): Promise<Result<TournamentState>> {
    return enqueue(() => applyAndStore(command))
  }

  /** The log entry this desk appends for `command`: the next seq, now, this desk, this version. */
  function nextEntry(command: Command): LoggedCommand {
    return {
      seq: log.value.length,
      at: new Date(ruleNow()).toISOString(),
      desk: currentDesk(),
      version: LOG_VERSION,
      command,
    }
  }

  async function applyAndStore(command: Command): Promise<Result<TournamentState>> {
    const id = tournamentId.value
    if (!id) return err('tournament.none-open', 'No tournament is open.')
    if (refuseNext) {
      const refusal = refuseNext
      refuseNext = null
      return { ok: false, error: refusal }
    }
    if (isLogControl(command)) return control(id, command)
    const next = apply(state.value, command, id)
    if (!next.ok) return next
    return store(id, nextEntry(command), next.value)
  }

  /** Stores `entry` onto the log this window holds; a refusal reloads and says what changed. */
  async function store(
    id: string,
    entry: LoggedCommand,
    next: TournamentState | undefined,
  ): Promise<Result<TournamentState>> {
    const nextLog = [...log.value, entry]
    const summary = next
      ? summarize(next, nextLog.length, entry.at)
      : summarizeLog(id, nextLog, entry.at)
    if (!summary) return err('tournament.missing', 'The log would hold no tournament.')
    const sent = await channel().send(id, entry, summary, {
      head: headOf(log.value, generation.value),
      accepted: accepted?.log ?? [],
      pending: pendingShown,
    })
    if (!sent.ok) {
      const code = sent.error.code
      if (code !== 'storage.conflict' && code !== 'storage.replaced') return sent
      const seen = await reloadChanged(id, code === 'storage.replaced' ? 'replaced' : 'changed')
      return err(code, seen ? changedElsewhereRefusal(seen) : sent.error.message)
    }
    if (sent.value.kind === 'proposed') {
      // Waiting for the authority: shown on top of the accepted log, which stays as it is.
      const proposal = sent.value.id
      pendingSeen = [...pendingSeen, proposal]
      pendingShown = [...pendingShown, proposal]
      nextLog[nextLog.length - 1] = { ...entry, proposal }
    } else if (next === undefined || state.value === undefined) startCheckpoints()
    else {
      if (isLogControl(entry.command)) checkpointEpoch++
      checkpoints = checkpointsAfter(checkpoints, entry, state.value)
    }
    if (sent.value.kind === 'stored') {
      accepted =
        next === undefined ? null : { log: nextLog, state: next, generation: generation.value }
    }
    log.value = nextLog
    storedEntries.value = nextLog
    state.value = next
    broken.value = null
    if (next !== undefined) loadError.value = null
    announceLogChanged({
      tournamentId: id,
      commandCount: nextLog.length,
      generation: generation.value,
    })
    return next === undefined ? err('log.does-not-fold', 'The log still does not fold.') : ok(next)
  }

  /** An undo or redo, checked against the whole log before it is stored. */
  async function control(id: string, command: LogControl): Promise<Result<TournamentState>> {
    const stamp = { at: new Date(ruleNow()).toISOString(), desk: currentDesk() }
    const from = checkpointBefore(checkpoints, command.seq) ?? LOG_START
    const planned = planControl(id, log.value, command, stamp, from)
    if (!planned.ok) {
      // In recovery the log does not fold yet; cancelling the failing command must still be stored.
      if (broken.value === null || !planned.error.code.endsWith('.blocked')) return planned
      const saved = await store(id, nextEntry(command), undefined)
      if (!saved.ok && saved.error.code === 'log.does-not-fold') await load(id)
      return saved
    }
    return store(id, planned.value.entry, planned.value.state)
  }

  /**
   * Undo (issue 13): an undo command naming the command it cancels, stored like any command, so
   * nothing leaves the log. By default this desk's own newest command still in force; another
   * desk's command only when named by `seq`. In the same queue as commands, so an undo pressed
   * right after Enter undoes that command.
   */
  function undo(seq?: number): Promise<Result<LoggedCommand>> {
    return enqueue(async () => {
      const target =
        seq === undefined ? defaultUndoTarget(log.value, currentDesk()) : log.value[seq]
      if (!target) return err('log.nothing-to-undo', 'This desk has nothing left to undo.')
      const done = await applyAndStore({ type: 'undo', seq: target.seq })
      return done.ok ? ok(target) : done
    })
  }

  /** Redo: gives back a command an undo cancelled; by default this desk's newest undone one. */
  function redo(seq?: number): Promise<Result<LoggedCommand>> {
    return enqueue(async () => {
      const target =
        seq === undefined ? defaultRedoTarget(log.value, currentDesk()) : log.value[seq]
      if (!target) return err('log.nothing-to-redo', 'This desk has nothing undone to redo.')
      const done = await applyAndStore({ type: 'redo', seq: target.seq })
      return done.ok ? ok(target) : done
    })
  }

  function dismissChange(): void {
    changedElsewhere.value = null
  }

  async function create(info: TournamentInfo, preset: PresetId): Promise<Result<TournamentState>> {
    reset(randomUuid())
    const created = await dispatch({
      type: 'createTournament',
      info,
      rules: rulesFromPreset(preset),
    })
    if (!created.ok) reset(null)
    return created
  }

  /** `firstRound`: a late entry's first round, when the desk chose it (else the rule's). */
  async function registerPlayer(
    division: string,
    input: PlayerInput,
    firstRound?: number,
  ): Promise<Result<TournamentState>> {
    const fields = validatePlayerInput(input)
    if (!fields.ok) return fields
    // Issue 27: the player's key for good, made here, where the registration is typed.
    return dispatch({
      type: 'registerPlayer',
      division,
      player: fields.value,
      key: randomUuid(),
      ...(firstRound === undefined ? {} : { firstRound }),
    })
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

  /**
   * The division's players with this name, once the commands already queued have applied: a
   * second registration typed before the first is stored must still be warned about (desk trap).
   */
  function playersNamed(division: string, name: string): Promise<readonly Player[]> {
    return enqueue(async () => {
      const found = divisions.value.find((d) => d.name === division)
      return found ? sameNamePlayers(found, name) : []
    })
  }

  return {
    tournamentId,
    log,
    generation,
    state,
    loadError,
    broken,
    storedEntries,
    changedElsewhere,
    desk,
    divisions,
    open,
    adopt,
    close,
    create,
    dispatch,
    undo,
    redo,
    refresh,
    dismissChange,
    registerPlayer,
    editPlayer,
    playersNamed,
  }
})
