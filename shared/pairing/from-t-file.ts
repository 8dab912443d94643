/**
 * A PairingInput from a tsh `.t` division (formats.md), using only the rounds before the one
 * being paired. The file is read into the same event shape the desk builds (shared/pairing/input.ts,
 * issue 18), so the CLI pairs on the input the desk would build for the same event, as far as a
 * `.t` can say it:
 * - standings as of `basedOn` are the file's own (shared/standings/from-t-file: penalties, `off`);
 * - every earlier pairing is a meeting (scored or not); opponent 0 with a positive score is a bye;
 * - byes are counted as tsh's CountByes counts them (every round at opponent 0: byes, forfeits,
 *   missed and unplayed rounds), in pairing/input.ts;
 * - starts come from the `p12` tag (1 went first, 2 went second);
 * - Rackside's own `rackside` tag (t-rackside-tag.ts), when present, gives back what tsh has no
 *   form for: a forfeit's or unplayed game's opponent, and a late entry's first round.
 */
import type { TDivisionFile, TPlayerLine } from '../formats/t-file-types'
import { withdrawalRound } from '../formats/t-import'
import { checkedFacts, type RacksideFacts } from '../formats/t-rackside-tag'
import { err, type Result } from '../result'
import type { GameResult, PlayerId } from '../results/game-result'
import { standingsAfterRoundFromTFile } from '../standings/from-t-file'
import type { StartsHistoryEntry } from '../starts/starts'
import { pairKey } from './context'
import { pairingInputFromEvent, type Entrant, type EventSoFar } from './input'
import type { SeatedHistory } from './round-robin-history'
import type { PairingInput, PastRound } from './types'

export type TFilePairingRequest = Omit<PairingInput, 'players' | 'history'>

/**
 * The file as it stood before `round`: later opponents, scores and starts are dropped, and the
 * `off` of a player who withdrew only later (issue 29: he was still in the event then).
 */
function before(file: TDivisionFile, round: number): TDivisionFile {
  const keep = round - 1
  const factsOf = factsOfFile(file.players)
  return {
    ...file,
    players: file.players.map((line) => ({
      ...line,
      opponents: line.opponents.slice(0, keep),
      scores: line.scores.slice(0, keep),
      ...(withdrawnBy(line, round, factsOf)
        ? {}
        : { tags: line.tags.filter((t) => t.name !== 'off') }),
    })),
  }
}

const p12Of = (line: TPlayerLine): readonly string[] =>
  line.tags.find((t) => t.name === 'p12')?.values ?? []

/**
 * The file's `rackside` facts read as t-import reads them (all of them, or none when one no longer
 * fits the columns), so the CLI and an imported event see the same rounds and the same starts.
 */
const factsOfFile = (
  lines: readonly TPlayerLine[],
): ((line: TPlayerLine) => RacksideFacts | null) => {
  const facts = checkedFacts(lines)
  return (line) => facts?.get(line.id) ?? null
}

/** Who went first in round `r` (1-based) of `line`'s game, from its `p12`; null when unknown. */
function firstOf(line: TPlayerLine, opponent: PlayerId, r: number): PlayerId | null {
  const p12 = p12Of(line)[r - 1]
  if (p12 === '1') return line.id
  if (p12 === '2') return opponent
  return null
}

/** Pairings and results of the rounds before the one paired, as the desk keeps them. */
function rounds(
  lines: readonly TPlayerLine[],
  last: number,
  factsOf: (line: TPlayerLine) => RacksideFacts | null,
): { paired: PastRound[]; games: StartsHistoryEntry[] } {
  const byId = new Map(lines.map((l) => [l.id, l]))
  const facts = new Map(lines.map((l) => [l.id, factsOf(l)]))
  const paired: PastRound[] = []
  const games: StartsHistoryEntry[] = []
  for (let r = 1; r <= last; r++) {
    const pairs: (readonly [PlayerId, PlayerId])[] = []
    const byes: PlayerId[] = []
    const seen = new Set<number>()
    const game = (a: PlayerId, b: PlayerId, result: GameResult | null, first: PlayerId | null) => {
      const key = pairKey(a, b)
      if (seen.has(key)) return
      seen.add(key)
      pairs.push(a < b ? [a, b] : [b, a])
      if (result !== null) games.push({ round: r, result, first })
    }
    for (const line of lines) {
      const entry = facts.get(line.id)?.rounds.get(r)
      const opponent = line.opponents[r - 1]
      const score = line.scores[r - 1]
      if (entry !== undefined) {
        switch (entry.kind) {
          case 'bye':
            byes.push(line.id)
            games.push({
              round: r,
              result: { kind: 'bye', player: line.id, spread: entry.spread },
              first: null,
            })
            break
          case 'forfeit': {
            const [winner, loser] = entry.won
              ? [line.id, entry.opponent]
              : [entry.opponent, line.id]
            const result: GameResult = {
              kind: 'forfeit',
              winner,
              loser,
              reason: entry.reason,
              spread: entry.spread,
              rated: entry.rated,
            }
            game(line.id, entry.opponent, result, null)
            break
          }
          case 'doubleForfeit':
            game(
              line.id,
              entry.opponent,
              { kind: 'doubleForfeit', players: [line.id, entry.opponent], spread: entry.spread },
              null,
            )
            break
          case 'unplayed':
            if (entry.opponent !== 0) {
              game(
                line.id,
                entry.opponent,
                { kind: 'unplayed', players: [line.id, entry.opponent] },
                null,
              )
            }
            break
          case 'pending':
            game(line.id, entry.opponent, null, null)
            break
        }
        continue
      }
      if (opponent === undefined) continue
      if (opponent === 0) {
        if (score !== undefined && score > 0) {
          byes.push(line.id)
          games.push({
            round: r,
            result: { kind: 'bye', player: line.id, spread: score },
            first: null,
          })
        }
        continue
      }
      const other = byId.get(opponent)
      // The opponent's own entry says what the game was (a forfeit it names, say).
      if (other === undefined || facts.get(opponent)?.rounds.get(r) !== undefined) continue
      const theirs = other.scores[r - 1]
      const result: GameResult | null =
        score === undefined || theirs === undefined
          ? null
          : {
              kind: 'played',
              players: [line.id, opponent],
              rawScores: [score, theirs],
              overtimeSeconds: [0, 0],
              scores: [score, theirs],
            }
      game(line.id, opponent, result, firstOf(line, opponent, r))
    }
    paired.push({ round: r, pairs, byes })
  }
  return { paired, games }
}

/**
 * Who met whom in the rounds before `round`, as `pairingInputFromTFile` reads them: what the plan
 * needs to tell whether the file's rounds are a round robin that goes on (issue 29).
 */
export function tFileHistory(file: TDivisionFile, round: number): SeatedHistory {
  const earlier = before(file, round)
  const last = earlier.players.reduce((most, line) => Math.max(most, line.opponents.length), 0)
  const factsOf = factsOfFile(file.players)
  return {
    players: file.players.map((line) => line.id),
    rounds: rounds(earlier.players, Math.min(last, round - 1), factsOf).paired,
  }
}

/** Players still in the event at `round` (the automatic plan is worked out on them). */
export function playersInRound(file: TDivisionFile, round: number): number {
  const factsOf = factsOfFile(file.players)
  return file.players.filter((line) => !withdrawnBy(line, round, factsOf)).length
}

/**
 * Whether `line`'s player has withdrawn by `round`: tsh's `off` says he withdrew and the trailing
 * rounds without an opponent, scored 0 or the `off` value, say from when (as t-import reads it);
 * Rackside's own tag names the round where those cannot.
 */
function withdrawnBy(
  line: TPlayerLine,
  round: number,
  factsOf: (line: TPlayerLine) => RacksideFacts | null,
): boolean {
  const off = line.tags.find((t) => t.name === 'off')
  if (off === undefined) return false
  const spreads = off.values.filter((v) => /^[-+]?\d+$/.test(v)).map(Number)
  const from = factsOf(line)?.withdrawnFrom ?? withdrawalRound(line, spreads)
  return from === null || from <= round
}

export function pairingInputFromTFile(
  file: TDivisionFile,
  request: TFilePairingRequest,
): Result<PairingInput> {
  const { round, basedOn } = request
  const earlier = before(file, round)
  const standings = standingsAfterRoundFromTFile(earlier, basedOn)
  if (!standings.ok) return standings
  const rows = basedOn === 0 ? null : standings.value
  if (rows === null && basedOn !== 0) {
    return err(
      'pairing.tfile.no-standings',
      `There are no results for round ${String(basedOn)} to pair round ${String(round)} on`,
      { details: { round: basedOn } },
    )
  }
  const ranked = new Set((rows ?? []).map((r) => r.player))
  // Checked against the whole file: the rounds cut off below still have their facts in the tag.
  const factsOf = factsOfFile(file.players)
  const entrants: Entrant[] = earlier.players.map((line) => {
    const firstRound = factsOf(line)?.firstRound
    // Issue 32: a table kept for the player, as Rackside's export writes it in its tag.
    const reservedTable = factsOf(line)?.reservedTable
    // A withdrawn player (tsh `off`) is dropped from the standings and sits the round out.
    const withdrawn = withdrawnBy(line, round, factsOf)
    const late = firstRound !== undefined && firstRound > basedOn
    return {
      id: line.id,
      name: line.name,
      rating: line.rating ?? 0,
      active: !withdrawn && (rows === null || ranked.has(line.id) || late),
      ...(firstRound === undefined ? {} : { firstRound }),
      ...(reservedTable === undefined ? {} : { reservedTable }),
    }
  })
  const last = earlier.players.reduce((most, line) => Math.max(most, line.opponents.length), 0)
  const event: EventSoFar = {
    entrants,
    ...rounds(earlier.players, Math.min(last, round - 1), factsOf),
    ...(rows === null ? {} : { standings: rows }),
  }
  // Starts are counted from the games read above, as the desk counts them.
  const { rules, options } = request.starts
  return pairingInputFromEvent(event, {
    ...request,
    starts: { rules, ...(options === undefined ? {} : { options }) },
  })
}
