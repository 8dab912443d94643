import { err, ok, type Result } from '../result'

/**
 * What orders players who have the same wins and losses (issue 32). The five rule documents give
 * only wins and then cumulative spread (rules.md, "Results, byes, forfeits and spread"; NSA VII.E
 * for ties as half a win); every other key here is our choice, named after what federations and
 * school events use, since none of the seed documents defines it:
 * - `spread`: cumulative spread (every document's order, design.md "Standings").
 * - `opponents-wins`: the wins of every opponent met over the board or by forfeit, added up as
 *   they stand now (Scrabble Malaysia's "opponents' final ranking" as a number; the MSA documents
 *   in seeds/ do not define it, so this reading is ours).
 * - `total-score`: the player's own scores in games played, added up (school events).
 * - `head-to-head`: among the players still level, wins in the games between them.
 */
export const TIE_BREAKS = ['spread', 'opponents-wins', 'total-score', 'head-to-head'] as const
export type TieBreak = (typeof TIE_BREAKS)[number]

export interface Ranking {
  /** After wins (and fewer losses), in order; each key decides only among players still level. */
  readonly tieBreaks: readonly TieBreak[]
  /**
   * Most spread one game counts for, one value per round (round 1 first; the last value holds for
   * every later round), so a cap can rise as the event goes on. Empty: the preset's cap.
   */
  readonly spreadCapByRound: readonly number[]
}

/** The documents' order: wins, then cumulative spread (rules.md; NSA VII.E, design.md). */
export const DEFAULT_RANKING: Ranking = { tieBreaks: ['spread'], spreadCapByRound: [] }

/** Largest cap one round may have; beyond it the cap means nothing and is a typing mistake. */
export const MAX_SPREAD_CAP = 10_000

/** The cap of one round's games: its own value, the last value for later rounds, else `fallback`. */
export function spreadCapForRound(
  capByRound: readonly number[],
  round: number,
  fallback: number | null,
): number | null {
  if (capByRound.length === 0) return fallback
  return capByRound[Math.min(round, capByRound.length) - 1] ?? fallback
}

/** A ranking the director chose, checked: each key once, caps whole numbers from 1 up. */
export function checkRanking(ranking: Ranking): Result<Ranking> {
  const seen = new Set<TieBreak>()
  for (const key of ranking.tieBreaks) {
    if (!TIE_BREAKS.includes(key)) {
      return err('ranking.unknown', `There is no tie-break called ${String(key)}.`)
    }
    if (seen.has(key)) return err('ranking.repeated', `The tie-break ${key} is listed twice.`)
    seen.add(key)
  }
  const round = ranking.spreadCapByRound.findIndex(
    (cap) => !Number.isInteger(cap) || cap < 1 || cap > MAX_SPREAD_CAP,
  )
  if (round >= 0) {
    return err(
      'ranking.cap',
      `The spread cap of round ${String(round + 1)} must be a whole number from 1 to ${String(MAX_SPREAD_CAP)}.`,
    )
  }
  return ok(ranking)
}

/** Whether two rankings order players alike (the Settings screen offers no empty change). */
export function sameRanking(a: Ranking, b: Ranking): boolean {
  return (
    a.tieBreaks.join() === b.tieBreaks.join() &&
    a.spreadCapByRound.join() === b.spreadCapByRound.join()
  )
}

const TIE_BREAK_WORDS: Readonly<Record<TieBreak, string>> = {
  spread: 'spread',
  'opponents-wins': "opponents' wins",
  'total-score': 'total score',
  'head-to-head': 'head-to-head',
}

/** A tie-break as the Settings screen, the standings header and the CLI name it. */
export function tieBreakWords(key: TieBreak): string {
  return TIE_BREAK_WORDS[key]
}

/** "capped at 250", "capped at 100 in round 1, 150 from round 3": where a cap is set. */
function capWords(caps: readonly number[]): string {
  const steps: string[] = []
  caps.forEach((cap, i) => {
    if (i === 0) steps.push(String(cap))
    else if (cap !== caps[i - 1]) steps.push(`${String(cap)} from round ${String(i + 1)}`)
  })
  return `capped at ${steps.join(', ')}`
}

/**
 * The standings header's sentence, the same on screen, in print and in the CLI: "Ranked by wins,
 * then spread capped at 250, then opponents' wins". `presetCap` is the preset's one cap per game,
 * which holds where the division sets none.
 */
export function rankingSentence(ranking: Ranking, presetCap: number | null = null): string {
  const caps =
    ranking.spreadCapByRound.length > 0
      ? ranking.spreadCapByRound
      : presetCap === null
        ? []
        : [presetCap]
  const keys = ranking.tieBreaks.map((key) =>
    key === 'spread' && caps.length > 0 ? `spread ${capWords(caps)}` : tieBreakWords(key),
  )
  return ['Ranked by wins', ...keys].join(', then ')
}
