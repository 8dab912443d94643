/**
 * Pairings the director types, as directors do with tsh's `pm` (issue 10): a list of pairs
 * separated by commas, semicolons or lines, each two players by number or name fragment
 * (`3 17, 5 9`, `ann bob`, `#12 v #4`), and `bye 12` (or tsh's `12 0`) for a bye. The rest of the round is paired by
 * the system, or the pairing is refused until everyone is typed (the director's choice); typed
 * into a round already paired, the typed pairs replace the tables of the players they name.
 */
import { pairKey } from '../pairing/context'
import type { PairingSystem } from '../pairing/types'
import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import { apply } from '../tournament/apply'
import type { PairingSpec } from '../tournament/commands'
import { checkPlayable } from '../tournament/lookup'
import { closestByName, playerNumber } from '../tournament/names'
import { checkedInFor } from '../tournament/players'
import { hallTableNumbering } from '../tournament/tables'
import type { Division, Pairing, Player, TournamentState } from '../tournament/types'
import { findDivision } from '../tournament/views'
import {
  nextRoundNumber,
  pairingWarnings,
  planStepFor,
  notSeated,
  seatedNotSeen,
  proposePairing,
  type PairingProposal,
} from './pair-next'
import { unknownStarts } from './result-line'

/** What the director typed, read: games in the order typed, then byes. */
export interface TypedPairings {
  readonly games: readonly (readonly [PlayerId, PlayerId])[]
  readonly byes: readonly PlayerId[]
}

/** An example line for the screen's hint. */
export const TYPED_PAIRINGS_EXAMPLE = '3 17, 5 9, ann bob, bye 12'

/** `bye 12`, or tsh's opponent 0: `12 0`. */
const BYE_WORDS = new Set(['bye', '0', '#0'])
const VERSUS_WORDS = new Set(['v', 'vs', 'versus', '-', '–'])

function resolve(
  token: string,
  entry: string,
  division: Division,
  round: number,
  /** Only players who may play `round`; false: every player of the division. */
  playingOnly = true,
): Result<PlayerId> {
  const where = { details: { token, entry } }
  const id = playerNumber(token)
  if (id !== null) {
    const player = division.players[id - 1]
    if (player === undefined) {
      return err(
        'manual.player.unknown',
        `"${token}" in "${entry}": division ${division.name} has no player #${id}.`,
        where,
      )
    }
    const playable = playingOnly ? checkPlayable(player, round) : ok(player)
    if (!playable.ok) {
      return err(
        'manual.player.not-playing',
        `"${token}" in "${entry}": ${playable.error.message}`,
        where,
      )
    }
    return ok(id)
  }
  const playing = playingOnly
    ? division.players.filter((p) => checkPlayable(p, round).ok)
    : division.players
  const found = closestByName(token, playing)
  const only = found[0]
  if (only === undefined) {
    return err(
      'manual.player.no-match',
      `"${token}" in "${entry}" matches no player of division ${division.name}${playingOnly ? ` playing round ${round}` : ''}.`,
      where,
    )
  }
  if (found.length > 1) {
    const names = found
      .slice(0, 5)
      .map((p) => `${p.name} (#${p.id})`)
      .join(', ')
    return err(
      'manual.player.ambiguous',
      `"${token}" in "${entry}" matches ${found.length} players (${names}${found.length > 5 ? ', …' : ''}): type more of the name or the number.`,
      { details: { token, entry, players: found.map((p) => p.id).join(' ') } },
    )
  }
  return ok(only.id)
}

/**
 * Reads the typed pairings of `round`: every token must name exactly one player playing the
 * round, nobody twice, nobody against themselves. The error quotes the token and its entry.
 */
export function parseTypedPairings(
  text: string,
  division: Division,
  round: number,
): Result<TypedPairings> {
  const entries = text
    .split(/[,;\n]+/)
    .map((e) => e.trim())
    .filter(Boolean)
  if (entries.length === 0) {
    return err('manual.empty', `Type the pairings, e.g. "${TYPED_PAIRINGS_EXAMPLE}".`, {
      field: 'pairings',
    })
  }
  const games: [PlayerId, PlayerId][] = []
  const byes: PlayerId[] = []
  const seenIn = new Map<PlayerId, string>()
  for (const entry of entries) {
    const words = entry
      .split(/\s+/)
      .filter((w) => !VERSUS_WORDS.has(w.toLowerCase()))
      // "3-17" is two players.
      .flatMap((w) => (/^#?\d+-#?\d+$/.test(w) ? w.split('-') : [w]))
    const isBye = words.some((w) => BYE_WORDS.has(w.toLowerCase()))
    const names = words.filter((w) => !BYE_WORDS.has(w.toLowerCase()))
    const wanted = isBye ? 1 : 2
    if (names.length !== wanted || (isBye && words.length !== 2)) {
      return err(
        'manual.entry.shape',
        `"${entry}": a pairing names two players ("3 17", "ann bob") and a bye one ("bye 12").`,
        { field: 'pairings', details: { entry } },
      )
    }
    const ids: PlayerId[] = []
    for (const token of names) {
      const id = resolve(token, entry, division, round)
      if (!id.ok) return id
      const earlier = seenIn.get(id.value)
      const player = division.players[id.value - 1] as Player
      if (earlier !== undefined || ids.includes(id.value)) {
        return err(
          'manual.player.twice',
          ids.includes(id.value)
            ? `"${entry}": ${player.name} (#${player.id}) cannot play themselves.`
            : `"${token}" in "${entry}": ${player.name} (#${player.id}) is already in "${earlier ?? entry}".`,
          { field: 'pairings', details: { token, entry, player: player.id } },
        )
      }
      ids.push(id.value)
    }
    for (const id of ids) seenIn.set(id, entry)
    if (isBye) byes.push(ids[0] as PlayerId)
    else games.push([ids[0] as PlayerId, ids[1] as PlayerId])
  }
  return ok({ games, byes })
}

/**
 * Players typed as numbers or name fragments (`1 2`, `ann, bob`) for a do-not-pair entry: every
 * player of the division counts, late entries and withdrawn players included.
 */
export function parsePlayerList(text: string, division: Division): Result<PlayerId[]> {
  const tokens = text.split(/[\s,;]+/).filter(Boolean)
  const ids: PlayerId[] = []
  for (const token of tokens) {
    const id = resolve(token, text.trim(), division, 0, false)
    if (!id.ok) return id
    if (ids.includes(id.value)) {
      return err('manual.player.twice', `"${token}": player #${id.value} is listed twice.`, {
        details: { token },
      })
    }
    ids.push(id.value)
  }
  if (ids.length < 2) {
    return err('do-not-pair.players.few', 'Name two or more players (numbers or names).', {
      field: 'players',
    })
  }
  return ok(ids)
}

/** What to do with the players the director did not type. */
export const TYPED_REST = ['system', 'refuse'] as const
export type TypedRest = (typeof TYPED_REST)[number]

export interface TypedOptions {
  readonly rest: TypedRest
  readonly seed: number
  readonly onlyCheckedInOn?: string
  /** The desk's day: the proposal names the players it seats not seen that day (issue 19). */
  readonly rollCallDay?: string
}

const TYPED_REASON = 'typed by the director'

/**
 * The system that pairs the players not typed: the plan's, unless it cannot keep pairings it did
 * not make (a schedule: round robin, Initial Fontes) or pairs nothing itself (Manual); then Swiss.
 */
function restSystem(system: PairingSystem): PairingSystem {
  switch (system) {
    case 'round-robin':
    case 'double-round-robin':
    case 'fontes':
    case 'manual':
      return 'swiss'
    case 'swiss':
    case 'koth':
    case 'random':
    case 'rating':
    case 'australian':
    case 'cop':
      return system
  }
}

/** A stored pairing as the spec that stores it again unchanged. */
function specOf(p: Pairing): PairingSpec {
  switch (p.kind) {
    case 'game':
      return {
        kind: 'game',
        table: p.table,
        players: p.players,
        start: p.start,
        locked: p.locked,
        ...(p.reason === null ? {} : { reason: p.reason }),
      }
    case 'bye':
      return {
        kind: 'bye',
        player: p.player,
        locked: p.locked,
        ...(p.reason === null ? {} : { reason: p.reason }),
      }
  }
}

/**
 * The round with the typed pairings: for the next round, or the last one again (its other tables
 * stay as they are). With `rest: 'system'` the players not typed are paired by the plan's system
 * (Swiss when the plan pairs the round by hand); with `refuse` everyone playing must be typed.
 * Nothing is applied: the proposal is reviewed like any other (`replacesRound` when the round is
 * paired already).
 */
export function proposeTypedPairing(
  state: TournamentState,
  divisionName: string,
  round: number,
  typed: TypedPairings,
  options: TypedOptions,
): Result<PairingProposal> {
  const found = findDivision(state, divisionName)
  if (!found.ok) return found
  const division = found.value
  const next = nextRoundNumber(state, divisionName)
  const existing = round === next - 1 ? division.rounds[round - 1] : undefined
  if (round !== next && existing === undefined) {
    return err(
      'manual.round',
      `Pairings can be typed for round ${next} or, again, for round ${next - 1}; not round ${round}.`,
      { field: 'round', details: { round, next } },
    )
  }
  const named = new Set([...typed.games.flat(), ...typed.byes])
  // The round's other tables stay; the typed pairs take the tables freed first.
  const kept = (existing?.pairings ?? []).filter((p) =>
    p.kind === 'game' ? !p.players.some((id) => named.has(id)) : !named.has(p.player),
  )
  const usedTables = new Set(kept.flatMap((p) => (p.kind === 'game' ? [p.table] : [])))
  // From the division's first table in the hall, as the engine's pairings are (issue 19), a
  // player's kept table first (issue 32).
  const freeTable = hallTableNumbering(state, divisionName, usedTables)
  const typedSpecs: PairingSpec[] = [
    ...typed.games.map((players): PairingSpec => ({
      kind: 'game',
      table: freeTable(players),
      players,
      locked: true,
      reason: TYPED_REASON,
    })),
    ...typed.byes.map((player): PairingSpec => ({
      kind: 'bye',
      player,
      locked: true,
      reason: TYPED_REASON,
    })),
  ]
  switch (options.rest) {
    case 'system': {
      const step = planStepFor(division, round, state.info.rounds)
      const system = restSystem(step.system)
      const keptSpecs = kept.map(specOf)
      const proposal = proposePairing(state, divisionName, round, {
        seed: options.seed,
        system,
        keepLocked: [...typedSpecs, ...keptSpecs],
        ...(options.onlyCheckedInOn === undefined
          ? {}
          : { onlyCheckedInOn: options.onlyCheckedInOn }),
        ...(options.rollCallDay === undefined ? {} : { rollCallDay: options.rollCallDay }),
      })
      if (!proposal.ok) return proposal
      // Tables kept from the round keep their own lock.
      const lockOf = new Map(
        keptSpecs.flatMap((s) =>
          s.kind === 'game' ? [[pairKey(s.players[0], s.players[1]), s.locked ?? false]] : [],
        ),
      )
      const pairings = proposal.value.command.pairings.map((s) => {
        if (s.kind !== 'game') return s
        const lock = lockOf.get(pairKey(s.players[0], s.players[1]))
        return lock === undefined ? s : { ...s, locked: lock }
      })
      return ok({ ...proposal.value, command: { ...proposal.value.command, pairings } })
    }
    case 'refuse':
      return wholeRound(
        state,
        division,
        round,
        [...kept.map(specOf), ...typedSpecs],
        options,
        existing !== undefined,
      )
  }
}

/** The typed round as it stands, refused while anyone playing the round is left out. */
function wholeRound(
  state: TournamentState,
  division: Division,
  round: number,
  specs: readonly PairingSpec[],
  options: TypedOptions,
  replaces: boolean,
): Result<PairingProposal> {
  const seated = new Set(specs.flatMap((s) => (s.kind === 'game' ? s.players : [s.player])))
  const missing = division.players.filter(
    (p) =>
      !seated.has(p.id) &&
      checkPlayable(p, round).ok &&
      (options.onlyCheckedInOn === undefined ||
        checkedInFor(p, options.onlyCheckedInOn, state.rules.desk)),
  )
  if (missing.length > 0) {
    const names = missing
      .slice(0, 8)
      .map((p) => `${p.name} (#${p.id})`)
      .join(', ')
    return err(
      'manual.unpaired',
      `Not paired yet: ${names}${missing.length > 8 ? `, and ${missing.length - 8} more` : ''}. Type their pairings too, or let the system pair the rest.`,
      { field: 'pairings', details: { players: missing.map((p) => p.id).join(',') } },
    )
  }
  const command = {
    type: 'pairRound' as const,
    division: division.name,
    round,
    pairings: specs,
    system: 'manual',
    seed: options.seed,
    // Re-pairing is one command (issue 11): the log never holds the round unpaired.
    ...(replaces ? { replace: true } : {}),
  }
  const applied = apply(state, command, state.id)
  if (!applied.ok) return applied
  return ok({
    command,
    summary: [`Typed by the director: ${specs.length} pairings`],
    warnings: pairingWarnings(applied.value, division.name, round),
    replacesRound: replaces,
    unknownStarts: unknownStarts(state, division.name, 1, round - 1),
    leftOut: notSeated(state, division.name, round, specs, options.onlyCheckedInOn),
    notSeen: seatedNotSeen(state, division.name, specs, options.rollCallDay),
  })
}
