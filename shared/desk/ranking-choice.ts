/*
 * A division's ranking as the Settings screen offers it and every standings header names it
 * (issue 32): one use-case for the screen, print, the config.tsh export and the CLI.
 */
import { err, ok, type Result } from '../result'
import {
  checkRanking,
  DEFAULT_RANKING,
  rankingSentence,
  sameRanking,
  type Ranking,
  type TieBreak,
} from '../rules/ranking'
import type { Command } from '../tournament/commands'
import { divisionNamed } from '../tournament/lookup'
import type { TournamentState } from '../tournament/types'

/** The division's ranking: its own, else the documents' order (wins, then spread). */
export function divisionRanking(state: TournamentState, divisionName: string): Ranking {
  return divisionNamed(state.divisions, divisionName)?.ranking ?? DEFAULT_RANKING
}

/** "Ranked by wins, then spread capped at 250": the header of every standings of the division. */
export function rankingWords(state: TournamentState, divisionName: string): string {
  return rankingSentence(divisionRanking(state, divisionName), state.rules.results.spreadCapPerGame)
}

/**
 * The sentence under every standings of the division, on screen and paper: its order, then how
 * ties and the last keys work (design.md, "Standings").
 */
export function rankingNote(state: TournamentState, divisionName: string): string {
  return (
    `${rankingWords(state, divisionName)}. A tie counts as half a win and half a loss; players ` +
    'level on all of these share a rank, listed by rating, then player number.'
  )
}

/** The caps as the Settings screen's box shows them: "100, 150, 250" (empty: none). */
export function capsText(ranking: Ranking): string {
  return ranking.spreadCapByRound.join(', ')
}

/**
 * "100, 150, 250" (or spaces, or empty) as one cap per round. A word that is not a whole number
 * is refused naming it and its place, so a typing mistake never becomes a cap.
 */
export function parseCaps(text: string): Result<readonly number[]> {
  const words = text.split(/[\s,;]+/).filter((w) => w !== '')
  const caps: number[] = []
  for (const [i, word] of words.entries()) {
    if (!/^\d+$/.test(word)) {
      return err(
        'ranking.cap-text',
        `“${word}” (value ${String(i + 1)} of the spread caps) is not a whole number.`,
        { field: 'spreadCapByRound' },
      )
    }
    caps.push(Number(word))
  }
  return ok(caps)
}

/**
 * The command the Settings screen dispatches for the chosen tie-breaks and caps; null when they
 * are what the division has already. The documents' order is stored as null, so a division set
 * back to it follows the defaults again.
 */
export function rankingCommand(
  state: TournamentState,
  divisionName: string,
  tieBreaks: readonly TieBreak[],
  caps: string,
): Result<Command | null> {
  const parsed = parseCaps(caps)
  if (!parsed.ok) return parsed
  const checked = checkRanking({ tieBreaks, spreadCapByRound: parsed.value })
  if (!checked.ok) return checked
  const division = divisionNamed(state.divisions, divisionName)
  if (division === undefined) {
    return err('division.missing', `There is no division ${divisionName}.`)
  }
  if (sameRanking(checked.value, division.ranking ?? DEFAULT_RANKING)) return ok(null)
  const ranking = sameRanking(checked.value, DEFAULT_RANKING) ? null : checked.value
  return ok({ type: 'setRanking', division: division.name, ranking })
}
