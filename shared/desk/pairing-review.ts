/**
 * What the review of a paired round warns about beyond repeats and starts (issue 10): the bye
 * (design.md, "Pairing": it goes to the lowest-ranked among those with the fewest byes; byes are
 * counted as tsh's CountByes counts them, every round without an opponent: shared/pairing/input.ts),
 * win gaps, back-to-back rematches, a Gibsonized player against a contender, and a pair on the
 * do-not-pair list. Each is a fact about the round as it stands, hand edits included, judged on
 * the engine's own input (issue 18), so a director sees what the system would not have done.
 */
import { bandText, contention, ordinal, pairsContention, type Contention } from '../pairing/gibson'
import { pairKey, standingsOrder } from '../pairing/context'
import { PAIRING_SYSTEMS, type PairingPlayer, type PairingSystem } from '../pairing/types'
import type { PlayerId } from '../results/game-result'
import { contentionOf, doNotPairReason, gibsonOptions } from '../tournament/pairing-rules'
import type { Division, TournamentState } from '../tournament/types'
import { divisionStandings } from '../tournament/views'
import { deskPairingInput } from './pairing-input'

export type ReviewWarning =
  | {
      /**
       * `player` has the bye after `earlier` rounds without an opponent (byes, forfeits, missed
       * rounds), while `lowest`, the lowest-ranked of those in the round with the fewest, had fewer.
       */
      readonly kind: 'second-bye'
      readonly player: PlayerId
      readonly earlier: number
      readonly lowest: PlayerId
    }
  | {
      /**
       * The bye went to `player`, but `lowest` is lower-ranked in the standings paired on, with no
       * more rounds without an opponent.
       */
      readonly kind: 'bye-not-lowest'
      readonly player: PlayerId
      readonly lowest: PlayerId
    }
  | {
      /** The two at `table` are `gap` wins apart (2 or more) in the standings paired on. */
      readonly kind: 'win-gap'
      readonly table: number
      readonly players: readonly [PlayerId, PlayerId]
      readonly gap: number
    }
  | {
      /** The two at `table` also met in the round before. */
      readonly kind: 'back-to-back'
      readonly table: number
      readonly players: readonly [PlayerId, PlayerId]
    }
  | {
      /** `gibsonized` has clinched their prize band and meets `contender`, who still plays for one. */
      readonly kind: 'gibson-vs-contender'
      readonly table: number
      readonly gibsonized: PlayerId
      readonly contender: PlayerId
    }
  | {
      /** The two at `table` are on the do-not-pair list (`reason` in words). */
      readonly kind: 'do-not-pair'
      readonly table: number
      readonly players: readonly [PlayerId, PlayerId]
      readonly reason: string
    }

/** Whether a stored round's system is one the engine knows (older logs may hold others). */
const knownSystem = (system: string | null): PairingSystem | undefined =>
  PAIRING_SYSTEMS.find((s) => s === system)

/**
 * The warnings about `round` as it stands. The standings, bye counts and basis round are the
 * engine's own input for the round (./pairing-input.ts: the plan step actually used, tsh's bye
 * count), so the review states the engine's rules and flags only what the engine could not avoid
 * or what a hand edit did.
 */
export function reviewWarnings(
  state: TournamentState,
  division: Division,
  round: number,
): ReviewWarning[] {
  const current = division.rounds[round - 1]
  if (current === undefined) return []
  const system = knownSystem(current.system)
  const input = deskPairingInput(state, division, round, {
    seed: current.seed ?? 0,
    ...(system === undefined ? {} : { system }),
  })
  if (!input.ok) return []
  const basis = input.value.basedOn
  const player = new Map(input.value.players.map((p) => [p.id, p]))
  const warnings: ReviewWarning[] = []

  // Who has clinched and who contends, exactly as the engine decided it (pair-round.ts).
  const eligible = standingsOrder(
    input.value.players.filter((p) => p.active && (p.firstRound ?? 1) <= round),
  )
  const gibson = input.value.gibson
  const contest = gibson === undefined ? null : contention(eligible, basis, gibson)
  const clinched = new Set(contest?.gibsonized.map((g) => g.player.id) ?? [])

  const inRound: PairingPlayer[] = []
  for (const p of current.pairings) {
    for (const id of p.kind === 'game' ? p.players : [p.player]) {
      const known = player.get(id)
      if (known !== undefined) inRound.push(known)
    }
  }
  // The engine's bye order (shared/pairing/pair-round.ts): fewest rounds without an opponent,
  // then the lowest in standings order of the basis round.
  const order = standingsOrder(inRound)
  const fewest = Math.min(...inRound.map((p) => p.byes))
  for (const p of current.pairings) {
    if (p.kind !== 'bye') continue
    // A schedule gives its byes by seat, and a Gibsonized player takes the bye by rule.
    const scheduled = current.system === 'round-robin' || current.system === 'double-round-robin'
    if (scheduled || clinched.has(p.player)) continue
    const earlier = player.get(p.player)?.byes ?? 0
    const lowest = order.filter((q) => q.byes === fewest).at(-1)
    if (lowest === undefined || lowest.id === p.player) continue
    if (earlier > fewest) {
      warnings.push({ kind: 'second-bye', player: p.player, earlier, lowest: lowest.id })
    } else {
      warnings.push({ kind: 'bye-not-lowest', player: p.player, lowest: lowest.id })
    }
  }

  const lastRound = division.rounds[round - 2]
  const metLast = new Set(
    (lastRound?.pairings ?? []).flatMap((p) =>
      p.kind === 'game' ? [pairKey(p.players[0], p.players[1])] : [],
    ),
  )
  for (const p of current.pairings) {
    if (p.kind !== 'game') continue
    const [a, b] = p.players
    const pa = player.get(a)
    const pb = player.get(b)
    if (basis > 0 && pa !== undefined && pb !== undefined) {
      const gap = Math.abs(pa.wins - pb.wins)
      if (gap >= 2) warnings.push({ kind: 'win-gap', table: p.table, players: p.players, gap })
    }
    if (metLast.has(pairKey(a, b))) {
      warnings.push({ kind: 'back-to-back', table: p.table, players: p.players })
    }
    for (const [g, c] of [
      [a, b],
      [b, a],
    ] as const) {
      if (clinched.has(g) && contest?.contenders.has(c) === true) {
        warnings.push({ kind: 'gibson-vs-contender', table: p.table, gibsonized: g, contender: c })
      }
    }
    const reason = doNotPairReason(division, round, a, b)
    if (reason !== null) {
      warnings.push({ kind: 'do-not-pair', table: p.table, players: p.players, reason })
    }
  }
  return warnings
}

/** Who has clinched and who still contends, as the division's contention settings see it. */
function contendersOf(
  state: TournamentState,
  division: Division,
  basis: number,
  rows: ReturnType<typeof divisionStandings>,
  gibson?: boolean,
): Contention | null {
  const settings = contentionOf(division, state.info.rounds)
  const options = gibsonOptions(
    gibson === undefined ? settings : { ...settings, gibson },
    state.info,
    state.rules.results.spreadCapPerGame,
  )
  if (options === undefined || rows.length === 0) return null
  const ordered: PairingPlayer[] = rows.map((r) => ({
    id: r.player,
    name: r.name,
    rating: division.players[r.player - 1]?.rating ?? 0,
    wins: r.wins,
    losses: r.losses,
    spread: r.spread,
    rank: r.rank,
    active: true,
    byes: 0,
    firsts: 0,
    seconds: 0,
  }))
  return contention(ordered, basis, options)
}

/** A review warning in words; `name` gives "Ann Lee (#1)". */
export function describeReviewWarning(
  warning: ReviewWarning,
  name: (id: PlayerId) => string,
): string {
  switch (warning.kind) {
    case 'second-bye':
      return `${name(warning.player)} gets a bye after ${warning.earlier === 1 ? 'one earlier round' : `${warning.earlier} earlier rounds`} without an opponent, but ${name(warning.lowest)} has had fewer`
    case 'bye-not-lowest':
      return `The bye goes to ${name(warning.player)}, but ${name(warning.lowest)} is ranked lower with no more rounds without an opponent`
    case 'win-gap':
      return `Table ${warning.table}: ${name(warning.players[0])} and ${name(warning.players[1])} are ${warning.gap} wins apart`
    case 'back-to-back':
      return `Table ${warning.table}: ${name(warning.players[0])} and ${name(warning.players[1])} also met last round`
    case 'gibson-vs-contender':
      return `Table ${warning.table}: ${name(warning.gibsonized)} has clinched their prize but meets ${name(warning.contender)}, who still plays for one`
    case 'do-not-pair':
      return `Table ${warning.table}: ${name(warning.players[0])} and ${name(warning.players[1])} are on the do-not-pair list (${warning.reason})`
  }
}

/**
 * Where the prizes stand after the last round with every result in, in words for the Rounds
 * screen: who has clinched which band, who still plays for a prize (with their best and worst
 * finish), and how many cannot reach one. Empty when contention is off or no game is left.
 */
export function contentionSummary(state: TournamentState, division: Division): readonly string[] {
  const complete = lastCompleteRound(division)
  if (complete === 0) return []
  const rows = divisionStandings(state.rules, division, complete, division.players)
  const contest = contendersOf(state, division, complete, rows)
  if (contest === null) return []
  const name = (id: PlayerId): string => {
    const player = division.players[id - 1]
    return player === undefined ? `#${id}` : `${player.name} (#${id})`
  }
  const games = `${contest.gamesLeft} game${contest.gamesLeft === 1 ? '' : 's'} left`
  const finish = (id: PlayerId): string => {
    const best = contest.best.get(id) ?? 0
    const worst = contest.worst.get(id) ?? 0
    return best === worst ? ordinal(best) : `${ordinal(best)}–${ordinal(worst)}`
  }
  const lines = [`After round ${complete}, ${games}:`]
  for (const g of contest.gibsonized) {
    lines.push(`${name(g.player.id)} has clinched ${bandText(g.band)}`)
  }
  const contenders = rows.filter((r) => contest.contenders.has(r.player))
  if (contenders.length > 0) {
    lines.push(
      `still playing for a prize: ${contenders.map((r) => `${name(r.player)} (${finish(r.player)})`).join(', ')}`,
    )
  }
  const out = rows.length - contest.gibsonized.length - contenders.length
  if (out > 0) lines.push(`${out} player${out === 1 ? '' : 's'} can no longer reach a prize`)
  return lines
}

/** The last round with every result in, counting from round 1 (0: none). */
function lastCompleteRound(division: Division): number {
  let complete = 0
  for (const round of division.rounds) {
    if (round.results.some((r) => r === null)) break
    complete = round.number
  }
  return complete
}

/** Who has clinched which band, after which round (`gibsonOffer`). */
export interface GibsonOffer {
  readonly after: number
  readonly gamesLeft: number
  readonly clinched: readonly { readonly player: PlayerId; readonly band: string }[]
}

/**
 * Gibsonization offered when the director has it off and a player has clinched a paying band
 * (issue 28: a clinched leader showed only as "(1st)" in a folded panel): who, which band, and
 * after which round. Judged by the division's own prize bands and spread per game, as the
 * pairing would judge it with Gibsonization on; null when nobody has clinched, no round is left
 * to pair, Gibsonization is already on, or the next round's `system` keeps its own pairings (a
 * round robin's schedule: shared/pairing/gibson.ts `pairsContention`).
 */
export function gibsonOffer(
  state: TournamentState,
  division: Division,
  system: PairingSystem,
): GibsonOffer | null {
  if (!pairsContention(system) || contentionOf(division, state.info.rounds).gibson) return null
  const complete = lastCompleteRound(division)
  // Only before the next round is paired: a round already paired has its opponents.
  if (complete === 0 || complete !== division.rounds.length) return null
  const rows = divisionStandings(state.rules, division, complete, division.players)
  const contest = contendersOf(state, division, complete, rows, true)
  if (contest === null || contest.gibsonized.length === 0) return null
  return {
    after: complete,
    gamesLeft: contest.gamesLeft,
    clinched: contest.gibsonized.map((g) => ({ player: g.player.id, band: bandText(g.band) })),
  }
}

/** "After round 3, 1 game left: Ann Smith (#1) has clinched 1st place. Gibsonize (…)?" */
export function describeGibsonOffer(offer: GibsonOffer, name: (id: PlayerId) => string): string {
  const who = offer.clinched.map((c) => `${name(c.player)} has clinched ${c.band}`).join('; ')
  const left = `${offer.gamesLeft} game${offer.gamesLeft === 1 ? '' : 's'} left`
  return `After round ${offer.after}, ${left}: ${who}. Gibsonize (pair clinched players away from those still playing for a prize)?`
}
