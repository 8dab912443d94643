/**
 * A PairingInput from a tsh `.t` division (formats.md), using only the rounds before the one
 * being paired: standings as of `basedOn` (shared/standings/from-t-file), every earlier pairing as
 * a meeting (scored or not), byes and forfeits (opponent 0 with a score) for the bye rule, and
 * firsts/seconds from the `p12` tag (1 went first, 2 went second).
 */
import type { TDivisionFile, TPlayerLine } from '../formats/t-file-types'
import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import { standingsByRoundFromTFile } from '../standings/from-t-file'
import type { PairingInput, PairingPlayer, PastRound } from './types'

export type TFilePairingRequest = Omit<PairingInput, 'players' | 'history'>

/** The file as it stood before `round`: later opponents, scores and starts are dropped. */
function before(file: TDivisionFile, round: number): TDivisionFile {
  const keep = round - 1
  return {
    ...file,
    players: file.players.map((line) => ({
      ...line,
      opponents: line.opponents.slice(0, keep),
      scores: line.scores.slice(0, keep),
    })),
  }
}

const p12Of = (line: TPlayerLine): readonly string[] =>
  line.tags.find((t) => t.name === 'p12')?.values ?? []

export function pairingInputFromTFile(
  file: TDivisionFile,
  request: TFilePairingRequest,
): Result<PairingInput> {
  const { round, basedOn } = request
  const earlier = before(file, round)
  const standings = standingsByRoundFromTFile(earlier)
  if (!standings.ok) return standings
  const rows = basedOn === 0 ? null : standings.value.get(basedOn)
  if (rows === undefined) {
    return err(
      'pairing.tfile.no-standings',
      `There are no results for round ${String(basedOn)} to pair round ${String(round)} on`,
      { details: { round: basedOn } },
    )
  }
  const row = new Map((rows ?? []).map((r) => [r.player, r]))
  // Before any results: the pre-event rank is the rating order.
  const byRating = [...earlier.players].sort(
    (a, b) => (b.rating ?? 0) - (a.rating ?? 0) || a.id - b.id,
  )
  const preEvent = new Map(byRating.map((line, i) => [line.id, i + 1]))

  const players: PairingPlayer[] = earlier.players.map((line) => {
    const r = row.get(line.id)
    const p12 = p12Of(line).slice(0, round - 1)
    let byes = 0
    line.opponents.forEach((opponent, k) => {
      if (opponent === 0 && (line.scores[k] ?? 0) !== 0) byes++
    })
    // A withdrawn player (tsh `off`) is dropped from the standings and sits the round out.
    const withdrawn = line.tags.some((t) => t.name === 'off')
    return {
      id: line.id,
      name: line.name,
      rating: line.rating ?? 0,
      wins: r?.wins ?? 0,
      losses: r?.losses ?? 0,
      spread: r?.spread ?? 0,
      rank:
        rows === null ? (preEvent.get(line.id) ?? line.id) : (r?.rank ?? earlier.players.length),
      active: !withdrawn && (rows === null || r !== undefined),
      byes,
      firsts: p12.filter((v) => v === '1').length,
      seconds: p12.filter((v) => v === '2').length,
    }
  })

  const history: PastRound[] = []
  for (let r = 1; r < round; r++) {
    const pairs: (readonly [PlayerId, PlayerId])[] = []
    const byes: PlayerId[] = []
    for (const line of earlier.players) {
      const opponent = line.opponents[r - 1]
      if (opponent === undefined) continue
      if (opponent === 0) {
        if ((line.scores[r - 1] ?? 0) > 0) byes.push(line.id)
      } else if (line.id < opponent) pairs.push([line.id, opponent])
    }
    history.push({ round: r, pairs, byes })
  }
  return ok({ ...request, players, history })
}
