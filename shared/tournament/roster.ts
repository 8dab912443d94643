/*
 * Roster commands a director needs when the registration was wrong (issue 32): renaming a division,
 * deleting a registration nothing depends on, moving a player to another division, merging two
 * divisions, and splitting one before play.
 */
import { err, ok, type Result } from '../result'
import { gameOutcome, type GameResult, type PlayerId } from '../results/game-result'
import type { Command, SplitBy } from './commands'
import { divisionNamed, findPlayer } from './lookup'
import { registerPlayer } from './players'
import type { Context } from './rounds'
import type {
  CarriedGame,
  CarriedRecord,
  Division,
  Pairing,
  PairingStart,
  Player,
  PlayerFields,
  Round,
  TournamentState,
} from './types'
import { validateDivisionName } from './validation'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

/**
 * Renames in place: the division's name is what commands, exports and the desks' screens use,
 * so every later command names the new one, while the old name is kept in `formerNames` so the
 * commands already in the log (and a venue desk's check-in built before the rename) still find
 * it (`divisionNamed`). A name another division has now or had before is refused
 * (`validateDivisionName`), so an old name never names two divisions; going back to one of its
 * own former names is allowed.
 */
export function renameDivision(
  state: TournamentState,
  division: Division,
  command: CommandOf<'renameDivision'>,
): Result<TournamentState> {
  const others = state.divisions.filter((d) => d !== division)
  const name = validateDivisionName(others, command.name)
  if (!name.ok) return name
  if (name.value === division.name) {
    return err('division.rename.same', `Division ${division.name} already has that name.`, {
      field: 'name',
    })
  }
  const formerNames = [
    ...(division.formerNames ?? []).filter((n) => n !== name.value),
    division.name,
  ]
  const renamed: Division = { ...division, name: name.value, formerNames }
  return ok({ ...state, divisions: state.divisions.map((d) => (d === division ? renamed : d)) })
}

/** What a registration is needed by, so deleting it would lose or break something. */
export const REGISTRATION_DEPENDENTS = [
  'paired',
  'checked-in',
  'penalty',
  'warning',
  'do-not-pair',
  'prizes',
] as const
export type RegistrationDependent = (typeof REGISTRATION_DEPENDENTS)[number]

/**
 * What depends on the player's registration: a round's pairings name him (a game, a bye or a
 * forfeit he gave; results, starts and arrivals hang on a pairing), he checked in, a penalty or a
 * warning names him, or a do-not-pair group, a manual class or a prize flag does. Empty: the
 * registration can be deleted without anything in the event changing but the roster.
 */
export function registrationDependents(
  division: Division,
  player: PlayerId,
): readonly RegistrationDependent[] {
  const found = division.players[player - 1]
  if (found === undefined) return []
  // Games carried from another division (issue 32) are his record here as much as a pairing.
  const paired =
    (found.carried?.games.length ?? 0) > 0 ||
    division.rounds.some((r) =>
      r.pairings.some((p) =>
        p.kind === 'game' ? p.players.includes(player) : p.player === player,
      ),
    )
  const prizes = division.prizes
  const named: Readonly<Record<RegistrationDependent, boolean>> = {
    paired,
    'checked-in': found.checkIns.length > 0,
    penalty: division.penalties.some((p) => p.player === player),
    warning: division.warnings.some((w) => w.player === player),
    'do-not-pair': (division.doNotPair?.groups ?? []).some((g) => g.players.includes(player)),
    prizes:
      prizes !== undefined &&
      (prizes.flags.some((f) => f.player === player) ||
        (prizes.classes.kind === 'manual' &&
          prizes.classes.members.some((m) => m.player === player))),
  }
  return REGISTRATION_DEPENDENTS.filter((d) => named[d])
}

const DEPENDENT_WORDS: Readonly<Record<RegistrationDependent, string>> = {
  paired: 'is in a round’s pairings',
  'checked-in': 'has checked in',
  penalty: 'has a penalty',
  warning: 'has a warning',
  'do-not-pair': 'is in a do-not-pair group',
  prizes: 'is named in the prize table’s classes or flags',
}

/** The dependents in words, for a refusal or a review: "has checked in and has a penalty". */
export function dependentWords(dependents: readonly RegistrationDependent[]): string {
  const words = dependents.map((d) => DEPENDENT_WORDS[d])
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`
}

/**
 * Deletes a registration nothing depends on: the entry stays at its number as a tombstone,
 * withdrawn from round 1 so pairing, standings, check-in and exports pass over it as over a
 * player who never came, and refused by every later command naming his number (`findPlayer`).
 * Only the last number could have been removed outright; a mistaken registration is seldom the
 * last, and removing any other would renumber everyone after it, whom slips, the `.t` file and
 * the commands already in the log name by number.
 */
export function deleteRegistration(
  division: Division,
  command: CommandOf<'deleteRegistration'>,
): Result<Division> {
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const player = found.value
  const dependents = registrationDependents(division, player.id)
  if (dependents.length > 0) {
    return err(
      'player.delete.depended-on',
      `${player.name} (#${String(player.id)}) cannot be deleted: the player ${dependentWords(dependents)}. Withdraw the player instead.`,
      { details: { player: player.id, name: player.name, dependents: dependents.join(',') } },
    )
  }
  return ok(withTombstone(division, player))
}

/** The division with the player's entry kept at his number as a deleted registration. */
function withTombstone(division: Division, player: Player): Division {
  const tombstone: Player = {
    ...player,
    deleted: true,
    status: { kind: 'withdrawn', fromRound: 1 },
  }
  return { ...division, players: division.players.map((p) => (p === player ? tombstone : p)) }
}

/** Who the player is, as a registration carries it: what goes with him to another division. */
function fieldsOf(player: Player): PlayerFields {
  const { name, rating, memberId, club, country, team, email, phone, lifetimeGames } = player
  return {
    name,
    rating,
    memberId,
    club,
    ...(country === undefined ? {} : { country }),
    ...(team === undefined ? {} : { team }),
    ...(email === undefined ? {} : { email }),
    ...(phone === undefined ? {} : { phone }),
    ...(lifetimeGames === undefined ? {} : { lifetimeGames }),
  }
}

/**
 * Moves a player from one division to another: he leaves a tombstone at his number (as
 * `deleteRegistration`: nobody else is renumbered) and is registered in the other division as its
 * next number, entering at its first round not yet paired, with his key, his fields and his
 * check-ins (he checked in at the venue, not in a division).
 *
 * A player who has played moves only with `games` (the director's choice, issue 32):
 * - `carry`: his record goes with him (`Player.carried`, one line a round he played), and his
 *   opponents keep their results against him where they were: the games were played, no rule
 *   document takes a played game back because a player left, and a withdrawal keeps them too
 *   (design.md, "Standings"). He is then ranked in the new division on his whole record.
 * - `drop`: his record is left behind, and each opponent's game against him becomes a forfeit won
 *   at the preset's forfeit spread (NSA VII.J.2; MSA 19 has the director declare it): the game
 *   counts for the opponent as one the player did not come to. He enters the new division as a
 *   late entry, his missed rounds counting as the preset says (`missedRounds`).
 * A penalty, warning, do-not-pair group or prize entry that names him is refused with what names
 * him (they belong to the division he leaves), and so is a game of his still waiting for its result.
 */
export function movePlayer(
  state: TournamentState,
  command: CommandOf<'movePlayer'>,
  context: Context,
): Result<TournamentState> {
  const from = divisionNamed(state.divisions, command.division)
  const to = divisionNamed(state.divisions, command.to)
  if (from === undefined)
    return err('division.missing', `There is no division ${command.division}.`)
  if (to === undefined) return err('division.missing', `There is no division ${command.to}.`)
  const found = findPlayer(from, command.player)
  if (!found.ok) return found
  const player = found.value
  if (from === to) {
    return err(
      'player.move.same-division',
      `${player.name} (#${String(player.id)}) is already in division ${from.name}.`,
      { details: { player: player.id } },
    )
  }
  const all = registrationDependents(from, player.id).filter((d) => d !== 'checked-in')
  const dependents = command.games === undefined ? all : all.filter((d) => d !== 'paired')
  if (dependents.length > 0) {
    const advice =
      command.games === undefined && dependents.length === 1 && dependents[0] === 'paired'
        ? 'Choose whether the games are carried along or dropped.'
        : `Withdraw the player from ${from.name} and register them again in ${to.name}.`
    return err(
      'player.move.played',
      `${player.name} (#${String(player.id)}) cannot be moved to division ${to.name}: the player ${dependentWords(dependents)} in division ${from.name}. ${advice}`,
      { details: { player: player.id, dependents: dependents.join(',') } },
    )
  }
  const pending = from.rounds.find((r) =>
    r.pairings.some(
      (p, i) => p.kind === 'game' && p.players.includes(player.id) && r.results[i] === null,
    ),
  )
  if (pending !== undefined) {
    return err(
      'player.move.result-pending',
      `${player.name} (#${String(player.id)}) cannot be moved yet: his round ${String(pending.number)} game in division ${from.name} has no result. Enter it first.`,
      { details: { player: player.id, round: pending.number } },
    )
  }
  const joined = registerPlayer(
    to,
    { type: 'registerPlayer', division: to.name, player: fieldsOf(player), key: player.key },
    context,
  )
  if (!joined.ok) return joined
  const entered = joined.value.players.at(-1)
  if (entered === undefined) throw new Error('registerPlayer returned no player')
  const carried = command.games === 'carry' ? carriedRecord(from, player) : undefined
  if (carried !== undefined) {
    const late = carried.games.find((g) => g.round >= entered.firstRound)
    if (late !== undefined) {
      return err(
        'player.move.carry-ahead',
        `${player.name} (#${String(player.id)}) played round ${String(late.round)} in division ${from.name}, but division ${to.name} would pair the player from round ${String(entered.firstRound)}: pair division ${to.name} up to round ${String(late.round)} first, or drop the games.`,
        { details: { player: player.id, round: late.round, firstRound: entered.firstRound } },
      )
    }
  }
  const arrived: Player = {
    ...entered,
    checkIns: player.checkIns,
    ...(carried === undefined || carried.games.length === 0 ? {} : { carried }),
  }
  const left = withTombstone(
    command.games === 'drop' ? withGamesForfeited(from, player.id, context) : from,
    player,
  )
  const divisions = state.divisions.map((d) =>
    d === from
      ? left
      : d === to
        ? {
            ...joined.value,
            players: joined.value.players.map((p) => (p === entered ? arrived : p)),
          }
        : d,
  )
  return ok({ ...state, divisions })
}

/** The player's record in the division he leaves, round by round, for `Player.carried`. */
function carriedRecord(division: Division, player: Player): CarriedRecord {
  const games = division.rounds.flatMap((round): CarriedGame[] => {
    const index = round.pairings.findIndex((p) =>
      p.kind === 'game' ? p.players.includes(player.id) : p.player === player.id,
    )
    const pairing = round.pairings[index]
    const recorded = round.results[index] ?? null
    if (pairing === undefined || recorded === null) return []
    const result = recorded.result
    const outcome = gameOutcome(result, player.id)
    const met =
      pairing.kind === 'game'
        ? division.players[
            (pairing.players[0] === player.id ? pairing.players[1] : pairing.players[0]) - 1
          ]
        : undefined
    const first = recorded.first
    const start = first === null ? null : first === player.id ? 'first' : 'second'
    const scores =
      result.kind === 'played'
        ? result.players[0] === player.id
          ? result.scores
          : ([result.scores[1], result.scores[0]] as const)
        : null
    return [
      {
        round: round.number,
        ...outcome,
        opponent: met?.name ?? null,
        scores,
        opponentId: met?.id ?? null,
        opponentRating: met?.rating ?? null,
        start,
      },
    ]
  })
  // Moved on again: the games he brought here go with him too.
  return { from: division.name, games: [...(player.carried?.games ?? []), ...games] }
}

/**
 * Each game of the player's becomes his opponent's forfeit win at the preset's forfeit spread (his
 * byes go with his record); the pairing stays, so the round's tables and the opponents' repeats
 * read as they did.
 */
function withGamesForfeited(division: Division, player: PlayerId, context: Context): Division {
  const rules = context.rules.results
  const rounds = division.rounds.map((round) => {
    let changed = false
    const results = round.results.map((recorded, i) => {
      const pairing = round.pairings[i]
      if (pairing?.kind !== 'game' || !pairing.players.includes(player)) return recorded
      changed = true
      const winner = pairing.players[0] === player ? pairing.players[1] : pairing.players[0]
      const result: GameResult = {
        kind: 'forfeit',
        winner,
        loser: player,
        reason: 'director',
        spread: rules.forfeitSpread,
        rated: rules.forfeitRated,
      }
      return { result, first: null }
    })
    return changed ? { ...round, results } : round
  })
  return { ...division, rounds }
}

/**
 * Merges division `absorbed` into `division` mid-event (issue 32: two small divisions become one):
 * the absorbed players join as the next numbers, in their own order (the review shows it), with
 * their keys, fields, check-ins and records; their games come along round by round, so each
 * player's record stays his and pairing the merged division counts repeats over the whole history.
 * No game crosses the old divisions, so only the numbers change: the absorbed games are seated,
 * in their order, on the tables after the division's own. The division keeps its own settings (plan,
 * contention, ranking, prizes, table offset); the absorbed players' penalties, warnings,
 * do-not-pair groups and prize flags come along. The absorbed division's names become former names
 * of the merged one, so an earlier command (or a desk's rebased check-in, whose keys find the
 * player's new number) naming it still lands.
 *
 * Refused unless both have paired the same rounds and every one is complete: merging rounds of
 * different lengths would leave some players a round behind, and a game still waiting for its
 * result would be entered against a number that no longer names that player.
 */
export function mergeDivisions(
  state: TournamentState,
  command: CommandOf<'mergeDivisions'>,
): Result<TournamentState> {
  const into = divisionNamed(state.divisions, command.division)
  const absorbed = divisionNamed(state.divisions, command.absorbed)
  if (into === undefined)
    return err('division.missing', `There is no division ${command.division}.`)
  if (absorbed === undefined)
    return err('division.missing', `There is no division ${command.absorbed}.`)
  if (into === absorbed) {
    return err('division.merge.same', `Division ${into.name} cannot be merged into itself.`)
  }
  if (into.rounds.length !== absorbed.rounds.length) {
    return err(
      'division.merge.rounds-differ',
      `Division ${into.name} has paired ${String(into.rounds.length)} rounds and division ${absorbed.name} ${String(absorbed.rounds.length)}: divisions merge only when both have paired the same rounds.`,
      { details: { rounds: into.rounds.length, absorbedRounds: absorbed.rounds.length } },
    )
  }
  for (const d of [into, absorbed]) {
    const open = d.rounds.find((r) => r.results.some((x) => x === null))
    if (open !== undefined) {
      return err(
        'division.merge.round-open',
        `Round ${String(open.number)} of division ${d.name} is paired but not complete: enter its results (or unpair it) before merging.`,
        { details: { division: d.name, round: open.number } },
      )
    }
  }
  const shift = into.players.length
  const to = (id: PlayerId): PlayerId => id + shift
  const players = [
    ...into.players,
    ...absorbed.players.map((p): Player => ({ ...p, id: to(p.id) })),
  ]
  const rounds = into.rounds.map((round, i) => {
    const other = absorbed.rounds[i]
    if (other === undefined) throw new Error('rounds counted equal above')
    return mergedRound(round, other, to)
  })
  const groups = (absorbed.doNotPair?.groups ?? []).map((g) => ({
    ...g,
    players: g.players.map(to),
  }))
  const doNotPair =
    into.doNotPair === undefined && groups.length === 0
      ? undefined
      : {
          sameClubRounds: into.doNotPair?.sameClubRounds ?? 0,
          groups: [...(into.doNotPair?.groups ?? []), ...groups],
        }
  const prizes =
    into.prizes === undefined
      ? undefined
      : {
          ...into.prizes,
          flags: [
            ...into.prizes.flags,
            ...(absorbed.prizes?.flags ?? []).map((f) => ({ ...f, player: to(f.player) })),
          ],
          classes:
            into.prizes.classes.kind === 'manual' && absorbed.prizes?.classes.kind === 'manual'
              ? {
                  kind: 'manual' as const,
                  members: [
                    ...into.prizes.classes.members,
                    ...absorbed.prizes.classes.members.map((m) => ({ ...m, player: to(m.player) })),
                  ],
                }
              : into.prizes.classes,
        }
  const merged: Division = {
    ...into,
    players,
    rounds,
    penalties: [
      ...into.penalties,
      ...absorbed.penalties.map((p) => ({ ...p, player: to(p.player) })),
    ],
    warnings: [...into.warnings, ...absorbed.warnings.map((w) => ({ ...w, player: to(w.player) }))],
    ...(doNotPair === undefined ? {} : { doNotPair }),
    ...(prizes === undefined ? {} : { prizes }),
    formerNames: [...(into.formerNames ?? []), ...(absorbed.formerNames ?? []), absorbed.name],
  }
  const divisions = state.divisions.flatMap((d) =>
    d === into ? [merged] : d === absorbed ? [] : [d],
  )
  return ok({ ...state, divisions })
}

/** One round of the merged division: the division's games, then the absorbed ones, then byes. */
function mergedRound(round: Round, other: Round, to: (id: PlayerId) => PlayerId): Round {
  const lastTable = Math.max(0, ...round.pairings.map((p) => (p.kind === 'game' ? p.table : 0)))
  // Its games keep their order on the next tables: a hall that seated two divisions side by side
  // seats one now.
  const moved = other.pairings.map((p, i): Pairing => renumberPairing(p, to, lastTable + i + 1))
  const movedResults = other.results.map((r) =>
    r === null
      ? null
      : {
          ...r,
          result: renumberResult(r.result, to),
          first: r.first === null ? null : to(r.first),
          ...(r.firstBefore === undefined ? {} : { firstBefore: to(r.firstBefore) }),
        },
  )
  const all = [
    ...round.pairings.map((p, i) => ({ p, r: round.results[i] ?? null })),
    ...moved.map((p, i) => ({ p, r: movedResults[i] ?? null })),
  ]
  // Games in table order, then byes in player order, as a round keeps them.
  const games = all.filter((x) => x.p.kind === 'game')
  const byes = all
    .filter((x) => x.p.kind === 'bye')
    .sort((x, y) => (x.p.kind === 'bye' && y.p.kind === 'bye' ? x.p.player - y.p.player : 0))
  const ordered = [...games, ...byes]
  return {
    ...round,
    pairings: ordered.map((x) => x.p),
    results: ordered.map((x) => x.r),
    arrivals: [...round.arrivals, ...other.arrivals.map((a) => ({ ...a, player: to(a.player) }))],
    published: round.published && other.published,
  }
}

function renumberPairing(p: Pairing, to: (id: PlayerId) => PlayerId, table: number): Pairing {
  switch (p.kind) {
    case 'bye':
      return { ...p, player: to(p.player) }
    case 'game':
      return {
        ...p,
        table,
        players: [to(p.players[0]), to(p.players[1])],
        start: renumberStart(p.start, to),
      }
  }
}

function renumberStart(start: PairingStart, to: (id: PlayerId) => PlayerId): PairingStart {
  switch (start.kind) {
    case 'rule':
      return { ...start, starter: start.starter === null ? null : to(start.starter) }
    case 'schedule':
    case 'director':
      return { ...start, starter: to(start.starter) }
    case 'undecided':
      return start
  }
}

function renumberResult(result: GameResult, to: (id: PlayerId) => PlayerId): GameResult {
  switch (result.kind) {
    case 'played':
      return { ...result, players: [to(result.players[0]), to(result.players[1])] }
    case 'bye':
      return { ...result, player: to(result.player) }
    case 'forfeit':
      return { ...result, winner: to(result.winner), loser: to(result.loser) }
    case 'doubleForfeit':
      return { ...result, players: [to(result.players[0]), to(result.players[1])] }
    case 'unplayed':
      return { ...result, players: result.players.map(to) }
  }
}

/**
 * Splits a division before play (issue 32: one big division made two): the players `by` names
 * leave for a new division `name`, placed after it, which starts with the division's settings
 * (plan, contention, ranking, rating system, phone access, the prize table's prizes and classes,
 * the same-club rule, and any setting added later) so the director changes only what differs. Its
 * players are numbered in rating order (ties in their old order), as tsh seeds a division, with
 * their keys, fields and check-ins; the division keeps its order, renumbered from 1, and what
 * names its players by number (penalties, warnings, do-not-pair groups, prize flags and classes)
 * follows. The table offset is not copied: two divisions numbered from the same table would share
 * tables.
 *
 * Only before play: once a round is paired, a split would take games whose opponents stay behind,
 * and no rule document makes two divisions out of one mid-event (NSA and WESPA have divisions
 * fixed by rating before round 1, and tsh's directors re-seed the `.t` files only before play).
 * A player moved after play goes one at a time, with his games carried (`movePlayer`). A leaver
 * named by a penalty, warning, do-not-pair group or prize entry is refused, as `movePlayer` does.
 */
export function splitDivision(
  state: TournamentState,
  command: CommandOf<'splitDivision'>,
): Result<TournamentState> {
  const from = divisionNamed(state.divisions, command.division)
  if (from === undefined)
    return err('division.missing', `There is no division ${command.division}.`)
  if (from.rounds.length > 0) {
    return err(
      'division.split.paired',
      `Division ${from.name} has paired round 1 already: a division is split only before play. Move players one by one instead.`,
      { details: { division: from.name, rounds: from.rounds.length } },
    )
  }
  const name = validateDivisionName(state.divisions, command.name)
  if (!name.ok) return name
  const leaving = splitLeavers(from, command.by)
  if (!leaving.ok) return leaving
  const active = from.players.filter((p) => p.deleted !== true)
  if (leaving.value.size === 0 || leaving.value.size === active.length) {
    const side = leaving.value.size === 0 ? `division ${name.value}` : `division ${from.name}`
    return err(
      'division.split.empty-side',
      `That split leaves ${side} with no players: choose a line between ${String(active.length)} players.`,
      { details: { leaving: leaving.value.size, players: active.length } },
    )
  }
  for (const id of leaving.value) {
    const dependents = registrationDependents(from, id).filter((d) => d !== 'checked-in')
    const player = from.players[id - 1]
    if (dependents.length > 0 && player !== undefined) {
      return err(
        'division.split.depended-on',
        `${player.name} (#${String(id)}) cannot leave division ${from.name}: the player ${dependentWords(dependents)} there. Take that back first, or keep the player in ${from.name}.`,
        { details: { player: id, dependents: dependents.join(',') } },
      )
    }
  }
  const staying = from.players.filter((p) => !leaving.value.has(p.id))
  const stayNumbers = new Map(staying.map((p, i) => [p.id, i + 1]))
  const stayTo = (id: PlayerId): PlayerId => stayNumbers.get(id) ?? id
  const left: Division = withPlayersRenumbered(
    { ...from, players: staying.map((p, i) => ({ ...p, id: i + 1 })) },
    stayTo,
  )
  const leavers = from.players
    .filter((p) => leaving.value.has(p.id))
    .sort((a, b) => b.rating - a.rating || a.id - b.id)
  const prizes =
    from.prizes === undefined
      ? {}
      : {
          prizes: {
            ...from.prizes,
            flags: [],
            classes:
              from.prizes.classes.kind === 'manual'
                ? { kind: 'manual' as const, members: [] }
                : from.prizes.classes,
          },
        }
  const doNotPair =
    from.doNotPair === undefined ? {} : { doNotPair: { ...from.doNotPair, groups: [] } }
  const created: Division = {
    // Every setting of the division, so one added later comes along too; not its former names,
    // which name it alone, nor its tables.
    ...from,
    formerNames: undefined,
    tableOffset: undefined,
    ...prizes,
    ...doNotPair,
    name: name.value,
    players: leavers.map((p, i) => ({ ...p, id: i + 1 })),
    penalties: [],
    warnings: [],
  }
  const divisions = state.divisions.flatMap((d) => (d === from ? [left, created] : [d]))
  return ok({ ...state, divisions })
}

/** The numbers of the players `by` sends to the new division, or why it cannot say. */
export function splitLeavers(division: Division, by: SplitBy): Result<ReadonlySet<PlayerId>> {
  const active = division.players.filter((p) => p.deleted !== true)
  switch (by.kind) {
    case 'top': {
      if (!Number.isInteger(by.count) || by.count < 0) {
        return err(
          'division.split.count',
          'The number of players who stay must be a whole number.',
          { field: 'count' },
        )
      }
      const order = [...active].sort((a, b) => b.rating - a.rating || a.id - b.id)
      return ok(new Set(order.slice(by.count).map((p) => p.id)))
    }
    case 'rating':
      if (!Number.isInteger(by.atLeast)) {
        return err('division.split.rating', 'The rating line must be a whole number.', {
          field: 'atLeast',
        })
      }
      return ok(new Set(active.filter((p) => p.rating < by.atLeast).map((p) => p.id)))
    case 'list': {
      const ids = new Set<PlayerId>()
      for (const id of by.players) {
        const found = findPlayer(division, id)
        if (!found.ok) return found
        ids.add(id)
      }
      return ok(ids)
    }
  }
}

/** What names the division's players by number, renumbered after its roster changed shape. */
function withPlayersRenumbered(division: Division, to: (id: PlayerId) => PlayerId): Division {
  const { doNotPair, prizes } = division
  return {
    ...division,
    penalties: division.penalties.map((p) => ({ ...p, player: to(p.player) })),
    warnings: division.warnings.map((w) => ({ ...w, player: to(w.player) })),
    ...(doNotPair === undefined
      ? {}
      : {
          doNotPair: {
            ...doNotPair,
            groups: doNotPair.groups.map((g) => ({ ...g, players: g.players.map(to) })),
          },
        }),
    ...(prizes === undefined
      ? {}
      : {
          prizes: {
            ...prizes,
            flags: prizes.flags.map((f) => ({ ...f, player: to(f.player) })),
            classes:
              prizes.classes.kind === 'manual'
                ? {
                    kind: 'manual' as const,
                    members: prizes.classes.members.map((m) => ({ ...m, player: to(m.player) })),
                  }
                : prizes.classes,
          },
        }),
  }
}
