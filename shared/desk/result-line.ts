/*
 * Results entry as fast as tsh (design.md, "Data entry and the desk"): one line per game, a table
 * number or two name fragments, two scores, Enter. The line becomes a ResultEntry the screen shows
 * back ("Table 12: Ann 412 – Bob 398") and turns into a `recordResult` or `correctResult`.
 */
import { err, ok, type Result } from '../result'
import {
  parseOvertime,
  playedResult,
  walkOutResult,
  type ForfeitReason,
  type GameResult,
  type PlayerId,
} from '../results/game-result'
import type { RuleSet } from '../rules/rule-set'
import type { Command, GameRef, PlayerKey } from '../tournament/commands'
import { describeResultIn } from '../tournament/describe'
import { findRound, pairingPlayers, tableIndex } from '../tournament/lookup'
import { playerKeys } from '../tournament/players'
import { closestByName, nameLevel } from '../tournament/names'
import { checkIncludedOvertime, checkResult, findGame } from '../tournament/record-result'
import type { Division, GamePairing, Round, TournamentState } from '../tournament/types'
import { findDivision } from '../tournament/views'

export interface ResultEntry {
  /** Always the table, even when the line named the players. */
  readonly game: GameRef
  /** In the pairing's order of players, however the line was typed. */
  readonly result: GameResult
  /** Who went first, when the line said (`first ann`). */
  readonly first?: PlayerId
  readonly summary: string
}

export interface ResultLineContext {
  readonly state: TournamentState
  readonly division: string
  readonly round: number
}

/** The syntax, one line each, for the entry screen's help. */
export const RESULT_LINE_HELP: readonly string[] = [
  '12 412 398 — table 12: the scores of its two players, in the order of the pairings',
  'ann bob 412 398 — two name fragments (or #7 for player 7), scores in the order typed',
  '12 412 398 ot 0:00 1:05 — overtime of each player as m:ss; the preset’s penalty is applied',
  '12 412* 398 — a * after the score of the player who went first, when the players drew for it',
  '12 412 398 first bob — the same, naming who went first',
  '12 first bob — who went first at table 12, for a result already entered',
  '12 forfeit bob — Bob did not show: the opponent wins by the preset’s forfeit spread',
  '12 late bob — Bob forfeits for lateness (the preset’s lateness spread)',
  '12 walkout bob 180 220 — Bob left the game; the scores when he left, his first (NSA VII.J.3)',
  '12 declare bob — the director declares Bob’s game forfeited: a flagrant breach of the rules or a disqualification (MSA 19, WSC 14.6, NEON 18)',
  '12 double-forfeit — neither player showed: both lose',
  '12 unplayed — the game was not played and counts for nothing',
  'forfeit bob, late bob, walkout bob, declare bob … — without a table, the game of that player',
  'Esc — clears the line; on an empty line it leaves it, for the keys 1–9 (screens) and D (division)',
]

type Keyword =
  'ot' | 'first' | 'forfeit' | 'late' | 'walkout' | 'declare' | 'double-forfeit' | 'unplayed'

/** The keywords after which the player named is the one who loses the game. */
type LoserKeyword = Extract<Keyword, 'forfeit' | 'late' | 'walkout' | 'declare'>
const isLoserKeyword = (keyword: Keyword | undefined): keyword is LoserKeyword =>
  keyword === 'forfeit' || keyword === 'late' || keyword === 'walkout' || keyword === 'declare'

const KEYWORDS: Readonly<Record<string, Keyword>> = {
  ot: 'ot',
  first: 'first',
  forfeit: 'forfeit',
  late: 'late',
  walkout: 'walkout',
  'walk-out': 'walkout',
  declare: 'declare',
  declared: 'declare',
  'double-forfeit': 'double-forfeit',
  doubleforfeit: 'double-forfeit',
  unplayed: 'unplayed',
}

const keywordOf = (token: string | undefined): Keyword | undefined =>
  token === undefined ? undefined : KEYWORDS[token.toLowerCase()]

const isWholeNumber = (token: string): boolean => /^-?\d+$/.test(token)

/** Everything the parser needs about the round, found once per line. */
interface Scene {
  readonly rules: RuleSet
  readonly division: Division
  readonly round: Round
}

const nameOf = (scene: Scene, id: PlayerId): string =>
  scene.division.players[id - 1]?.name ?? `#${id}`

const listPlayers = (scene: Scene, ids: readonly PlayerId[]): string => {
  const shown = ids.slice(0, 10).map((id) => `${nameOf(scene, id)} (#${id})`)
  return ids.length > 10 ? `${shown.join(', ')}, …` : shown.join(', ')
}

/** The players of the round a fragment matches at `level` or closer (names.ts: 1 inside … 3 whole). */
function matching(
  scene: Scene,
  fragment: string,
  among: readonly PlayerId[],
  level: number,
): PlayerId[] {
  const found: PlayerId[] = []
  for (const id of among) {
    const player = scene.division.players[id - 1]
    if (player !== undefined && nameLevel(fragment, player) >= level) found.push(id)
  }
  return found
}

function roundPlayers(round: Round): PlayerId[] {
  const ids: PlayerId[] = []
  for (const pairing of round.pairings) {
    if (pairing.kind === 'game') ids.push(pairing.players[0], pairing.players[1])
    else ids.push(pairing.player)
  }
  return ids
}

const nobody = (scene: Scene, fragment: string): Result<never> =>
  err(
    'result-line.name.unknown',
    `“${fragment}” matches nobody paired in round ${scene.round.number}.`,
    { details: { fragment } },
  )

const several = (scene: Scene, fragment: string, ids: readonly PlayerId[]): Result<never> =>
  err(
    'result-line.name.ambiguous',
    `“${fragment}” matches several players: ${listPlayers(scene, ids)}. Type more of the name.`,
    { details: { fragment, players: ids.join(' ') } },
  )

/** One fragment to one player among `among`: the closest match, refused when several are as close. */
function resolveOne(scene: Scene, fragment: string, among: readonly PlayerId[]): Result<PlayerId> {
  const players = among.flatMap((id) => scene.division.players[id - 1] ?? [])
  const found = closestByName(fragment, players).map((p) => p.id)
  const [only] = found
  if (only === undefined) return nobody(scene, fragment)
  return found.length === 1 ? ok(only) : several(scene, fragment, found)
}

interface Seat {
  /** Position of the game in the round. */
  readonly index: number
  readonly pairing: GamePairing
  /** True when the first fragment is the pairing's second player. */
  readonly reversed: boolean
}

const hasBye = (scene: Scene, player: PlayerId): boolean =>
  scene.round.pairings.some((p) => p.kind === 'bye' && p.player === player)

function byeRefused(scene: Scene, player: PlayerId): Result<never> {
  return err(
    'result-line.bye',
    `${nameOf(scene, player)} (#${player}) has a bye in round ${scene.round.number}: a bye’s result is entered when the round is paired.`,
    { details: { player } },
  )
}

/** The games where one player matches `a` and the other `b`, at one closeness level. */
function seatsFor(scene: Scene, a: ReadonlySet<PlayerId>, b: ReadonlySet<PlayerId>): Seat[] {
  const seats: Seat[] = []
  scene.round.pairings.forEach((pairing, index) => {
    if (pairing.kind !== 'game') return
    const [x, y] = pairing.players
    if (a.has(x) && b.has(y)) seats.push({ index, pairing, reversed: false })
    if (a.has(y) && b.has(x)) seats.push({ index, pairing, reversed: true })
  })
  return seats
}

/**
 * Two fragments to the one game they name, and which of its players the first one is. Looser
 * matches are tried first; when they fit several games, closer ones decide ("ann" is Ann, not
 * Joanne, once Joanne's opponent is not the second name).
 */
function resolvePair(scene: Scene, first: string, second: string): Result<Seat> {
  const among = roundPlayers(scene.round)
  const a = matching(scene, first, among, 1)
  const b = matching(scene, second, among, 1)
  if (a.length === 0) return nobody(scene, first)
  if (b.length === 0) return nobody(scene, second)
  let seats = seatsFor(scene, new Set(a), new Set(b))
  if (seats.length === 0) {
    // "ann smith": both fragments can only be the same player.
    const [only] = a.length === 1 ? a : b.length === 1 ? b : []
    if (only !== undefined && a.includes(only) && b.includes(only)) {
      return err(
        'result-line.same-player',
        `“${first}” and “${second}” are both ${nameOf(scene, only)}: a game has two players.`,
        { details: { player: only } },
      )
    }
    for (const only of [a, b]) {
      const [player] = only
      if (only.length === 1 && player !== undefined && hasBye(scene, player)) {
        return byeRefused(scene, player)
      }
    }
    if (a.length > 1) return several(scene, first, a)
    if (b.length > 1) return several(scene, second, b)
    return err(
      'result-line.not-paired',
      `${nameOf(scene, a[0] ?? 0)} and ${nameOf(scene, b[0] ?? 0)} do not play each other in round ${scene.round.number}.`,
      { details: { players: `${a[0] ?? 0} ${b[0] ?? 0}` } },
    )
  }
  for (let level = 2; level <= 3 && seats.length > 1; level++) {
    const closer = seatsFor(
      scene,
      new Set(matching(scene, first, a, level)),
      new Set(matching(scene, second, b, level)),
    )
    if (closer.length === 0) break
    seats = closer
  }
  const [seat] = seats
  if (seats.length === 1 && seat !== undefined) return ok(seat)
  const ambiguous = new Set(seats.flatMap((s) => s.pairing.players))
  const firstIds = a.filter((id) => ambiguous.has(id))
  return firstIds.length > 1
    ? several(scene, first, firstIds)
    : several(
        scene,
        second,
        b.filter((id) => ambiguous.has(id)),
      )
}

/** The game of one named player (`forfeit bob` without a table). */
function seatOf(scene: Scene, fragment: string): Result<{ seat: Seat; player: PlayerId }> {
  const player = resolveOne(scene, fragment, roundPlayers(scene.round))
  if (!player.ok) return player
  const index = scene.round.pairings.findIndex(
    (p) => p.kind === 'game' && p.players.includes(player.value),
  )
  const pairing = scene.round.pairings[index]
  if (pairing?.kind !== 'game') return byeRefused(scene, player.value)
  return ok({ seat: { index, pairing, reversed: false }, player: player.value })
}

function score(token: string | undefined, what: string): Result<number> {
  if (token === undefined) {
    return err('result-line.score.missing', `The ${what} is missing.`, { field: 'score' })
  }
  if (!isWholeNumber(token)) {
    if (token.endsWith(STARTED)) {
      return err(
        'result-line.first.star',
        `“${token}”: the * goes right after the score of the player who went first, as in 412*.`,
        { field: 'score', details: { token } },
      )
    }
    return err('result-line.score.not-a-number', `“${token}” is not a score (a whole number).`, {
      field: 'score',
      details: { token },
    })
  }
  return ok(Number(token) + 0)
}

function overtime(token: string | undefined): Result<number> {
  if (token === undefined) {
    return err('result-line.overtime.missing', 'After “ot” give both players’ overtime, as m:ss.', {
      field: 'overtime',
    })
  }
  return parseOvertime(token)
}

const otherPlayer = (pairing: GamePairing, player: PlayerId): PlayerId =>
  pairing.players[0] === player ? pairing.players[1] : pairing.players[0]

function extra(token: string): Result<never> {
  return err('result-line.extra', `“${token}” is not understood here.`, { details: { token } })
}

interface Body {
  readonly result: GameResult
  readonly first?: PlayerId
}

/** The mark after a score that says its player went first (`412*`). */
const STARTED = '*'

/** A score token and whether it carries the started mark. */
function markedScore(
  token: string | undefined,
  what: string,
): Result<{ score: number; started: boolean }> {
  const started = token !== undefined && token.length > 1 && token.endsWith(STARTED)
  const value = score(started ? token.slice(0, -1) : token, what)
  return value.ok ? ok({ score: value.value, started }) : value
}

/**
 * Scores (in the seat's typed order; a `*` after the score of whoever went first), then
 * `ot m:ss m:ss` and `first NAME` in either order.
 */
function playedBody(scene: Scene, seat: Seat, tokens: readonly string[]): Result<Body> {
  const a = markedScore(tokens[0], 'first score')
  if (!a.ok) return a
  const b = markedScore(tokens[1], 'second score')
  if (!b.ok) return b
  if (a.value.started && b.value.started) {
    return err('result-line.first.both', 'Only one player went first: mark one score with *.')
  }
  let over: readonly [number, number] = [0, 0]
  // The seat's typed order: the first typed player is the pairing's second when reversed.
  const typedPlayers = seat.reversed
    ? ([seat.pairing.players[1], seat.pairing.players[0]] as const)
    : seat.pairing.players
  let first: PlayerId | undefined = a.value.started
    ? typedPlayers[0]
    : b.value.started
      ? typedPlayers[1]
      : undefined
  for (let i = 2; i < tokens.length;) {
    const token = tokens[i] as string
    const keyword = keywordOf(token)
    if (keyword === 'ot') {
      const x = overtime(tokens[i + 1])
      if (!x.ok) return x
      const y = overtime(tokens[i + 2])
      if (!y.ok) return y
      over = [x.value, y.value]
      i += 3
    } else if (keyword === 'first') {
      const fragment = tokens[i + 1]
      if (fragment === undefined) {
        return err('result-line.first.missing', 'After “first” name who went first.')
      }
      const who = resolveOne(scene, fragment, seat.pairing.players)
      if (!who.ok) return who
      if (first !== undefined && first !== who.value) {
        return err(
          'result-line.first.both',
          `The * names ${nameOf(scene, first)} but “first” names ${nameOf(scene, who.value)}: only one went first.`,
        )
      }
      first = who.value
      i += 2
    } else return extra(token)
  }
  const typed = [a.value.score, b.value.score] as const
  const raw = seat.reversed ? ([typed[1], typed[0]] as const) : typed
  const ot = seat.reversed ? ([over[1], over[0]] as const) : over
  for (const [i, seconds] of ot.entries()) {
    const beyond = checkIncludedOvertime(seconds, scene.rules, i === 0 ? 'overtimeA' : 'overtimeB')
    if (!beyond.ok) return beyond
  }
  const result = playedResult(seat.pairing.players, raw, ot, scene.rules)
  if (!result.ok) return result
  return ok(first === undefined ? { result: result.value } : { result: result.value, first })
}

function reasonOf(keyword: Exclude<LoserKeyword, 'walkout'>): ForfeitReason {
  switch (keyword) {
    case 'forfeit':
      return 'no-show'
    case 'late':
      return 'late'
    case 'declare':
      return 'director'
  }
}

function forfeitOf(
  scene: Scene,
  pairing: GamePairing,
  absent: PlayerId,
  reason: ForfeitReason,
): GameResult {
  // A lateness forfeit has its own spread and rating (MSA guide, NEON); a no-show the preset's.
  const rules = reason === 'late' ? scene.rules.lateArrival : scene.rules.results
  return {
    kind: 'forfeit',
    winner: otherPlayer(pairing, absent),
    loser: absent,
    reason,
    spread: rules.forfeitSpread,
    rated: rules.forfeitRated,
  }
}

/**
 * `forfeit NAME`, `late NAME`, `walkout NAME [S S]`, `declare NAME`: the named player is the one
 * who loses. A declared forfeit (MSA 19, WSC 14.6: a flagrant breach; NEON 18: a disqualification)
 * is scored as the preset's forfeit, under its own reason so History and exports say so.
 */
function forfeitBody(
  scene: Scene,
  keyword: LoserKeyword,
  pairing: GamePairing,
  player: PlayerId,
  tokens: readonly string[],
): Result<Body> {
  if (keyword !== 'walkout') {
    const [more] = tokens
    if (more !== undefined) return extra(more)
    return ok({
      result: forfeitOf(scene, pairing, player, reasonOf(keyword)),
    })
  }
  let scores: { leaver: number; stayer: number } | undefined
  if (tokens.length > 0) {
    const leaver = score(tokens[0], 'leaver’s score')
    if (!leaver.ok) return leaver
    const stayer = score(tokens[1], 'opponent’s score')
    if (!stayer.ok) return stayer
    const [, , more] = tokens
    if (more !== undefined) return extra(more)
    scores = { leaver: leaver.value, stayer: stayer.value }
  }
  const result = walkOutResult(
    {
      leaver: player,
      stayer: otherPlayer(pairing, player),
      ...(scores === undefined ? {} : { scoresAtDeparture: scores }),
    },
    scene.rules,
  )
  return result.ok ? ok({ result: result.value }) : result
}

function wholeGameBody(
  scene: Scene,
  keyword: 'double-forfeit' | 'unplayed',
  pairing: GamePairing,
  tokens: readonly string[],
): Result<Body> {
  const [more] = tokens
  if (more !== undefined) return extra(more)
  return ok({
    result:
      keyword === 'unplayed'
        ? { kind: 'unplayed', players: pairing.players }
        : {
            kind: 'doubleForfeit',
            players: pairing.players,
            spread: scene.rules.results.forfeitSpread,
          },
  })
}

/** After the game is known: what the rest of the line says happened. */
function bodyAt(scene: Scene, seat: Seat, tokens: readonly string[]): Result<Body> {
  const keyword = keywordOf(tokens[0])
  switch (keyword) {
    case undefined:
      return playedBody(scene, seat, tokens)
    case 'forfeit':
    case 'late':
    case 'walkout':
    case 'declare': {
      const fragment = tokens[1]
      if (fragment === undefined) {
        return err('result-line.forfeit.who', `After “${keyword}” name the player who loses.`)
      }
      const player = resolveOne(scene, fragment, seat.pairing.players)
      if (!player.ok) return player
      return forfeitBody(scene, keyword, seat.pairing, player.value, tokens.slice(2))
    }
    case 'double-forfeit':
    case 'unplayed':
      return wholeGameBody(scene, keyword, seat.pairing, tokens.slice(1))
    case 'first':
      return firstOnlyBody(scene, seat, tokens.slice(1))
    case 'ot':
      return err('result-line.score.missing', 'The scores come before “ot” and “first”.')
  }
}

/**
 * `12 first bob` with no scores: who went first in a game whose result is already in (the start
 * stays correctable: the result is entered again with its starter, and the log keeps both).
 */
function firstOnlyBody(scene: Scene, seat: Seat, tokens: readonly string[]): Result<Body> {
  const recorded = scene.round.results[seat.index] ?? null
  if (recorded === null) {
    return err(
      'result-line.score.missing',
      `Table ${seat.pairing.table} has no result yet: type the scores before “first”.`,
    )
  }
  if (recorded.result.kind !== 'played') {
    return err('result.first-without-game', `Nobody goes first in a ${recorded.result.kind}.`, {
      field: 'first',
    })
  }
  const [fragment, more] = tokens
  if (fragment === undefined) {
    return err('result-line.first.missing', 'After “first” name who went first.')
  }
  if (more !== undefined) return extra(more)
  const who = resolveOne(scene, fragment, seat.pairing.players)
  if (!who.ok) return who
  return ok({ result: recorded.result, first: who.value })
}

function sceneOf(context: ResultLineContext): Result<Scene> {
  const division = findDivision(context.state, context.division)
  if (!division.ok) return division
  const round = findRound(division.value, context.state.info, context.round)
  if (!round.ok) return round
  return ok({ rules: context.state.rules, division: division.value, round: round.value })
}

/** Where the line's game is, and the tokens that say what happened in it. */
function locate(
  scene: Scene,
  tokens: readonly string[],
): Result<{ seat: Seat; rest: readonly string[] }> {
  const [head] = tokens
  if (head === undefined) return err('result-line.empty', 'Type a table or two names and scores.')
  if (/^\d+$/.test(head)) {
    const table = Number(head)
    const index = tableIndex(scene.round, table)
    const pairing = scene.round.pairings[index]
    if (index < 0 || pairing?.kind !== 'game') {
      return err(
        'result-line.table.unknown',
        `Round ${scene.round.number} has no table ${table}.`,
        { field: 'table', details: { table } },
      )
    }
    return ok({ seat: { index, pairing, reversed: false }, rest: tokens.slice(1) })
  }
  const keyword = keywordOf(head)
  if (isLoserKeyword(keyword)) {
    const fragment = tokens[1]
    if (fragment === undefined) {
      return err('result-line.forfeit.who', `After “${keyword}” name the player who loses.`)
    }
    const found = seatOf(scene, fragment)
    if (!found.ok) return found
    // The body reads the keyword and the name again, now among the two players of the game.
    return ok({
      seat: found.value.seat,
      rest: [head, `#${found.value.player}`, ...tokens.slice(2)],
    })
  }
  if (keyword !== undefined) {
    return err('result-line.game.missing', `Start with the table or the players, not “${head}”.`)
  }
  const second = tokens[1]
  const secondIsName =
    second !== undefined && !isWholeNumber(second) && keywordOf(second) === undefined
  if (!secondIsName) {
    const player = seatOf(scene, head)
    if (!player.ok) return player
    const next = keywordOf(second)
    if (next === 'double-forfeit' || next === 'unplayed') {
      return ok({ seat: player.value.seat, rest: tokens.slice(1) })
    }
    return err(
      'result-line.names.second',
      `Name both players (or give the table) before the scores: only “${head}” was given.`,
    )
  }
  const seat = resolvePair(scene, head, second)
  if (!seat.ok) return seat
  return ok({ seat: seat.value, rest: tokens.slice(2) })
}

/**
 * Reads one line of results entry (RESULT_LINE_HELP) for a paired round. Never throws: a line that
 * cannot be a result of this round is refused with a `result-line.*` code (or the code of the rule
 * it breaks: `score.out-of-range` past the preset's `maxScore`, `walk-out.scores-required`…).
 * A result already entered is not refused here: `resultCommandFor` makes it a correction.
 */
export function parseResultLine(line: string, context: ResultLineContext): Result<ResultEntry> {
  const scene = sceneOf(context)
  if (!scene.ok) return scene
  const tokens = line.trim().split(/\s+/).filter(Boolean)
  const located = locate(scene.value, tokens)
  if (!located.ok) return elsewhere(context, located)
  const { seat, rest } = located.value
  const body = bodyAt(scene.value, seat, rest)
  if (!body.ok) return body
  const checked = checkResult(seat.pairing, body.value.result, scene.value.rules)
  if (!checked.ok) return checked
  const summary = `Table ${seat.pairing.table}: ${describeResultIn(body.value.result, scene.value.division)}`
  const first = body.value.first
  return ok({
    game: { table: seat.pairing.table },
    result: body.value.result,
    ...(first === undefined ? {} : { first }),
    summary: first === undefined ? summary : `${summary}; ${nameOf(scene.value, first)} went first`,
  })
}

/**
 * A table or name this round does not have may be another division's (issue 11: two divisions
 * in one hall): then the line is refused with that reason, so a B slip typed on A's screen is
 * never mistaken for a typing error, nor stored in A. Otherwise the refusal stands as it was.
 */
function elsewhere(context: ResultLineContext, refused: Result<never>): Result<never> {
  if (refused.ok) return refused
  const { code, details } = refused.error
  const table = code === 'result-line.table.unknown' ? details?.['table'] : undefined
  const fragment = code === 'result-line.name.unknown' ? details?.['fragment'] : undefined
  if (table === undefined && fragment === undefined) return refused
  for (const other of context.state.divisions) {
    if (other.name === context.division) continue
    const round = other.rounds[context.round - 1]
    if (round === undefined) continue
    const scene: Scene = { rules: context.state.rules, division: other, round }
    const where = `division ${other.name}’s round ${round.number}`
    const choose = `choose division ${other.name} to enter it.`
    if (typeof table === 'number') {
      const pairing = round.pairings[tableIndex(round, table)]
      if (pairing?.kind === 'game') {
        return err(
          'result-line.other-division',
          `Table ${table} is in ${where} (${nameOf(scene, pairing.players[0])} v ${nameOf(scene, pairing.players[1])}), not division ${context.division}: ${choose}`,
          { field: 'division', details: { division: other.name, table } },
        )
      }
    } else if (typeof fragment === 'string') {
      const [found] = matching(scene, fragment, roundPlayers(round), 2)
      if (found !== undefined) {
        return err(
          'result-line.other-division',
          `“${fragment}” is nobody in division ${context.division}; ${nameOf(scene, found)} plays in ${where}: ${choose}`,
          { field: 'division', details: { division: other.name, fragment } },
        )
      }
    }
  }
  return refused
}

export type ResultCommand = Extract<Command, { readonly type: 'recordResult' | 'correctResult' }>

/**
 * The command for an entry: a correction when the game already has a result (the log keeps both).
 * Issue 27: it carries the keys of the players seated at the game as this desk sees them, and a
 * correction the result it replaces, so the authority refuses it, instead of applying it to
 * another game or over another desk's correction, when either changed meanwhile.
 */
export function resultCommandFor(
  state: TournamentState,
  division: string,
  round: number,
  entry: ResultEntry,
): ResultCommand {
  const fields = {
    division,
    round,
    game: entry.game,
    result: entry.result,
    ...(entry.first === undefined ? {} : { first: entry.first }),
  }
  const seen = gameAsSeen(state, division, round, entry.game)
  const keys = seen === undefined ? {} : { keys: seen.keys }
  const stored = seen?.stored ?? null
  return stored === null
    ? { type: 'recordResult', ...fields, ...keys }
    : { type: 'correctResult', ...fields, ...keys, replaces: stored }
}

/** The game as this desk sees it: its seated players' keys and its result (null: none yet). */
function gameAsSeen(
  state: TournamentState,
  division: string,
  round: number,
  game: GameRef,
): { readonly keys: readonly PlayerKey[]; readonly stored: GameResult | null } | undefined {
  const found = state.divisions.find((d) => d.name === division)
  const played = found?.rounds[round - 1]
  const index = played === undefined ? undefined : findGame(played, game)
  const pairing = index?.ok === true ? played?.pairings[index.value] : undefined
  if (played === undefined || index?.ok !== true || pairing === undefined) return undefined
  return {
    keys: playerKeys(found, pairingPlayers(pairing)),
    stored: played.results[index.value]?.result ?? null,
  }
}

/** Games of the round still without a result, in table order: the "missing results" list. */
export function missingResults(
  state: TournamentState,
  division: string,
  round: number,
): readonly GamePairing[] {
  const found = state.divisions.find((d) => d.name === division)?.rounds[round - 1]
  if (found === undefined) return []
  return found.pairings.filter(
    (p, i): p is GamePairing => p.kind === 'game' && found.results[i] == null,
  )
}

/** A played game whose result is in but nobody recorded who went first. */
export interface UnknownStart {
  readonly round: number
  readonly table: number
  readonly players: readonly [PlayerId, PlayerId]
}

/**
 * Played games of rounds `fromRound`..`toRound` with no recorded starter, in round and table
 * order. They count for neither player's firsts (rules.md, "Who plays first"), so the balance the
 * next pairings keep (MSA 1.3, NSA II.F.1) drifts until someone says who started.
 */
export function unknownStarts(
  state: TournamentState,
  division: string,
  fromRound: number,
  toRound: number,
): readonly UnknownStart[] {
  const rounds = state.divisions.find((d) => d.name === division)?.rounds ?? []
  const unknown: UnknownStart[] = []
  for (const round of rounds.slice(Math.max(0, fromRound - 1), Math.max(0, toRound))) {
    round.pairings.forEach((p, i) => {
      const recorded = round.results[i] ?? null
      if (p.kind !== 'game' || recorded === null) return
      if (recorded.result.kind === 'played' && recorded.first === null) {
        unknown.push({ round: round.number, table: p.table, players: p.players })
      }
    })
  }
  return unknown
}

/**
 * The command that records who went first in an entered game (the result entered again with its
 * starter: a correction the log keeps beside the first entry), or why it cannot be recorded.
 */
export function starterCommandFor(
  state: TournamentState,
  division: string,
  round: number,
  table: number,
  first: PlayerId,
): Result<ResultCommand> {
  const scene = sceneOf({ state, division, round })
  if (!scene.ok) return scene
  const located = locate(scene.value, [String(table)])
  if (!located.ok) return located
  const body = firstOnlyBody(scene.value, located.value.seat, [`#${first}`])
  if (!body.ok) return body
  const seated = located.value.seat.pairing.players
  return ok({
    type: 'correctResult',
    division,
    round,
    game: { table },
    result: body.value.result,
    first,
    // Issue 27: the players and the result this desk saw, as for any correction.
    keys: playerKeys(scene.value.division, seated),
    replaces: body.value.result,
  })
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  return ka.every((k) =>
    sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  )
}

/**
 * Double entry: a second operator's entry of the same slip must say the same thing (same game,
 * result and first player); the summaries are not compared, they follow from the rest.
 */
export function sameEntry(a: ResultEntry, b: ResultEntry): boolean {
  return sameValue(a.game, b.game) && sameValue(a.result, b.result) && a.first === b.first
}
