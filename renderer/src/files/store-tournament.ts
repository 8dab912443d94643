import type { Result } from '../../../shared/result'
import type { TournamentSummary } from '../db/repository'
import { announceLogChanged } from '../stores/live'
import { repository } from '../stores/repository'
import type { PreparedTournament } from './exchange'

/**
 * The summary of the tournament stored under this id, if any: asked of the summaries, not by
 * reading its whole log (10 000 rows for a 1000-player event, issue 20).
 */
export async function storedSummary(tournamentId: string): Promise<TournamentSummary | undefined> {
  return (await repository().list()).find((summary) => summary.id === tournamentId)
}

/**
 * Stores a prepared log in one transaction (the repository's `importLog`). A replace starts a new
 * log generation and is announced, so every other window showing the tournament reloads and
 * refuses its next entry until the director has seen what changed.
 */
export async function storePrepared(
  prepared: PreparedTournament,
  replace: boolean,
): Promise<Result<{ readonly generation: number }>> {
  const stored = await repository().importLog(
    prepared.tournamentId,
    prepared.log,
    prepared.summary,
    { replace },
  )
  if (stored.ok) {
    announceLogChanged({
      tournamentId: prepared.tournamentId,
      commandCount: prepared.log.length,
      generation: stored.value.generation,
    })
  }
  return stored
}
