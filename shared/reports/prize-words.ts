/*
 * The prize report in words (issue 20: one owner): the Prizes screen, the projector, the printed
 * page and `rackside prizes` all say who wins and who can still reach a place the same way.
 */
import { ordinal } from '../pairing/gibson'
import type { PlaceContenders, PrizeAward, PrizesReport } from './prizes'

/** "If the event ended now" while rounds remain; the round the prizes stand at. */
export function prizesStatus(report: PrizesReport): string {
  if (report.throughRound === 0) return 'No round is complete yet: no prize can be worked out.'
  const left = report.roundsLeft
  return report.provisional
    ? `If the event ended now: after round ${report.throughRound}, with ${left} round${left === 1 ? '' : 's'} still to play.`
    : `Final: after round ${report.throughRound}, the last round.`
}

/** The winners with what won it, or that nobody qualifies yet (no game of that kind played). */
export function winnersText(award: PrizeAward): string {
  if (award.winners.length === 0) return 'nobody qualifies yet'
  return award.winners.map((w) => `${w.name} (${w.detail})`).join('; ')
}

/** The prize's value, and how it is shared when several players tie for it. */
export function valueText(award: PrizeAward): string {
  return award.shared === null ? award.value : `${award.value} (${award.shared})`
}

export const CONTENDERS_NOTE =
  'Best and worst possible finish from the games left, each won or lost by the most spread a game can move (as for Gibsonization); one prize per player can still pass a place prize down the line.'

/** A player's best and worst possible finish: "1st", "1st–4th". */
export function finishText(best: number, worst: number): string {
  return best === worst ? ordinal(best) : `${ordinal(best)}–${ordinal(worst)}`
}

/** Who can still reach a place prize, each with their possible finish. */
export function contendersText(contenders: PlaceContenders): string {
  return contenders.players.map((p) => `${p.name} (${finishText(p.best, p.worst)})`).join(', ')
}

/**
 * Players level with the winner on the prize's measure who lost on the tie rule's spread
 * tie-break, said so the director sees the tie (issue 19); the notes under the table say how the
 * tie rule shares, and "same record: shared and split" shares it instead.
 */
export function tiedBehindText(award: PrizeAward): string {
  if (award.tiedBehind.length === 0) return ''
  const names = award.tiedBehind.map((w) => `${w.name} (${w.detail})`).join('; ')
  return `tied with ${names}: spread decided it`
}
