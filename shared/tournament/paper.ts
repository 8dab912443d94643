/*
 * The event's paper (issue 28): chosen once, on the Settings or the Print screen, and used by every
 * print path (the Print screen, R, Shift+R and "Print round N…" on the Rounds screen), so a hall
 * on Letter never gets an A4 page with the bottom of every slip off the sheet.
 */
import { err, ok, type Result } from '../result'
import type { TournamentState } from './types'

export const PAPER_SIZES = ['A4', 'Letter'] as const
export type PaperSize = (typeof PAPER_SIZES)[number]

/** What an event prints on until the director says otherwise (and every log before issue 28). */
export const DEFAULT_PAPER_SIZE: PaperSize = 'A4'

export const isPaperSize = (value: unknown): value is PaperSize =>
  PAPER_SIZES.some((size) => size === value)

export function paperSizeOf(state: TournamentState): PaperSize {
  return state.paperSize ?? DEFAULT_PAPER_SIZE
}

export function setPaperSize(state: TournamentState, size: PaperSize): Result<TournamentState> {
  if (!isPaperSize(size)) {
    return err(
      'tournament.paper-size.unknown',
      `“${String(size)}” is not a paper size Rackside prints on: choose ${PAPER_SIZES.join(' or ')}.`,
      { field: 'paperSize', details: { size: String(size) } },
    )
  }
  return ok({ ...state, paperSize: size })
}
