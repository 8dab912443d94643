/*
 * A commuting command built on an older head, brought to the current state (issue 27): each
 * player it names by key is looked up where he is now, the game it names must still seat the
 * players the desk saw, a correction must replace the result the desk saw, and a registration
 * must not be a second desk's typing of a player registered meanwhile. The answer is the command
 * with today's numbers, or a refusal that says what changed: never a silent retarget. The
 * authority decides with it (decide.ts) and a desk shows its own pending proposals with it
 * (shared/venue/pending.ts), so what a desk shows is what the authority will decide.
 */
import { err, ok, type Result } from '../result'
import { resultPlayers, type GameResult, type PlayerId } from '../results/game-result'
import { cancelledSeqs } from '../tournament/cancel'
import {
  isLogControl,
  keyedPlayers,
  type Command,
  type LoggedCommand,
  type PlayerKey,
} from '../tournament/commands'
import { describeResultIn } from '../tournament/describe'
import { stableJson } from '../tournament/log'
import { divisionNamed, pairingPlayers } from '../tournament/lookup'
import { foldName } from '../tournament/names'
import { playerWithKey } from '../tournament/players'
import { findGame } from '../tournament/record-result'
import type { Division, Pairing, TournamentState } from '../tournament/types'
import { tidyName } from '../tournament/validation'

/** What the command is decided against: the accepted log, and the state it goes onto. */
export interface RebaseView {
  /** The accepted log (the authority's; the log a desk holds). */
  readonly log: readonly LoggedCommand[]
  /**
   * The state the command is applied to: the log's fold at the authority; at a desk, that fold
   * followed by the desk's own pending proposals before this one.
   */
  readonly state: TournamentState | undefined
}

/** The command as the desk sent it. */
export interface Rebasing {
  readonly command: Command
  /** How many commands of the log the desk had seen (`BuiltOn.length`). */
  readonly builtOn: number
  /** The desk's id: its own commands are ones it has seen, even when built on an older head. */
  readonly desk: string
}

/**
 * The command re-targeted to the current numbers, or the refusal. Built on the current head it
 * comes back as it is (apply checks that its numbers name the keyed players), save a correction,
 * which must replace the result the desk saw whatever head it was built on.
 */
export function rebase(view: RebaseView, rebasing: Rebasing): Result<Command> {
  const { command, builtOn } = rebasing
  const stale = builtOn < view.log.length
  let current = command
  if (stale) {
    const keyed = keyedPlayers(command)
    const moved =
      keyed === undefined ? checkKeyless(view, rebasing) : retarget(view, command, keyed)
    if (!moved.ok) return moved
    current = moved.value
    const registered = checkSameName(view, rebasing)
    if (!registered.ok) return registered
  }
  if (current.type === 'correctResult') {
    const replaced = checkReplaces(view, current, rebasing)
    if (!replaced.ok) return replaced
  }
  return ok(current)
}

/**
 * The command with each keyed player at his current number (`apply` itself never re-targets);
 * a command that needs no change comes back as it is. Undefined when a key names nobody now.
 */
export function renumbered(
  state: TournamentState | undefined,
  command: Command,
): Command | undefined {
  const keyed = keyedPlayers(command)
  if (keyed === undefined) return command
  // A division renamed since the desk built the command keeps its former names (issue 32).
  const division = state === undefined ? undefined : divisionNamed(state.divisions, keyed.division)
  if (division === undefined) return undefined
  const numbers = new Map<PlayerId, PlayerId>()
  for (const { player, key } of keyed.keys) {
    const now = playerWithKey(division, key)
    if (now === undefined) return undefined
    numbers.set(player, now.id)
  }
  return [...numbers].every(([was, now]) => was === now)
    ? command
    : withNumbers(command, (p) => numbers.get(p) ?? p)
}

function divisionOf(view: RebaseView, name: string): Division | undefined {
  return view.state === undefined ? undefined : divisionNamed(view.state.divisions, name)
}

function retarget(
  view: RebaseView,
  command: Command,
  keyed: { readonly division: string; readonly keys: readonly PlayerKey[] },
): Result<Command> {
  const division = divisionOf(view, keyed.division)
  // A division refused or undone meanwhile: apply says so in its own words.
  if (division === undefined) return ok(command)
  for (const { player, key } of keyed.keys) {
    if (playerWithKey(division, key) !== undefined) continue
    return err(
      'authority.unknown-player',
      `The player this desk named #${String(player)} of ${division.name} is not registered: the registration this desk made was refused or taken back. Look at the roster again.`,
      { details: { player, key, division: division.name } },
    )
  }
  const moved = renumbered(view.state, command) ?? command
  if (moved.type === 'recordResult' || moved.type === 'correctResult') {
    const seated = checkSeated(division, moved, moved.keys ?? [])
    if (!seated.ok) return seated
  }
  return ok(moved)
}

/** A result's game must still seat the players the desk saw there (a table may be re-paired). */
function checkSeated(
  division: Division,
  command: Extract<Command, { readonly type: 'recordResult' | 'correctResult' }>,
  keys: readonly PlayerKey[],
): Result<void> {
  const round = division.rounds[command.round - 1]
  if (round === undefined || !('table' in command.game) || keys.length === 0) return ok(undefined)
  const index = findGame(round, command.game)
  // A table that is gone: apply's own refusal names it.
  if (!index.ok) return ok(undefined)
  const pairing = round.pairings[index.value] as Pairing
  const seated = pairingPlayers(pairing)
  const saw = keys.map((k) => k.player)
  if (seated.length === saw.length && seated.every((p) => saw.includes(p))) return ok(undefined)
  const names = (players: readonly PlayerId[]) =>
    players.map((p) => division.players[p - 1]?.name ?? `#${String(p)}`).join('–')
  return err(
    'authority.re-paired',
    `Table ${String(command.game.table)} of round ${String(round.number)} now seats ${names(seated)}, not the players this desk saw (${names(saw)}): look at the pairings again.`,
    { details: { table: command.game.table, round: round.number } },
  )
}

/** Every player number a command names, keyed or not. */
function namedNumbers(command: Command): readonly PlayerId[] {
  if (command.type === 'recordResult' || command.type === 'correctResult') {
    return [
      ...resultPlayers(command.result),
      ...('players' in command.game ? command.game.players : []),
      ...(command.first === undefined ? [] : [command.first]),
    ]
  }
  if (
    command.type === 'checkIn' ||
    command.type === 'cancelCheckIn' ||
    command.type === 'recordArrival' ||
    command.type === 'assignPenalty'
  ) {
    return [command.player]
  }
  return []
}

/**
 * A command without keys (from a desk older than issue 27) built on an older head: a number the
 * division did not have at that head named a player the desk registered itself and the authority
 * may have numbered otherwise, so it is ambiguous and refused, never guessed; so is any number
 * when a registration of the division was undone or redone meanwhile (the numbers after it moved).
 */
function checkKeyless(view: RebaseView, { command, builtOn }: Rebasing): Result<Command> {
  const numbers = namedNumbers(command)
  if (numbers.length === 0 || !('division' in command)) return ok(command)
  const highest = Math.max(...numbers)
  const { division } = command
  const unseen = view.log.slice(builtOn)
  const renumbered = unseen.some((e) => {
    const target = isLogControl(e.command) ? view.log[e.command.seq] : undefined
    return target !== undefined && registrationsIn(target.command, division) > 0
  })
  if (renumbered) {
    return err(
      'authority.ambiguous-player',
      `This desk named #${String(highest)} of ${division}, but a registration in ${division} was undone or redone since, which moved the numbers: look at the roster and enter it again.`,
      { details: { player: highest, division } },
    )
  }
  // Most often nothing was registered meanwhile: no need to count the players at the old head.
  const registeredSince = unseen.reduce((n, e) => n + registrationsIn(e.command, division), 0)
  const now = divisionOf(view, division)?.players.length ?? 0
  const controlled = unseen.some((e) => isLogControl(e.command))
  const then =
    registeredSince === 0 && !controlled ? now : playersAtHead(view.log, builtOn, division)
  if (highest <= then) return ok(command)
  return err(
    'authority.ambiguous-player',
    `This desk named #${String(highest)} of ${division}, which it had registered itself while other desks registered players too: the number may name someone else now. Look at the roster and enter it again.`,
    { details: { player: highest, division } },
  )
}

function registrationsIn(command: Command, division: string): number {
  if (command.type === 'registerPlayer') return command.division === division ? 1 : 0
  if (command.type !== 'registerPlayers') return 0
  return command.players.filter((p) => (p.division ?? command.division) === division).length
}

/** How many players the division had once the first `length` commands were folded. */
function playersAtHead(log: readonly LoggedCommand[], length: number, division: string): number {
  const head = log.slice(0, length)
  const cancelled = cancelledSeqs(head)
  const skipped = cancelled.ok ? cancelled.value : new Set<number>()
  return head.reduce(
    (n, e) => (skipped.has(e.seq) ? n : n + registrationsIn(e.command, division)),
    0,
  )
}

/**
 * A registration built on an older head, when another desk registered a player of the same name
 * in that division meanwhile: two desks typing one player at once. Refused with the question the
 * desk asks of a same-name registration; registering again (now on a head that shows him) is
 * accepted as any same-name registration is.
 */
function checkSameName(view: RebaseView, { command, builtOn, desk }: Rebasing): Result<void> {
  if (command.type !== 'registerPlayer' && command.type !== 'registerPlayers') return ok(undefined)
  const wanted =
    command.type === 'registerPlayer'
      ? [{ division: command.division, name: command.player.name }]
      : command.players.map((p) => ({
          division: p.division ?? command.division,
          name: p.player.name,
        }))
  const unseen = view.log.slice(builtOn).filter((e) => e.desk !== desk)
  if (unseen.length === 0) return ok(undefined)
  const cancelled = cancelledSeqs(view.log)
  const skipped = cancelled.ok ? cancelled.value : new Set<number>()
  for (const { division, name } of wanted) {
    const folded = foldName(tidyName(name))
    for (const entry of unseen) {
      if (skipped.has(entry.seq)) continue
      const same = registeredNames(entry.command).find(
        (r) => r.division === division && foldName(tidyName(r.name)) === folded,
      )
      if (same === undefined) continue
      const holder = divisionOf(view, division)
        ?.players.filter((p) => foldName(p.name) === folded)
        .at(-1)
      if (holder === undefined) continue
      return err(
        'authority.same-name',
        `${holder.name} was registered meanwhile at ${entry.deskName ?? entry.desk ?? 'another desk'} as #${String(holder.id)} in ${division}: if this is another player, register again.`,
        { details: { division, player: holder.id, desk: entry.desk ?? '' } },
      )
    }
  }
  return ok(undefined)
}

function registeredNames(
  command: Command,
): readonly { readonly division: string; readonly name: string }[] {
  if (command.type === 'registerPlayer') {
    return [{ division: command.division, name: command.player.name }]
  }
  if (command.type !== 'registerPlayers') return []
  return command.players.map((p) => ({
    division: p.division ?? command.division,
    name: p.player.name,
  }))
}

/**
 * A correction replaces the result the desk saw: when the game's result changed meanwhile
 * (another desk's correction), the desk is told by whom and to what, rather than one of the two
 * corrections being lost unseen. A correction from a desk older than issue 27 names no result it
 * replaces: it is refused the same way when another desk set the game's result after the head the
 * correction was built on.
 */
function checkReplaces(
  view: RebaseView,
  command: Extract<Command, { readonly type: 'correctResult' }>,
  { builtOn, desk }: Rebasing,
): Result<void> {
  const division = divisionOf(view, command.division)
  const round = division?.rounds[command.round - 1]
  if (division === undefined || round === undefined) return ok(undefined)
  const index = findGame(round, command.game)
  if (!index.ok) return ok(undefined)
  const recorded = round.results[index.value] ?? null
  // No result at all: apply refuses the correction in its own words.
  if (recorded === null) return ok(undefined)
  const { replaces } = command
  if (replaces !== undefined && stableJson(recorded.result) === stableJson(replaces)) {
    return ok(undefined)
  }
  const setter = resultSetter(view.log, command.division, round.number, index.value, division)
  if (replaces === undefined) {
    const unseen = setter !== undefined && setter.seq >= builtOn && setter.desk !== desk
    if (!unseen) return ok(undefined)
  }
  const pairing = round.pairings[index.value] as Pairing
  const where =
    pairing.kind === 'game'
      ? `Table ${String(pairing.table)} of round ${String(round.number)}`
      : `The bye of round ${String(round.number)}`
  const how =
    setter === undefined
      ? 'changed meanwhile'
      : `${setter.command.type === 'correctResult' ? 'corrected' : 'entered'} at ${setter.deskName ?? setter.desk ?? 'another desk'}`
  return err(
    'authority.result-changed',
    `${where} was ${how} to ${describeResultIn(recorded.result, division)}; correct it again if yours is right.`,
    {
      details: {
        ...(pairing.kind === 'game' ? { table: pairing.table } : {}),
        round: round.number,
        desk: setter?.desk ?? '',
      },
    },
  )
}

/** The entry in force that set the game's current result (the last result command for it). */
function resultSetter(
  log: readonly LoggedCommand[],
  division: string,
  round: number,
  index: number,
  current: Division,
): LoggedCommand | undefined {
  const seated = current.rounds[round - 1]
  if (seated === undefined) return undefined
  const cancelled = cancelledSeqs(log)
  const skipped = cancelled.ok ? cancelled.value : new Set<number>()
  for (let at = log.length - 1; at >= 0; at--) {
    const entry = log[at] as LoggedCommand
    const c = entry.command
    if (c.type !== 'recordResult' && c.type !== 'correctResult') continue
    if (c.division !== division || c.round !== round || skipped.has(entry.seq)) continue
    const found = findGame(seated, c.game)
    if (found.ok && found.value === index) return entry
  }
  return undefined
}

/** The command with every player number passed through `to` (keys keep their players). */
function withNumbers(command: Command, to: (player: PlayerId) => PlayerId): Command {
  const keys = (list: readonly PlayerKey[] | undefined) =>
    list === undefined ? {} : { keys: list.map((k) => ({ ...k, player: to(k.player) })) }
  if (command.type === 'recordResult' || command.type === 'correctResult') {
    const game =
      'players' in command.game ? { players: command.game.players.map(to) } : command.game
    const moved = {
      ...command,
      game,
      result: resultWithNumbers(command.result, to),
      ...(command.first === undefined ? {} : { first: to(command.first) }),
      ...keys(command.keys),
    }
    return moved.type === 'correctResult' && moved.replaces !== undefined
      ? { ...moved, replaces: resultWithNumbers(moved.replaces, to) }
      : moved
  }
  if (
    command.type === 'checkIn' ||
    command.type === 'cancelCheckIn' ||
    command.type === 'recordArrival' ||
    command.type === 'assignPenalty' ||
    command.type === 'reserveTable'
  ) {
    return { ...command, player: to(command.player), ...keys(command.keys) }
  }
  return command
}

function resultWithNumbers(result: GameResult, to: (player: PlayerId) => PlayerId): GameResult {
  switch (result.kind) {
    case 'played':
      return { ...result, players: [to(result.players[0]), to(result.players[1])] }
    case 'doubleForfeit':
      return { ...result, players: [to(result.players[0]), to(result.players[1])] }
    case 'unplayed':
      return { ...result, players: result.players.map(to) }
    case 'bye':
      return { ...result, player: to(result.player) }
    case 'forfeit':
      return { ...result, winner: to(result.winner), loser: to(result.loser) }
  }
}
