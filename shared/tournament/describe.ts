import type { PairingSystem } from '../pairing/types'
import type { ForfeitReason, GameResult, PlayerId } from '../results/game-result'
import { rankingSentence } from '../rules/ranking'
import { apply, fold } from './apply'
import {
  isLogControl,
  type Command,
  type CommandType,
  type GameRef,
  type LoggedCommand,
  type LogControl,
  type PairingSpec,
} from './commands'
import { commandRound, undoneBy } from './log'
import { mendWords } from './mend'
import { divisionNamed } from './lookup'
import { describeContention, describeDoNotPair } from './pairing-rules'
import { describePrizeTable } from './prizes'
import { ratingSystemWords } from './rating-settings'
import { phoneAccessWords } from './phone-access'
import { disqualifiedFromRound } from './players'
import { splitLeavers } from './roster'
import { sameEntry, tableEntries } from './phone-results'
import { findGame } from './record-result'
import type { Division, PlanStep, TournamentState } from './types'

/*
 * One short English line per command, for the audit view ("who changed table 12's score, and
 * when") and the CLI. Names come from the state the command was given in, when one is passed.
 */

/**
 * Milliseconds as a UTC time of day: shared/ reads no clock and knows no time zone, so this is for
 * the CLI; the screens pass their own local formatting in `DescribeOptions`.
 */
export function timeOfDay(ms: number): string {
  const seconds = Math.floor(ms / 1000)
  const day = ((seconds % 86_400) + 86_400) % 86_400
  const pad = (n: number): string => String(n).padStart(2, '0')
  return `${pad(Math.floor(day / 3600))}:${pad(Math.floor((day % 3600) / 60))}:${pad(day % 60)} UTC`
}

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0')

interface Names {
  /** "Ann (#1)", or "#1" when the name is not known. */
  readonly full: (player: PlayerId) => string
  /** "Ann", or "#1". */
  readonly short: (player: PlayerId) => string
}

function namesIn(division: Division | undefined): Names {
  const name = (player: PlayerId): string | undefined =>
    Number.isInteger(player) ? division?.players[player - 1]?.name : undefined
  return {
    full: (player) => {
      const known = name(player)
      return known === undefined ? `#${player}` : `${known} (#${player})`
    },
    short: (player) => name(player) ?? `#${player}`,
  }
}

/** A result in words, e.g. "Ann 412 – Bob 398 (Bob −10 overtime)", with names from `division`. */
export function describeResultIn(result: GameResult, division: Division | undefined): string {
  return describeResult(result, namesIn(division))
}

/** Why a forfeit was given, as History and the desk say it. */
function forfeitWords(reason: ForfeitReason): string {
  switch (reason) {
    case 'no-show':
    case 'late':
    case 'walk-out':
      return reason
    case 'director':
      // MSA 19, WSC 14.6, NEON 18: a flagrant breach of the rules or a disqualification.
      return 'declared by the director'
  }
}

function describeResult(result: GameResult, names: Names): string {
  switch (result.kind) {
    case 'played': {
      const [a, b] = result.players
      const line = `${names.short(a)} ${result.scores[0]} – ${names.short(b)} ${result.scores[1]}`
      const overtime = result.players
        .map((player, i) => {
          const points = (result.rawScores[i] ?? 0) - (result.scores[i] ?? 0)
          return points > 0 ? `${names.short(player)} −${points} overtime` : null
        })
        .filter((text) => text !== null)
      return overtime.length > 0 ? `${line} (${overtime.join(', ')})` : line
    }
    case 'bye':
      return `${names.short(result.player)} has a bye (${signed(result.spread)})`
    case 'forfeit': {
      const left = result.scoresAtDeparture
      const at =
        left === undefined
          ? ''
          : ` (${left.winner}–${left.loser} when ${names.short(result.loser)} left)`
      return `${names.short(result.winner)} wins by forfeit (${forfeitWords(result.reason)}) over ${names.short(result.loser)}, ${signed(result.spread)}${at}`
    }
    case 'doubleForfeit':
      return `${names.short(result.players[0])} and ${names.short(result.players[1])} both forfeit, ${signed(-result.spread)} each`
    case 'unplayed':
      return `${result.players.map(names.short).join(' and ')}: not played`
  }
}

function where(round: number, table: number | null): string {
  return table === null ? `Round ${round}` : `Round ${round}, table ${table}`
}

/** The table a result command names, when it names one or the state can find it. */
function tableOf(division: Division | undefined, round: number, game: GameRef): number | null {
  if ('table' in game) return game.table
  const pairings = division?.rounds[round - 1]?.pairings ?? []
  const found = pairings.find(
    (p) =>
      p.kind === 'game' &&
      game.players.length === 2 &&
      game.players.every((player) => p.players.includes(player)),
  )
  return found?.kind === 'game' ? found.table : null
}

/** The correction repeats the entered result and only adds who went first. */
function onlyStarter(
  division: Division | undefined,
  command: Extract<Command, { readonly type: 'correctResult' }>,
): boolean {
  const round = division?.rounds[command.round - 1]
  if (round === undefined) return false
  const index = findGame(round, command.game)
  const entered = index.ok ? round.results[index.value] : null
  return entered != null && JSON.stringify(entered.result) === JSON.stringify(command.result)
}

function countPairings(pairings: readonly PairingSpec[]): string {
  const games = pairings.filter((p) => p.kind === 'game').length
  const byes = pairings.length - games
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`
  return byes === 0 ? plural(games, 'game') : `${plural(games, 'game')} and ${plural(byes, 'bye')}`
}

function describeEdit(
  command: Extract<Command, { readonly type: 'editPairing' }>,
  names: Names,
): string {
  const at = where(command.round, command.table)
  const change = command.change
  switch (change.kind) {
    case 'replace':
      return `${at}: now ${names.full(change.players[0])} v ${names.full(change.players[1])}`
    case 'swap':
      return `${at}: ${names.full(change.player)} swapped with ${names.full(change.with)}`
    case 'lock':
      return `${at}: ${change.locked ? 'locked' : 'unlocked'}`
  }
}

const SYSTEM_NAMES: Readonly<Record<PairingSystem, string>> = {
  swiss: 'Swiss',
  koth: 'King of the Hill',
  'round-robin': 'round robin',
  'double-round-robin': 'double round robin',
  random: 'random draw',
  rating: 'seeded by rating',
  fontes: 'Initial Fontes',
  australian: 'Australian Draw',
  manual: 'manual',
  cop: 'COP',
}

/** A pairing system in words for people: "Initial Fontes", never the stored key "fontes". */
export function systemWords(system: string): string {
  const known = (SYSTEM_NAMES as Readonly<Record<string, string>>)[system]
  return known ?? system
}

/**
 * What a plan step's rounds are paired on, as the plan editor offers it: round 1 has no standings
 * yet and is paired on ratings, so a step from round 1 says so rather than "the previous round".
 */
export function basisWords(basedOn: PlanStep['basedOn'], fromRound: number): string {
  const later = basedOn === 'lagged' ? 'the round before that (lagged)' : 'the previous round'
  return fromRound <= 1 ? `ratings in round 1, then ${later}` : later
}

/** "from round 4: Swiss, lagged, up to 1 repeat". */
export function describePlanStep(step: PlanStep): string {
  const parts = [SYSTEM_NAMES[step.system]]
  if (step.basedOn === 'lagged') parts.push('lagged')
  if (step.neighbours === true) parts.push('neighbours in each score group')
  if (step.maxRepeats === null) parts.push('repeats only minimised')
  else if (step.maxRepeats > 0) {
    parts.push(`up to ${step.maxRepeats} repeat${step.maxRepeats === 1 ? '' : 's'}`)
  }
  return `from round ${step.fromRound}: ${parts.join(', ')}`
}

/** "session breaks after rounds 7 and 12", "a session break after round 4", "no session breaks". */
export function describeSessionBreaks(breaks: readonly number[] | undefined): string {
  const list = breaks ?? []
  if (list.length === 0) return 'no session breaks'
  if (list.length === 1) return `a session break after round ${list[0]}`
  return `session breaks after rounds ${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`
}

export interface DescribeOptions {
  /** How an instant (ms) is written: the director's local time on screen; UTC by default. */
  readonly timeOfDay?: (ms: number) => string
}

export function describeCommand(
  command: Command,
  state?: TournamentState,
  options: DescribeOptions = {},
): string {
  const clockTime = options.timeOfDay ?? timeOfDay
  if (command.type === 'createTournament') {
    const breaks = command.info.sessionBreaks ?? []
    const sessions = breaks.length > 0 ? `, ${describeSessionBreaks(breaks)}` : ''
    return `Created “${command.info.name}”: ${command.info.rounds} rounds, ${command.rules.name}${sessions}`
  }
  if (command.type === 'editTournamentInfo') {
    // Breaks are named when set, and their removal when the event had some.
    const breaks = command.info.sessionBreaks ?? []
    const had = (state?.info.sessionBreaks ?? []).length > 0
    const sessions = breaks.length > 0 || had ? `, ${describeSessionBreaks(breaks)}` : ''
    return `Edited the event: “${command.info.name}”, ${command.info.rounds} rounds, ${command.info.startDate}${sessions}`
  }
  if (command.type === 'changeRules') return `Changed the rules to ${command.rules.name}`
  if (command.type === 'setPaperSize') return `Paper size: ${command.paperSize}`
  if (command.type === 'addDivision') return `Added division ${command.name}`
  // describeLog names the command taken back; alone, an undo knows only its position.
  if (command.type === 'undo') return `Undid command ${command.seq + 1}`
  if (command.type === 'redo') return `Redid command ${command.seq + 1}`
  if (command.type === 'mendCommand') {
    return `Command ${command.seq + 1} mended: ${describeCommand(command.command, state, options)}`
  }
  const division =
    state === undefined ? undefined : divisionNamed(state.divisions, command.division)
  const names = namesIn(division)
  const inDivision =
    state !== undefined && state.divisions.length > 1 ? ` in division ${command.division}` : ''
  switch (command.type) {
    case 'registerPlayer': {
      const rating = command.player.rating === 0 ? 'unrated' : `rating ${command.player.rating}`
      const late = command.firstRound === undefined ? '' : `, from round ${command.firstRound}`
      return `Registered ${command.player.name} (${rating})${late} in division ${command.division}`
    }
    case 'registerPlayers': {
      const count = command.players.length
      return `Registered ${String(count)} ${count === 1 ? 'player' : 'players'} from a list${inDivision}`
    }
    case 'editPlayer':
      return `Edited player ${names.full(command.playerId)}: ${command.player.name}, rating ${command.player.rating}${inDivision}`
    case 'withdrawPlayer':
      return command.disqualified === true
        ? `Disqualified ${names.full(command.player)} from round ${command.fromRound}${inDivision}`
        : `Withdrew ${names.full(command.player)} from round ${command.fromRound}${inDivision}`
    case 'reinstatePlayer':
      return `Reinstated ${names.full(command.player)}${inDivision}`
    case 'checkIn':
      return `${names.full(command.player)} checked in for ${command.day}${inDivision}`
    case 'cancelCheckIn':
      return `Cancelled the check-in of ${names.full(command.player)} for ${command.day}${inDivision}`
    case 'setPairingPlan':
      return command.plan.length === 0
        ? `Pairing plan${inDivision}: automatic`
        : `Pairing plan${inDivision}: ${command.plan.map(describePlanStep).join('; ')}`
    case 'setContention':
      return `Prize contention${inDivision}: ${describeContention(command.contention)}`
    case 'setDoNotPair':
      return `Do-not-pair list${inDivision}: ${describeDoNotPair(command.doNotPair, names.full)}`
    case 'setPrizes':
      return `Prize table${inDivision}: ${describePrizeTable(command.prizes)}`
    case 'setTableOffset':
      return command.renumberRound === undefined
        ? `Tables${inDivision} numbered from ${command.offset + 1}`
        : `Tables${inDivision} numbered from ${command.offset + 1}, round ${command.renumberRound} renumbered`
    case 'setRatingSystem':
      return command.system === null
        ? `Rating system${inDivision}: the preset’s default`
        : `Rating system${inDivision}: ${ratingSystemWords(command.system)}`
    case 'pairRound': {
      const source = [
        command.system === undefined ? undefined : systemWords(command.system),
        command.seed === undefined ? undefined : `seed ${command.seed}`,
      ].filter((part) => part !== undefined)
      const how = source.length > 0 ? ` (${source.join(', ')})` : ''
      const again = command.replace ? ' again' : ''
      return `Paired round ${command.round}${again}${inDivision}: ${countPairings(command.pairings)}${how}`
    }
    case 'editPairing':
      return describeEdit(command, names)
    case 'unpairRound':
      return `Removed the pairings of round ${command.round}${inDivision}`
    case 'publishRound':
      return `Published the pairings of round ${command.round}${inDivision}`
    case 'startRound': {
      const absent = command.absent ?? []
      const missing =
        absent.length === 0 ? '' : `; absent: ${absent.map((p) => names.full(p)).join(', ')}`
      return `Started round ${command.round} at ${clockTime(command.at)}${missing}`
    }
    case 'recordArrival': {
      const started = division?.rounds[command.round - 1]?.startedAt ?? null
      const late =
        started === null ? '' : ` (${Math.round((command.at - started) / 60_000)} min late)`
      return `Round ${command.round}: ${names.full(command.player)} arrived at ${clockTime(command.at)}${late}`
    }
    case 'markAbsent':
      return `Round ${command.round}: ${names.full(command.player)} marked absent since the start`
    case 'recordResult':
    case 'correctResult': {
      const table = tableOf(division, command.round, command.game)
      if (
        command.type === 'correctResult' &&
        command.first !== undefined &&
        onlyStarter(division, command)
      ) {
        // The result entered again only to say who went first (a drawn start learnt later).
        return `${where(command.round, table)}: ${names.short(command.first)} went first (start recorded)`
      }
      const line = `${where(command.round, table)}: ${describeResult(command.result, names)}`
      const first = command.first === undefined ? '' : `; ${names.short(command.first)} went first`
      return command.type === 'correctResult'
        ? `Corrected ${line.charAt(0).toLowerCase()}${line.slice(1)}${first}`
        : `${line}${first}`
    }
    case 'assignPenalty': {
      const reason = command.reason === '' ? '' : ` (${command.reason})`
      return `Round ${command.round}: ${names.full(command.player)} penalised ${command.points} points of spread${reason}`
    }
    case 'issueWarning': {
      const reason = command.reason === '' ? '' : `: ${command.reason}`
      const warning = `Round ${command.round}: warning to ${names.full(command.player)}${reason}`
      // NEON, During 2: the warning that reaches the count disqualifies by itself (players.ts).
      const threshold = state?.rules.results.warningsToDisqualify ?? null
      const player = division?.players.find((p) => p.id === command.player)
      const count = (division?.warnings ?? []).filter((w) => w.player === command.player).length
      if (division === undefined || threshold === null || player?.status.kind !== 'active') {
        return warning
      }
      if (count + 1 < threshold) return warning
      const from = disqualifiedFromRound(command.round)
      // The games the disqualification decides (players.ts): the one in progress, and any in a
      // round already paired, each won by the opponent.
      const decided = division.rounds
        .filter((r) => r.number >= command.round)
        .flatMap((r) =>
          r.pairings.flatMap((p, i) => {
            if (p.kind !== 'game' || !p.players.includes(command.player)) return []
            if (r.results[i] != null) return []
            const winner = p.players[0] === command.player ? p.players[1] : p.players[0]
            return [`; ${where(r.number, p.table)} to ${names.full(winner)} by forfeit`]
          }),
        )
      return `Disqualified ${names.full(command.player)} from round ${from}${inDivision} by warning ${count + 1} of ${threshold}${decided.join('')} (${warning})`
    }
    case 'overrideStarter':
      return `${where(command.round, command.table)}: ${names.full(command.starter)} starts (director’s choice)`
    case 'renameDivision':
      return `Renamed division ${command.division} to ${command.name}`
    case 'deleteRegistration':
      return `Deleted the registration of ${names.full(command.player)}${inDivision}`
    case 'movePlayer': {
      const to = state === undefined ? undefined : divisionNamed(state.divisions, command.to)
      const number = to === undefined ? '' : ` as #${String(to.players.length + 1)}`
      const games =
        command.games === undefined
          ? ''
          : command.games === 'carry'
            ? ', the games carried along'
            : ', the games forfeited to the opponents'
      return `Moved ${names.full(command.player)} from division ${command.division} to division ${command.to}${number}${games}`
    }
    case 'reserveTable':
      return command.table === null
        ? `Released the table kept for ${names.full(command.player)}${inDivision}`
        : `Table ${command.table} kept for ${names.full(command.player)} every round${inDivision}`
    case 'updateRatings': {
      const count = command.ratings.length
      return `Updated ${String(count)} ${count === 1 ? 'rating' : 'ratings'}${inDivision} from the list ${command.source}`
    }
    case 'setRanking':
      return command.ranking === null
        ? `Ranking${inDivision}: the documents’ order (wins, then spread)`
        : `Ranking${inDivision}: ${rankingSentence(command.ranking)}`
    case 'setPhoneAccess':
      return phoneAccessWords(command)
    case 'mergeDivisions': {
      const into =
        state === undefined ? undefined : divisionNamed(state.divisions, command.division)
      const from =
        state === undefined ? undefined : divisionNamed(state.divisions, command.absorbed)
      // Once merged, the absorbed name finds the merged division itself: no numbers to give.
      const numbers =
        into === undefined || from === undefined || into === from || from.players.length === 0
          ? ''
          : ` as #${String(into.players.length + 1)}–${String(into.players.length + from.players.length)}`
      return `Merged division ${command.absorbed} into division ${command.division}${numbers}`
    }
    case 'phoneResult': {
      // Issue 30: whether it waits, confirms or disputes is read from the entries it met.
      const round = division?.rounds[command.round - 1]
      const other = (round === undefined ? [] : tableEntries(round, command.table)).find(
        (e) => e.player !== command.player,
      )
      const phone = (player: PlayerId): string => `${names.short(player)}’s phone`
      const result = describeResult(command.result, names)
      const first = command.first === undefined ? '' : `, ${names.short(command.first)} started`
      const at = where(command.round, command.table)
      if (other === undefined) {
        return `${at}: ${result}${first}, entered by ${phone(command.player)} for the opponent to confirm`
      }
      if (sameEntry(other, command)) {
        return `${at}: ${result}${first}, entered by ${phone(other.player)}, confirmed by ${phone(command.player)}`
      }
      return `${at}: ${result}${first}, entered by ${phone(command.player)}: disputed, ${phone(other.player)} entered ${describeResult(other.result, names)}`
    }
    case 'splitDivision':
      return splitWords(command, division, state)
  }
}

/**
 * "Division A split: 12 players under 1600 to A2". The count is of the state before (History) or
 * of the new division after (the Undo button); neither there, it is left out.
 */
function splitWords(
  command: Extract<Command, { readonly type: 'splitDivision' }>,
  division: Division | undefined,
  state: TournamentState | undefined,
): string {
  const made = state === undefined ? undefined : divisionNamed(state.divisions, command.name)
  const leaving =
    made === undefined && division !== undefined ? splitLeavers(division, command.by) : undefined
  const count =
    made !== undefined
      ? made.players.filter((p) => p.deleted !== true).length
      : leaving?.ok === true
        ? leaving.value.size
        : undefined
  const players =
    count === undefined ? 'players' : `${String(count)} ${count === 1 ? 'player' : 'players'}`
  const { by } = command
  switch (by.kind) {
    case 'top':
      return `Division ${command.division} split: the top ${String(by.count)} by rating stay, ${players} to ${command.name}`
    case 'rating':
      return `Division ${command.division} split: ${players} rated under ${String(by.atLeast)} to ${command.name}`
    case 'list':
      return `Division ${command.division} split: ${players} named by the director to ${command.name}`
  }
}

/**
 * Where a command belongs, for a desk deciding what to undo: "division A, round 2", "division A",
 * or "" for a command about the whole event.
 */
export function commandPlace(command: Command): string {
  const division = 'division' in command ? `division ${command.division}` : ''
  const round = commandRound(command)
  return [division, round === null ? '' : `round ${round}`].filter((p) => p !== '').join(', ')
}

/** Commands whose undo or redo changes no player name, table or round start a line mentions. */
const NAME_NEUTRAL: ReadonlySet<CommandType> = new Set<CommandType>([
  'recordResult',
  'correctResult',
  'checkIn',
  'cancelCheckIn',
  'recordArrival',
  'assignPenalty',
  'issueWarning',
  'overrideStarter',
  'publishRound',
])

export interface DescribedEntry {
  readonly seq: number
  readonly at: string
  readonly desk: string | undefined
  readonly text: string
  /** The undo that cancels this command by the log's end, or null when it is in force. */
  readonly undoneBy: number | null
  /** For an undo or redo: the command it names; else null. */
  readonly target: number | null
}

/**
 * How far a log is described (issue 33): its lines so far and the state after the last command
 * described, so a log that grows is described only from its new commands on, and a long one in
 * pieces (22 000 commands took the History screen a third of a second in one task).
 */
export interface DescribedLog {
  readonly tournamentId: string
  readonly options: DescribeOptions
  /** The log as last given; its first `texts.length` commands are described. */
  readonly log: readonly LoggedCommand[]
  readonly texts: readonly string[]
  /** The state after the commands described (the last good one, if the log is damaged). */
  readonly state: TournamentState | undefined
}

/**
 * Whether `held` described the start of `log`: logs only grow (an undo is a command of its own)
 * and logged commands are never changed, so the same first and last command held is the same
 * start; a log replaced (another file, a log read again) is described from its start.
 */
function continues(
  held: DescribedLog,
  tournamentId: string,
  log: readonly LoggedCommand[],
  options: DescribeOptions,
): boolean {
  const n = held.texts.length
  return (
    held.tournamentId === tournamentId &&
    held.options === options &&
    n <= log.length &&
    (n === 0 || (held.log[0] === log[0] && held.log[n - 1] === log[n - 1]))
  )
}

/**
 * Describes up to `limit` more commands of `log` after those `held` describes (all of them from
 * the start when `held` is undefined or describes another log): the same lines as `describeLog`.
 */
export function describeMore(
  held: DescribedLog | undefined,
  tournamentId: string,
  log: readonly LoggedCommand[],
  options: DescribeOptions = {},
  limit: number = Infinity,
): DescribedLog {
  const start =
    held !== undefined && continues(held, tournamentId, log, options)
      ? held
      : { tournamentId, options, log, texts: [], state: undefined }
  let state = start.state
  const texts = [...start.texts]
  const end = Math.min(log.length, texts.length + limit)
  for (let index = texts.length; index < end; index++) {
    const command = (log[index] as LoggedCommand).command
    let text: string
    if (isLogControl(command)) {
      text = describeControl(command, log[command.seq]?.command, texts[command.seq], state, options)
      // Names after an undo come from the log as it now folds (a damaged log keeps the last good);
      // taking back a result or a check-in changes no name or table, so the fold is spared. A mend
      // may let a command apply that did not, so the log is folded again after it.
      const targetType = log[command.seq]?.command.type
      const neutral = targetType !== undefined && NAME_NEUTRAL.has(targetType)
      if (command.type === 'mendCommand' || !neutral) {
        const refolded = fold(tournamentId, log.slice(0, index + 1))
        if (refolded.ok) state = refolded.value
      }
    } else {
      text = describeCommand(command, state, options)
      const next = apply(state, command, tournamentId)
      if (next.ok) state = next.value
    }
    texts.push(text)
  }
  return { tournamentId, options, log, texts, state }
}

/**
 * An undo or redo in the words of the command it names; a mend (issue 28) by what it changed:
 * "Command 12 mended: score of #3 4120 → 412".
 */
function describeControl(
  command: LogControl,
  target: Command | undefined,
  targetText: string | undefined,
  state: TournamentState | undefined,
  options: DescribeOptions,
): string {
  switch (command.type) {
    case 'undo':
    case 'redo': {
      const verb = command.type === 'undo' ? 'Undid' : 'Redid'
      return `${verb} #${command.seq + 1}: ${targetText ?? 'a command that is not in the log'}`
    }
    case 'mendCommand': {
      const changed = target === undefined ? '' : mendWords(target, command.command)
      return changed === ''
        ? describeCommand(command, state, options)
        : `Command ${command.seq + 1} mended: ${changed}`
    }
  }
}

/** Whether every command of its log is described. */
export const describedAll = (described: DescribedLog): boolean =>
  described.texts.length === described.log.length

/** The described commands' entries, each marked undone when an undo by the log's end cancels it. */
export function describedEntries(described: DescribedLog): readonly DescribedEntry[] {
  const by = undoneBy(described.log)
  return described.texts.map((text, index) => {
    const entry = described.log[index] as LoggedCommand
    const command = entry.command
    return {
      seq: entry.seq,
      at: entry.at,
      desk: entry.desk,
      text,
      undoneBy: by.get(entry.seq) ?? null,
      target: isLogControl(command) ? command.seq : null,
    }
  })
}

/**
 * Each logged command with its line, named from the state just before it; an undo or redo says
 * which command it takes back or gives back, in that command's own words.
 */
export function describeLog(
  tournamentId: string,
  log: readonly LoggedCommand[],
  options: DescribeOptions = {},
): readonly DescribedEntry[] {
  return describedEntries(describeMore(undefined, tournamentId, log, options))
}
