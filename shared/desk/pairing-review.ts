/**
 * What the review of a paired round warns about beyond repeats and starts (issue 10): the bye
 * (design.md, "Pairing": it goes to the lowest-ranked among those with the fewest byes, a
 * forfeit counting as a bye), win gaps, back-to-back rematches, a Gibsonized player against a
 * contender, and a pair on the do-not-pair list. Each is a fact about the round as it stands,
 * hand edits included, so a director sees what the system would not have done.
 */
import { bandText, contention, ordinal, type Contention } from '../pairing/gibson'
import { pairKey } from '../pairing/context'
import type { PairingPlayer } from '../pairing/types'
import type { PlayerId } from '../results/game-result'
import { contentionOf, doNotPairReason, gibsonOptions } from '../tournament/pairing-rules'
import type { Division, TournamentState } from '../tournament/types'
import { divisionStandings } from '../tournament/views'

export type ReviewWarning =
  | {
      /** `player` has the bye and already had `earlier` byes before this round. */
      readonly kind: 'second-bye'
      readonly player: PlayerId
      readonly earlier: number
    }
  | {
      /** The bye went to `player`, but `lowest` is lower-ranked with no more byes and forfeits. */
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

/** The standings the round is paired on: the round before, or the one before that when lagged. */
function basisRound(division: Division, round: number): number {
  const plan = division.plan
  let lagged = false
  for (const step of plan) if (step.fromRound <= round) lagged = step.basedOn === 'lagged'
  return lagged ? Math.max(0, round - 2) : round - 1
}

/** Byes and forfeits of each player before `round` (both count against the next bye). */
function byesBefore(
  division: Division,
  round: number,
): Map<PlayerId, { byes: number; all: number }> {
  const counts = new Map<PlayerId, { byes: number; all: number }>()
  const add = (id: PlayerId, bye: boolean): void => {
    const c = counts.get(id) ?? { byes: 0, all: 0 }
    counts.set(id, { byes: c.byes + (bye ? 1 : 0), all: c.all + 1 })
  }
  for (const r of division.rounds.slice(0, round - 1)) {
    for (const p of r.pairings) if (p.kind === 'bye') add(p.player, true)
    for (const recorded of r.results) {
      const result = recorded?.result
      if (result?.kind === 'forfeit') add(result.loser, false)
      if (result?.kind === 'doubleForfeit') for (const id of result.players) add(id, false)
    }
  }
  return counts
}

export function reviewWarnings(
  state: TournamentState,
  division: Division,
  round: number,
): ReviewWarning[] {
  const current = division.rounds[round - 1]
  if (current === undefined) return []
  const basis = basisRound(division, round)
  const rows = basis === 0 ? [] : divisionStandings(state.rules, division, basis, division.players)
  const row = new Map(rows.map((r) => [r.player, r]))
  // Before any game the order is the rating order (design.md, "Pairing").
  const byRating = [...division.players].sort((a, b) => b.rating - a.rating || a.id - b.id)
  const position = new Map(
    (basis === 0 ? byRating.map((p) => p.id) : rows.map((r) => r.player)).map((id, i) => [id, i]),
  )
  const byes = byesBefore(division, round)
  const warnings: ReviewWarning[] = []

  const contest = contendersOf(state, division, basis, rows)
  const clinched = new Set(contest?.gibsonized.map((g) => g.player.id) ?? [])

  const inRound: PlayerId[] = []
  for (const p of current.pairings) {
    if (p.kind === 'game') inRound.push(...p.players)
    else inRound.push(p.player)
  }
  for (const p of current.pairings) {
    if (p.kind !== 'bye') continue
    const earlier = byes.get(p.player)?.byes ?? 0
    if (earlier > 0) warnings.push({ kind: 'second-bye', player: p.player, earlier })
    // A schedule gives its byes by seat, and a Gibsonized player takes the bye by rule.
    const scheduled = current.system === 'round-robin' || current.system === 'double-round-robin'
    if (scheduled || clinched.has(p.player)) continue
    const all = (id: PlayerId): number => byes.get(id)?.all ?? 0
    const fewest = Math.min(...inRound.map(all))
    const lowest = inRound
      .filter((id) => all(id) === fewest)
      .sort((a, b) => (position.get(b) ?? -1) - (position.get(a) ?? -1))[0]
    if (lowest !== undefined && lowest !== p.player) {
      warnings.push({ kind: 'bye-not-lowest', player: p.player, lowest })
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
    const ra = row.get(a)
    const rb = row.get(b)
    if (ra !== undefined && rb !== undefined) {
      const gap = Math.abs(ra.wins - rb.wins)
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
): Contention | null {
  const options = gibsonOptions(
    contentionOf(division),
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
      return `${name(warning.player)} gets a bye after ${warning.earlier === 1 ? 'one earlier bye' : `${warning.earlier} earlier byes`}`
    case 'bye-not-lowest':
      return `The bye goes to ${name(warning.player)}, but ${name(warning.lowest)} is ranked lower with no more byes or forfeits`
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
  let complete = 0
  for (const round of division.rounds) {
    if (round.results.some((r) => r === null)) break
    complete = round.number
  }
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
