import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import type { RuleSet } from '../rules/rule-set'
import { decideStarterFrom, indexStarts, tableDrawSeed, type StartsIndex } from '../starts/starts'
import type { Command, PairingChange, PairingSpec } from './commands'
import {
  checkPlayable,
  checkRoundNumber,
  findPlayer,
  findRound,
  findTable,
  pairingIndexOf,
  pairingPlayers,
  replaceAt,
  startsHistoryOf,
} from './lookup'
import type {
  ByePairing,
  Division,
  GamePairing,
  Pairing,
  PairingStart,
  RecordedResult,
  Round,
  TournamentInfo,
} from './types'

export interface Context {
  readonly info: TournamentInfo
  readonly rules: RuleSet
}

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

/** The starts of every game before `beforeRound`, indexed once for all the round's tables. */
function startsHistory(division: Division, beforeRound: number): StartsIndex {
  return indexStarts(startsHistoryOf(division, beforeRound - 1))
}

/**
 * The starter by the preset's rules (MSA 1.3-1.4, NSA II.F). When the rules leave it to the
 * program's draw (MSA 1.2) but no seed was recorded, the start stays undecided: it is printed as a
 * draw for first rather than invented.
 */
function decideStart(
  players: readonly [PlayerId, PlayerId],
  table: number,
  history: StartsIndex,
  rules: RuleSet,
  seed: number | null,
): PairingStart {
  const [a, b] = players
  const decision = decideStarterFrom(a, b, history, rules, {
    seed: seed === null ? 0 : tableDrawSeed(seed, table),
  })
  if (decision.reason.kind === 'program-draw' && seed === null) return { kind: 'undecided' }
  return { kind: 'rule', starter: decision.starter, reason: decision.reason }
}

function checkStart(start: PairingStart, players: readonly [PlayerId, PlayerId]): Result<void> {
  const starter = start.kind === 'undecided' ? null : start.starter
  if (starter === null || players.includes(starter)) return ok(undefined)
  return err(
    'pairing.starter-not-at-table',
    `Player #${starter} is not at the table of #${players[0]} and #${players[1]}.`,
    { field: 'starter', details: { starter } },
  )
}

/**
 * A bye at the preset's bye spread; `byForfeit` when the player's scheduled opponent withdrew:
 * the opponent's no-show is a forfeit, so the player wins by the preset's forfeit spread (NSA
 * VII.J.2; NEON's +100), as when a round robin's absentee does not come.
 */
function byeResult(player: PlayerId, rules: RuleSet, byForfeit = false): RecordedResult {
  const spread = byForfeit ? rules.results.forfeitSpread : rules.results.byeSpread
  return { result: { kind: 'bye', player, spread }, first: null }
}

/** A bye counted as a forfeit win names a player withdrawn by that round. */
function checkWithdrawn(division: Division, round: number, player: PlayerId): Result<PlayerId> {
  const found = findPlayer(division, player)
  if (!found.ok) return found
  const { status } = found.value
  if (status.kind === 'withdrawn' && status.fromRound <= round) return ok(player)
  return err(
    'pairing.bye.forfeit-by-playing',
    `${found.value.name} (#${player}) has not withdrawn by round ${round}: their opponent cannot win by their forfeit.`,
    { details: { player, round } },
  )
}

/** Games in table order, then byes by player: the order `tableIndex` searches. */
function comparePairings(x: Pairing, y: Pairing): number {
  if (x.kind === 'game' && y.kind === 'game') return x.table - y.table
  if (x.kind === 'bye' && y.kind === 'bye') return x.player - y.player
  return x.kind === 'game' ? -1 : 1
}

function checkTableNumber(table: number): Result<number> {
  if (!Number.isInteger(table) || table < 1) {
    return err('table.invalid', `A table is a whole number from 1, not ${table}.`, {
      field: 'table',
      details: { table },
    })
  }
  return ok(table)
}

function checkSeatable(
  division: Division,
  round: number,
  player: PlayerId,
  seated: ReadonlySet<PlayerId>,
): Result<PlayerId> {
  const found = findPlayer(division, player)
  if (!found.ok) return found
  const playable = checkPlayable(found.value, round)
  if (!playable.ok) return playable
  if (seated.has(player)) {
    return err(
      'pairing.player-twice',
      `${found.value.name} (#${player}) is paired twice in round ${round}.`,
      { details: { player, round } },
    )
  }
  return ok(player)
}

function checkGamePlayers(players: readonly [PlayerId, PlayerId]): Result<void> {
  if (players[0] === players[1]) {
    return err('pairing.same-player', `Player #${players[0]} cannot be paired with themselves.`, {
      details: { player: players[0] },
    })
  }
  return ok(undefined)
}

export function pairRound(
  current: Division,
  command: CommandOf<'pairRound'>,
  context: Context,
): Result<Division> {
  const { info, rules } = context
  // A re-pair takes the round's pairings away (as unpairRound would: the last round, no result
  // entered) and pairs it in the same step; refused, the round stays as it was. A round not
  // paired yet has nothing to replace and is paired as usual.
  const base =
    command.replace === true && command.round === current.rounds.length
      ? unpairRound(
          current,
          { type: 'unpairRound', division: command.division, round: command.round },
          context,
        )
      : ok(current)
  if (!base.ok) return base
  const division = base.value
  const number = checkRoundNumber(info, command.round)
  if (!number.ok) return number
  const next = division.rounds.length + 1
  if (command.round < next) {
    return err('round.already-paired', `Round ${command.round} is already paired.`, {
      field: 'round',
      details: { round: command.round },
    })
  }
  if (command.round > next) {
    return err(
      'round.out-of-order',
      `Round ${next} must be paired before round ${command.round}.`,
      {
        field: 'round',
        details: { round: command.round, next },
      },
    )
  }
  if (command.pairings.length === 0) {
    return err('pairing.empty', `Round ${command.round} needs at least one pairing.`)
  }
  const seated = new Set<PlayerId>()
  const tables = new Set<number>()
  const specs: PairingSpec[] = []
  for (const spec of command.pairings) {
    switch (spec.kind) {
      case 'game': {
        const table = checkTableNumber(spec.table)
        if (!table.ok) return table
        if (tables.has(spec.table)) {
          return err(
            'table.duplicate',
            `Table ${spec.table} is used twice in round ${command.round}.`,
            {
              field: 'table',
              details: { table: spec.table },
            },
          )
        }
        tables.add(spec.table)
        const same = checkGamePlayers(spec.players)
        if (!same.ok) return same
        if (spec.start !== undefined) {
          const start = checkStart(spec.start, spec.players)
          if (!start.ok) return start
        }
        break
      }
      case 'bye': {
        if (spec.forfeitBy === undefined) break
        const withdrew = checkWithdrawn(division, command.round, spec.forfeitBy)
        if (!withdrew.ok) return withdrew
        break
      }
    }
    for (const player of pairingSpecPlayers(spec)) {
      const ok = checkSeatable(division, command.round, player, seated)
      if (!ok.ok) return ok
      seated.add(player)
    }
    specs.push(spec)
  }
  const seed = command.seed ?? null
  // Indexing the history costs a pass over every earlier game: only when a starter is wanted.
  let history: StartsIndex | undefined
  const decide = (players: readonly [PlayerId, PlayerId], table: number): PairingStart => {
    history ??= startsHistory(division, command.round)
    return decideStart(players, table, history, rules, seed)
  }
  const pairings: Pairing[] = specs.map((spec) => {
    switch (spec.kind) {
      case 'game':
        return {
          kind: 'game',
          table: spec.table,
          players: spec.players,
          start: spec.start ?? decide(spec.players, spec.table),
          locked: spec.locked ?? false,
          reason: spec.reason ?? null,
        }
      case 'bye':
        return {
          kind: 'bye',
          player: spec.player,
          locked: spec.locked ?? false,
          reason: spec.reason ?? null,
        }
    }
  })
  pairings.sort(comparePairings)
  const forfeitWins = new Set(
    specs.flatMap((s) => (s.kind === 'bye' && s.forfeitBy !== undefined ? [s.player] : [])),
  )
  const round: Round = {
    number: command.round,
    pairings,
    results: pairings.map((p) =>
      p.kind === 'bye' ? byeResult(p.player, rules, forfeitWins.has(p.player)) : null,
    ),
    system: command.system ?? null,
    seed,
    startedAt: null,
    arrivals: [],
    published: false,
  }
  return ok({ ...division, rounds: [...division.rounds, round] })
}

function pairingSpecPlayers(spec: PairingSpec): readonly PlayerId[] {
  switch (spec.kind) {
    case 'game':
      return spec.players
    case 'bye':
      return [spec.player]
  }
}

export function withRound(division: Division, round: Round): Division {
  return { ...division, rounds: replaceAt(division.rounds, round.number - 1, round) }
}

function hasResult(round: Round, index: number): Result<void> {
  const pairing = round.pairings[index]
  if (pairing?.kind === 'game' && round.results[index] != null) {
    return err(
      'pairing.has-result',
      `Round ${round.number}, table ${pairing.table} already has a result: correct or undo it first.`,
      { details: { round: round.number, table: pairing.table } },
    )
  }
  return ok(undefined)
}

export function editPairing(
  division: Division,
  command: CommandOf<'editPairing'>,
  context: Context,
): Result<Division> {
  const found = findRound(division, context.info, command.round)
  if (!found.ok) return found
  const round = found.value
  const index = findTable(round, command.table)
  if (!index.ok) return index
  const pairing = round.pairings[index.value] as GamePairing
  const change: PairingChange = command.change
  switch (change.kind) {
    case 'lock': {
      const pairings = replaceAt(round.pairings, index.value, { ...pairing, locked: change.locked })
      return ok(withRound(division, { ...round, pairings }))
    }
    case 'replace':
      return replaceTable(division, round, index.value, change.players, context)
    case 'swap':
      return swapPlayers(division, round, index.value, change.player, change.with, context)
  }
}

function replaceTable(
  division: Division,
  round: Round,
  index: number,
  players: readonly [PlayerId, PlayerId],
  { rules }: Context,
): Result<Division> {
  const pairing = round.pairings[index] as GamePairing
  const busy = hasResult(round, index)
  if (!busy.ok) return busy
  const same = checkGamePlayers(players)
  if (!same.ok) return same
  // Everyone seated at another table stays put: a new player must come from the unpaired.
  const seated = new Set<PlayerId>()
  round.pairings.forEach((other, i) => {
    if (i !== index) for (const player of pairingPlayers(other)) seated.add(player)
  })
  for (const player of players) {
    const ok = checkSeatable(division, round.number, player, seated)
    if (!ok.ok) return ok
  }
  const history = startsHistory(division, round.number)
  const replaced: GamePairing = {
    ...pairing,
    players,
    start: decideStart(players, pairing.table, history, rules, round.seed),
    locked: true,
    reason: 'set by the director',
  }
  const pairings = replaceAt(round.pairings, index, replaced)
  return ok(withRound(division, { ...round, pairings }))
}

function swapPlayers(
  division: Division,
  round: Round,
  index: number,
  player: PlayerId,
  other: PlayerId,
  { rules }: Context,
): Result<Division> {
  const pairing = round.pairings[index] as GamePairing
  if (!pairing.players.includes(player)) {
    return err(
      'pairing.player-not-at-table',
      `Player #${player} is not at table ${pairing.table} in round ${round.number}.`,
      { field: 'player', details: { player, table: pairing.table } },
    )
  }
  if (pairing.players.includes(other)) {
    return err(
      'pairing.swap-same-table',
      `Players #${player} and #${other} already sit at table ${pairing.table}.`,
      { details: { player, with: other } },
    )
  }
  const busy = hasResult(round, index)
  if (!busy.ok) return busy
  const incoming = findPlayer(division, other)
  if (!incoming.ok) return incoming
  const playable = checkPlayable(incoming.value, round.number)
  if (!playable.ok) return playable
  const otherIndex = pairingIndexOf(round, other)
  if (otherIndex >= 0) {
    const otherBusy = hasResult(round, otherIndex)
    if (!otherBusy.ok) return otherBusy
  }
  const history = startsHistory(division, round.number)
  const reseat = (game: GamePairing, from: PlayerId, to: PlayerId): GamePairing => {
    const players = game.players.map((p) => (p === from ? to : p)) as [PlayerId, PlayerId]
    return {
      ...game,
      players,
      start: decideStart(players, game.table, history, rules, round.seed),
      locked: true,
      reason: 'set by the director',
    }
  }
  let pairings = replaceAt(round.pairings, index, reseat(pairing, player, other))
  let results = round.results
  const otherPairing = round.pairings[otherIndex]
  if (otherPairing !== undefined) {
    switch (otherPairing.kind) {
      case 'game':
        pairings = replaceAt(pairings, otherIndex, reseat(otherPairing, other, player))
        break
      case 'bye': {
        // The bye moves to the player who left the table, entered afresh at the preset's spread.
        const bye: ByePairing = {
          kind: 'bye',
          player,
          locked: true,
          reason: 'set by the director',
        }
        pairings = replaceAt(pairings, otherIndex, bye)
        results = replaceAt(results, otherIndex, byeResult(player, rules))
        break
      }
    }
  }
  // Byes are kept in player order; a moved bye may need to change places with its neighbours.
  const order = pairings.map((p, i) => ({ p, r: results[i] ?? null }))
  order.sort((x, y) => comparePairings(x.p, y.p))
  return ok(
    withRound(division, {
      ...round,
      pairings: order.map((o) => o.p),
      results: order.map((o) => o.r),
    }),
  )
}

export function unpairRound(
  division: Division,
  command: CommandOf<'unpairRound'>,
  { info }: Context,
): Result<Division> {
  const found = findRound(division, info, command.round)
  if (!found.ok) return found
  const round = found.value
  if (round.number !== division.rounds.length) {
    return err(
      'round.not-last',
      `Round ${round.number} is followed by round ${division.rounds.length}: unpair the last round first.`,
      { field: 'round', details: { round: round.number, last: division.rounds.length } },
    )
  }
  const played = round.pairings.filter((p, i) => p.kind === 'game' && round.results[i] != null)
  if (played.length > 0) {
    return err(
      'round.has-results',
      `Round ${round.number} has ${played.length} results entered; it cannot be unpaired.`,
      { details: { round: round.number, results: played.length } },
    )
  }
  return ok({ ...division, rounds: division.rounds.slice(0, -1) })
}

/**
 * The director shows the pairings. Publishing a published round again is allowed and changes no
 * state: after an edit the log records that the pairings went out again.
 */
export function publishRound(
  division: Division,
  command: CommandOf<'publishRound'>,
  { info }: Context,
): Result<Division> {
  const found = findRound(division, info, command.round)
  if (!found.ok) return found
  if (found.value.published) return ok(division)
  return ok(withRound(division, { ...found.value, published: true }))
}

function checkTime(at: number): Result<number> {
  if (!Number.isFinite(at)) {
    return err('time.invalid', `A time must be a number of milliseconds, not ${at}.`, {
      field: 'at',
    })
  }
  return ok(at)
}

function seatedAtGame(round: Round, player: PlayerId): Result<number> {
  const index = pairingIndexOf(round, player)
  if (round.pairings[index]?.kind !== 'game') {
    return err(
      'arrival.player-not-seated',
      `Player #${player} has no game in round ${round.number}.`,
      { field: 'player', details: { player, round: round.number } },
    )
  }
  return ok(index)
}

export function startRound(
  division: Division,
  command: CommandOf<'startRound'>,
  { info }: Context,
): Result<Division> {
  const found = findRound(division, info, command.round)
  if (!found.ok) return found
  const round = found.value
  if (round.startedAt !== null) {
    return err('round.already-started', `Round ${round.number} has already started.`, {
      details: { round: round.number },
    })
  }
  const time = checkTime(command.at)
  if (!time.ok) return time
  const absent = command.absent ?? []
  const seen = new Set<PlayerId>()
  for (const player of absent) {
    const seat = seatedAtGame(round, player)
    if (!seat.ok) return seat
    if (seen.has(player)) {
      return err('arrival.duplicate', `Player #${player} is listed as absent twice.`, {
        details: { player },
      })
    }
    seen.add(player)
  }
  const arrivals = absent.map((player) => ({ player, arrivedAt: null }))
  return ok(withRound(division, { ...round, startedAt: command.at, arrivals }))
}

/**
 * A late player sat down. A player not listed as absent at the start is added: the director saw
 * them arrive late. Recording an arrival again replaces the time (the log keeps the earlier one).
 */
export function recordArrival(
  division: Division,
  command: CommandOf<'recordArrival'>,
  { info }: Context,
): Result<Division> {
  const found = findRound(division, info, command.round)
  if (!found.ok) return found
  const round = found.value
  if (round.startedAt === null) {
    return err('round.not-started', `Round ${round.number} has not been started.`, {
      details: { round: round.number },
    })
  }
  const time = checkTime(command.at)
  if (!time.ok) return time
  if (command.at < round.startedAt) {
    return err('arrival.before-start', 'A player cannot arrive late before the round starts.', {
      field: 'at',
      details: { at: command.at, startedAt: round.startedAt },
    })
  }
  const seat = seatedAtGame(round, command.player)
  if (!seat.ok) return seat
  const arrival = { player: command.player, arrivedAt: command.at }
  const index = round.arrivals.findIndex((a) => a.player === command.player)
  const arrivals =
    index < 0 ? [...round.arrivals, arrival] : replaceAt(round.arrivals, index, arrival)
  return ok(withRound(division, { ...round, arrivals }))
}

/**
 * A player missing from their table is noticed after the clock started: recorded absent since the
 * start (their late clock counts from it, as the preset says), until their arrival is recorded.
 */
export function markAbsent(
  division: Division,
  command: CommandOf<'markAbsent'>,
  { info }: Context,
): Result<Division> {
  const found = findRound(division, info, command.round)
  if (!found.ok) return found
  const round = found.value
  if (round.startedAt === null) {
    return err(
      'round.not-started',
      `Round ${round.number} has not been started: mark absent players when starting its clock.`,
      { details: { round: round.number } },
    )
  }
  const seat = seatedAtGame(round, command.player)
  if (!seat.ok) return seat
  const known = round.arrivals.find((a) => a.player === command.player)
  if (known !== undefined) {
    return err(
      known.arrivedAt === null ? 'arrival.already-absent' : 'arrival.already-arrived',
      known.arrivedAt === null
        ? `Player #${command.player} is already marked absent in round ${round.number}.`
        : `Player #${command.player} has already arrived in round ${round.number}.`,
      { details: { player: command.player, round: round.number } },
    )
  }
  const arrivals = [...round.arrivals, { player: command.player, arrivedAt: null }]
  return ok(withRound(division, { ...round, arrivals }))
}

export function overrideStarter(
  division: Division,
  command: CommandOf<'overrideStarter'>,
  { info }: Context,
): Result<Division> {
  const found = findRound(division, info, command.round)
  if (!found.ok) return found
  const round = found.value
  const index = findTable(round, command.table)
  if (!index.ok) return index
  const pairing = round.pairings[index.value] as GamePairing
  const start: PairingStart = { kind: 'director', starter: command.starter }
  const valid = checkStart(start, pairing.players)
  if (!valid.ok) return valid
  // Once a result is in, who went first is part of it: correct the result instead.
  const busy = hasResult(round, index.value)
  if (!busy.ok) return busy
  const pairings = replaceAt(round.pairings, index.value, { ...pairing, start })
  return ok(withRound(division, { ...round, pairings }))
}
