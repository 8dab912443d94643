import { err, ok, type Result } from '../result'
import type { Command, PlayerKey } from './commands'
import { checkRoundNumber, findPlayer, pairingIndexOf, replaceAt } from './lookup'
import type { Context } from './rounds'
import type { Division, MissedRounds, Player, PlayerId } from './types'
import { lifetimeGamesFromTags } from '../ratings/lifetime-games'
import type { DeskRules } from '../rules/rule-set'
import {
  MAX_SPREAD,
  checkMemberIdFree,
  isIsoDate,
  tidyName,
  validatePenaltyPoints,
  validatePlayerInput,
} from './validation'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

function withPlayer(division: Division, player: Player): Division {
  return { ...division, players: replaceAt(division.players, player.id - 1, player) }
}

/**
 * How a player entering at `firstRound` counts the rounds before it, by the preset in force when
 * they register: the player keeps it if the rules change later, as a result keeps its spread.
 */
export function missedRoundsFor(firstRound: number, rules: Context['rules']): MissedRounds {
  if (firstRound > 1 && rules.results.lateEntryMissedRounds === 'forfeit-loss') {
    return { kind: 'forfeit-loss', spread: rules.results.forfeitSpread }
  }
  return { kind: 'unplayed' }
}

/**
 * The key of a player registered without one (an older log, a tsh import, a registration list read
 * by an older copy): his division and number at registration, so every desk that folds the same
 * log gives him the same key (issue 27). The number is the last part, so no two derive alike.
 */
export function derivedPlayerKey(division: string, id: PlayerId): string {
  return `${division}#${String(id)}`
}

/** The division's player with this key, or undefined (a registration refused or undone). */
export function playerWithKey(division: Division, key: string): Player | undefined {
  // A deleted registration's tombstone (issue 32) is nobody: his key may be registered again.
  return division.players.find((p) => p.key === key && p.deleted !== true)
}

/**
 * The `keys` a desk puts on a command naming these players of the division as it sees them
 * (`PlayerKey` in commands.ts); a number that names nobody is left out (apply refuses it anyway).
 */
export function playerKeys(
  division: Division | undefined,
  players: readonly PlayerId[],
): readonly PlayerKey[] {
  return players.flatMap((player) => {
    const found = division?.players[player - 1]
    return found === undefined ? [] : [{ player, key: found.key }]
  })
}

/**
 * Whether each number the command names still names the player the desk meant (issue 27): a
 * mismatch is refused, never re-targeted here; re-targeting a command built on an older head is
 * the authority's (shared/authority/rebase.ts), which then hands apply the current numbers.
 */
export function checkPlayerKeys(
  division: Division,
  keys: readonly PlayerKey[] | undefined,
  named?: PlayerId,
): Result<void> {
  if (named !== undefined && keys !== undefined && !keys.some((k) => k.player === named)) {
    return err(
      'player.key-mismatch',
      `The command acts on #${String(named)} of ${division.name} but gives no key for that number.`,
      { details: { player: named, division: division.name } },
    )
  }
  for (const { player, key } of keys ?? []) {
    const found = division.players[player - 1]
    if (found?.key === key) continue
    const meant = playerWithKey(division, key)
    const now =
      found === undefined ? `nobody is #${String(player)}` : `#${String(player)} is ${found.name}`
    const where = meant === undefined ? 'is not registered' : `is #${String(meant.id)}`
    return err(
      'player.key-mismatch',
      `The command names #${String(player)} of ${division.name}, but ${now} and the player the desk meant ${where}: look at the roster again.`,
      { details: { player, key, division: division.name } },
    )
  }
  return ok(undefined)
}

/**
 * A new player gets the next number. Without a first round they enter at the first round not yet
 * paired: the rounds already paired went on without them, and count as the preset says
 * (`results.lateEntryMissedRounds`).
 */
export function registerPlayer(
  division: Division,
  command: CommandOf<'registerPlayer'>,
  context: Context,
): Result<Division> {
  // One player: a scan for the member id is cheaper than indexing the whole roster for it (the
  // fold of a 2000-player log registers 2000 players one by one).
  const roster = openRoster(division, 'scan')
  const added = addToRoster(roster, command, context)
  return added.ok ? ok(rosterDivision(roster)) : added
}

/**
 * A division's players being registered in a batch (a registration list of up to 20,000 rows):
 * the roster is copied once and member ids are looked up in a map, so a batch takes linear time,
 * where copying the roster and scanning it for each player took 17 s for 20,000 (issue 20).
 */
export interface Roster {
  readonly division: Division
  readonly players: Player[]
  /** Each member id (lower case) and the player holding it; null: found by a scan instead. */
  readonly holders: Map<string, Player> | null
  /** Every player's key; null: found by a scan instead. */
  readonly keys: Set<string> | null
}

/** How a roster finds a member id's holder: `index` them for a batch, `scan` for one player. */
export const ROSTER_LOOKUPS = ['index', 'scan'] as const
export type RosterLookup = (typeof ROSTER_LOOKUPS)[number]

export function openRoster(division: Division, lookup: RosterLookup = 'index'): Roster {
  const players = [...division.players]
  if (lookup === 'scan') return { division, players, holders: null, keys: null }
  const holders = new Map<string, Player>()
  const kept = players.filter((p) => p.deleted !== true)
  for (const p of kept) {
    const key = p.memberId.toLowerCase()
    if (key !== '' && !holders.has(key)) holders.set(key, p)
  }
  return { division, players, holders, keys: new Set(kept.map((p) => p.key)) }
}

/** The division with every player the roster has taken, in order. */
export function rosterDivision(roster: Roster): Division {
  return roster.players.length === roster.division.players.length
    ? roster.division
    : { ...roster.division, players: roster.players }
}

/**
 * Registers one player into the roster, checked and numbered as a registration on its own is; a
 * refusal adds nothing.
 */
export function addToRoster(
  roster: Roster,
  command: CommandOf<'registerPlayer'>,
  { info, rules }: Context,
): Result<void> {
  const { division } = roster
  const fields = validatePlayerInput(command.player)
  if (!fields.ok) return fields
  const key = fields.value.memberId.toLowerCase()
  const holder =
    key === ''
      ? undefined
      : roster.holders === null
        ? roster.players.find((p) => p.memberId.toLowerCase() === key && p.deleted !== true)
        : roster.holders.get(key)
  if (holder !== undefined) {
    // The one wording of the rule (validation.ts), asked of the holder alone.
    const free = checkMemberIdFree({ ...division, players: [holder] }, fields.value.memberId)
    if (!free.ok) return free
  }
  if (command.firstRound !== undefined) {
    const first = checkRoundNumber(info, command.firstRound)
    if (!first.ok) {
      return err('player.first-round.invalid', first.error.message, { field: 'firstRound' })
    }
  }
  const missed = command.missedRounds
  if (
    missed?.kind === 'forfeit-loss' &&
    !(Number.isInteger(missed.spread) && missed.spread > 0 && missed.spread <= MAX_SPREAD)
  ) {
    return err(
      'player.missed-rounds.spread',
      `A missed round lost by forfeit costs a whole number of points from 1 to ${String(MAX_SPREAD)}, not ${String(missed.spread)}.`,
      { field: 'missedRounds' },
    )
  }
  const id = roster.players.length + 1
  const playerKey = command.key ?? derivedPlayerKey(division.name, id)
  const taken =
    roster.keys === null
      ? roster.players.some((p) => p.key === playerKey && p.deleted !== true)
      : roster.keys.has(playerKey)
  if (taken) {
    // Keys are random per registration: a taken one is a desk's bug or a forged proposal.
    return err(
      'player.key-taken',
      `Another player of ${division.name} already has the key ${playerKey}; register again.`,
      { details: { key: playerKey } },
    )
  }
  const firstRound = command.firstRound ?? division.rounds.length + 1
  // Lifetime games (the rating multiplier, issue 22) as the desk typed them, else an imported tsh
  // line's `lifeg` tag.
  const lifetimeGames =
    fields.value.lifetimeGames ??
    (command.tsh === undefined ? undefined : lifetimeGamesFromTags(command.tsh.tags))
  const player: Player = {
    id,
    key: playerKey,
    ...fields.value,
    firstRound,
    missedRounds:
      firstRound > 1 && command.missedRounds !== undefined
        ? command.missedRounds
        : missedRoundsFor(firstRound, rules),
    status: { kind: 'active' },
    checkIns: [],
    ...(command.tsh === undefined ? {} : { tsh: command.tsh }),
    ...(lifetimeGames === undefined ? {} : { lifetimeGames }),
  }
  roster.players.push(player)
  roster.keys?.add(playerKey)
  if (key !== '' && roster.holders !== null && !roster.holders.has(key)) {
    roster.holders.set(key, player)
  }
  return ok(undefined)
}

export function editPlayer(division: Division, command: CommandOf<'editPlayer'>): Result<Division> {
  const found = findPlayer(division, command.playerId)
  if (!found.ok) return found
  const fields = validatePlayerInput(command.player)
  if (!fields.ok) return fields
  const free = checkMemberIdFree(division, fields.value.memberId, command.playerId)
  if (!free.ok) return free
  return ok(withPlayer(division, { ...found.value, ...fields.value }))
}

/**
 * A player leaves from `fromRound` on. A round they are already paired in from then on is refused
 * (`player.withdraw.paired`): a withdrawal does not silently empty a seat or decide a game. The
 * director either re-pairs that round without them (unpair, or swap them out), or records the
 * game as a forfeit (a no-show is a forfeit, NSA VII.J.2) and withdraws them from the round after.
 */
export function withdrawPlayer(
  division: Division,
  command: CommandOf<'withdrawPlayer'>,
  { info }: Context,
): Result<Division> {
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const player = found.value
  const from = checkRoundNumber(info, command.fromRound)
  if (!from.ok) return from
  if (player.status.kind === 'withdrawn') {
    return err(
      'player.already-withdrawn',
      `${player.name} (#${player.id}) withdrew from round ${player.status.fromRound}.`,
      { details: { player: player.id, fromRound: player.status.fromRound } },
    )
  }
  for (const round of division.rounds.slice(command.fromRound - 1)) {
    if (pairingIndexOf(round, player.id) >= 0) {
      return err(
        'player.withdraw.paired',
        `${player.name} (#${player.id}) is paired in round ${round.number}: re-pair that round without them, or record their game as a forfeit and withdraw them from round ${round.number + 1}.`,
        { details: { player: player.id, round: round.number } },
      )
    }
  }
  return ok(
    withPlayer(division, {
      ...player,
      status: {
        kind: 'withdrawn',
        fromRound: command.fromRound,
        ...(command.disqualified === true ? { disqualified: true } : {}),
      },
    }),
  )
}

/** A withdrawn player comes back; the rounds they missed stay unplayed. */
export function reinstatePlayer(
  division: Division,
  command: CommandOf<'reinstatePlayer'>,
): Result<Division> {
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const player = found.value
  if (player.status.kind !== 'withdrawn') {
    return err('player.not-withdrawn', `${player.name} (#${player.id}) has not withdrawn.`, {
      details: { player: player.id },
    })
  }
  return ok(withPlayer(division, { ...player, status: { kind: 'active' } }))
}

/** A director's spread penalty (NSA IV.J.3, VI.C): it counts from its round on. */
export function assignPenalty(
  division: Division,
  command: CommandOf<'assignPenalty'>,
  { info }: Context,
): Result<Division> {
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const round = checkRoundNumber(info, command.round)
  if (!round.ok) return round
  const points = validatePenaltyPoints(command.points)
  if (!points.ok) return points
  const penalty = {
    player: command.player,
    round: command.round,
    points: command.points,
    reason: tidyName(command.reason),
  }
  return ok({ ...division, penalties: [...division.penalties, penalty] })
}

/**
 * The round a disqualification by warnings takes effect from: the round after the warning (NEON,
 * During 2: "disqualified automatically"), whether or not later rounds are already paired; their
 * games are decided by `forfeitDisqualified`.
 */
export function disqualifiedFromRound(warningRound: number): number {
  return warningRound + 1
}

/**
 * A player disqualified at `warningRound` plays no more (NEON, During 2; Competition rules 18: the
 * opponent of a disqualified player wins). Each game of theirs without a result, from the warning's
 * round (the game in progress) on, is the director's declared forfeit at the preset's forfeit
 * spread; a bye already given in a later round counts for nothing. Results already in stand.
 */
function forfeitDisqualified(
  division: Division,
  player: PlayerId,
  warningRound: number,
  rules: Context['rules'],
): Division {
  const rounds = division.rounds.map((round) => {
    if (round.number < warningRound) return round
    const results = round.pairings.map((pairing, i) => {
      const recorded = round.results[i] ?? null
      if (pairing.kind === 'bye') {
        const later = pairing.player === player && round.number > warningRound
        return later && recorded?.result.kind === 'bye'
          ? { result: { kind: 'unplayed', players: [player] } as const, first: null }
          : recorded
      }
      if (recorded !== null || !pairing.players.includes(player)) return recorded
      const winner = pairing.players[0] === player ? pairing.players[1] : pairing.players[0]
      return {
        result: {
          kind: 'forfeit',
          winner,
          loser: player,
          reason: 'director',
          spread: rules.results.forfeitSpread,
          rated: rules.results.forfeitRated,
        } as const,
        first: null,
        decidedBy: 'disqualification' as const,
      }
    })
    return results.every((r, i) => r === round.results[i]) ? round : { ...round, results }
  })
  return { ...division, rounds }
}

/**
 * A recorded warning. Where the preset counts warnings (NEON, During 2), the one that reaches the
 * count disqualifies the player there and then, without a further decision: they are withdrawn,
 * as disqualified, from `disqualifiedFromRound` on. A disqualified player takes no more warnings.
 */
export function issueWarning(
  division: Division,
  command: CommandOf<'issueWarning'>,
  { info, rules }: Context,
): Result<Division> {
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const player = found.value
  const round = checkRoundNumber(info, command.round)
  if (!round.ok) return round
  if (player.status.kind === 'withdrawn' && player.status.disqualified === true) {
    return err(
      'warning.disqualified',
      `${player.name} (#${player.id}) is already disqualified from round ${player.status.fromRound}.`,
      { details: { player: player.id, fromRound: player.status.fromRound } },
    )
  }
  const warning = { player: command.player, round: command.round, reason: tidyName(command.reason) }
  const warned = { ...division, warnings: [...division.warnings, warning] }
  const threshold = rules.results.warningsToDisqualify
  const count = warned.warnings.filter((w) => w.player === player.id).length
  if (threshold === null || count < threshold || player.status.kind !== 'active') return ok(warned)
  const fromRound = disqualifiedFromRound(command.round)
  return ok(
    withPlayer(forfeitDisqualified(warned, player.id, command.round, rules), {
      ...player,
      status: { kind: 'withdrawn', fromRound, disqualified: true },
    }),
  )
}

function checkDay(day: string): Result<string> {
  if (!isIsoDate(day)) {
    return err('checkin.day.invalid', `"${day}" is not a day written YYYY-MM-DD.`, {
      field: 'day',
    })
  }
  return ok(day)
}

/** Whether the player checked in on `day`: the desk asks before sending a `checkIn`. */
export function isCheckedIn(player: Player, day: string): boolean {
  return player.checkIns.includes(day)
}

/**
 * Whether the player counts as checked in on `day` under the preset's desk rules: where players
 * register again every day (NEON, Before 2) only that day's check-in counts; elsewhere a check-in
 * on any day of the event up to `day` holds for the rest of the event.
 */
export function checkedInFor(player: Player, day: string, desk: DeskRules): boolean {
  return desk.reRegisterEveryDay
    ? isCheckedIn(player, day)
    : player.checkIns.some((checked) => checked <= day)
}

/**
 * A check-in for one day (NEON: players register again every day). Checking in twice on one day
 * gives the same division back: the second key press at the desk is not a mistake to refuse.
 */
export function checkIn(division: Division, command: CommandOf<'checkIn'>): Result<Division> {
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const day = checkDay(command.day)
  if (!day.ok) return day
  const player = found.value
  if (isCheckedIn(player, day.value)) return ok(division)
  const checkIns = [...player.checkIns, day.value].sort()
  return ok(withPlayer(division, { ...player, checkIns }))
}

/** Takes a day's check-in back; when there was none the division is returned unchanged. */
export function cancelCheckIn(
  division: Division,
  command: CommandOf<'cancelCheckIn'>,
): Result<Division> {
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const day = checkDay(command.day)
  if (!day.ok) return day
  const player = found.value
  if (!isCheckedIn(player, day.value)) return ok(division)
  const checkIns = player.checkIns.filter((d) => d !== day.value)
  return ok(withPlayer(division, { ...player, checkIns }))
}
