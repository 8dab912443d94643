/*
 * Missing results are never invisible (issue 11): what stands between the desk and the next
 * pairing, which round the results screen opens on, and how complete a round's results are for
 * whatever players read (screen, projector, paper).
 */
import type { PlayerId } from '../results/game-result'
import type { TournamentState } from '../tournament/types'
import { roundPlanFor } from './pair-next'
import { missingResults, unknownStarts } from './result-line'

/** Something the director should know before pairing, and confirm pairing anyway. */
export type PairingBlocker =
  | {
      /** A game the next round's standings need has no result yet. */
      readonly kind: 'missing-result'
      readonly round: number
      readonly table: number
      readonly players: readonly [PlayerId, PlayerId]
    }
  | {
      /** A played game nobody said who started: the next round's starts balance without it. */
      readonly kind: 'unknown-start'
      readonly round: number
      readonly table: number
      readonly players: readonly [PlayerId, PlayerId]
    }

/**
 * What blocks pairing `round` of `division` until the director says "pair anyway": the missing
 * results of every round its standings are built on (the previous round, or for a lagged step
 * the one before it: a lagged round N needs rounds up to N−2 only, which is why events lag), and
 * the unknown starts of every earlier round, since starts balance over all games played
 * (MSA 1.3, NSA II.F.1). Missing results come first, in round and table order.
 */
export function pairingBlockers(
  state: TournamentState,
  division: string,
  round: number,
): readonly PairingBlocker[] {
  const found = state.divisions.find((d) => d.name === division)
  if (found === undefined || round < 2) return []
  const basis = roundPlanFor(found, round, state.info.rounds, state.info.sessionBreaks).basis
  const missing: PairingBlocker[] = []
  for (let r = 1; r <= Math.min(basis, found.rounds.length); r++) {
    for (const game of missingResults(state, division, r)) {
      missing.push({ kind: 'missing-result', round: r, table: game.table, players: game.players })
    }
  }
  const unknown = unknownStarts(state, division, 1, round - 1).map((u): PairingBlocker => ({
    kind: 'unknown-start',
    ...u,
  }))
  return [...missing, ...unknown]
}

/** One line for a blocker, names from `nameOf`: "Round 1, table 3: Ann v Bob: no result". */
export function describeBlocker(
  blocker: PairingBlocker,
  nameOf: (player: PlayerId) => string,
): string {
  const game = `Round ${blocker.round}, table ${blocker.table}: ${nameOf(blocker.players[0])} v ${nameOf(blocker.players[1])}`
  switch (blocker.kind) {
    case 'missing-result':
      return `${game}: no result yet`
    case 'unknown-start':
      return `${game}: who started is not known`
  }
}

/**
 * The round the results screen opens on: the oldest with a game still missing its result, else
 * the newest paired round (0 when none is paired), so a forgotten slip is the first thing seen.
 */
export function oldestIncompleteRound(state: TournamentState, division: string): number {
  const found = state.divisions.find((d) => d.name === division)
  if (found === undefined) return 0
  const incomplete = found.rounds.find((r) => missingResults(state, division, r.number).length > 0)
  return incomplete?.number ?? found.rounds.length
}

/** How many of a round's games have their result in (byes are in when the round is paired). */
export interface RoundProgress {
  readonly round: number
  readonly entered: number
  readonly games: number
}

export function roundProgress(
  state: TournamentState,
  division: string,
  round: number,
): RoundProgress {
  const found = state.divisions.find((d) => d.name === division)?.rounds[round - 1]
  if (found === undefined) return { round, entered: 0, games: 0 }
  const games = found.pairings.filter((p) => p.kind === 'game').length
  return { round, entered: games - missingResults(state, division, round).length, games }
}

/** The rounds of a division with a result still missing, oldest first. */
export function incompleteRounds(state: TournamentState, division: string): readonly number[] {
  const found = state.divisions.find((d) => d.name === division)
  return (found?.rounds ?? [])
    .filter((r) => missingResults(state, division, r.number).length > 0)
    .map((r) => r.number)
}

/**
 * What a standings page may say about its round: "after round N" only when every result of round
 * N is in; otherwise how many are, so players never read a partial table as final.
 */
export function standingsAsOfWords(progress: RoundProgress): string {
  if (progress.round === 0) return 'before round 1'
  return progress.entered === progress.games
    ? `after round ${progress.round}`
    : `round ${progress.round}: ${progress.entered} of ${progress.games} results in`
}

/**
 * The blockers to list before the director asks to pair: a round just paired, none of whose
 * results are in yet, is being played, not unsettled (issue 19: right after pairing, every game
 * was listed as "10 things to settle before pairing round 2"). Once its first result is in, the
 * games still without one are listed (issue 11: a missing slip is never invisible); missing
 * results of an earlier round and unknown starts are always listed. `resultsIn`: results entered
 * in `latestRound`.
 */
export function unsettledBeforeAsking(
  blockers: readonly PairingBlocker[],
  latestRound: number,
  resultsIn: number,
): readonly PairingBlocker[] {
  if (resultsIn > 0) return blockers
  return blockers.filter((b) => b.kind !== 'missing-result' || b.round < latestRound)
}
