import { err, ok, type Result } from '../result'
import type { Command } from './commands'
import { findPlayer } from './lookup'
import type { Division } from './types'
import { parseRating } from './validation'

/**
 * `updateRatings` (issue 32): each named player's rating as the federation's list gives it, in
 * one step; refused as a whole, naming the entry, if one names nobody or a rating out of range.
 */
export function updateRatings(
  division: Division,
  command: Extract<Command, { readonly type: 'updateRatings' }>,
): Result<Division> {
  const ratings = new Map<number, number>()
  for (const [index, entry] of command.ratings.entries()) {
    const found = findPlayer(division, entry.player)
    const rating = found.ok ? parseRating(entry.rating) : found
    if (!rating.ok) {
      return err(rating.error.code, `Entry ${String(index + 1)}: ${rating.error.message}`, {
        ...(rating.error.field === undefined ? {} : { field: rating.error.field }),
        details: { ...rating.error.details, entry: index + 1 },
      })
    }
    ratings.set(entry.player, rating.value)
  }
  if (ratings.size === 0) return ok(division)
  const players = division.players.map((p) => {
    const rating = ratings.get(p.id)
    return rating === undefined ? p : { ...p, rating }
  })
  return ok({ ...division, players })
}
