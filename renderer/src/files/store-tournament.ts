import type { Result } from '../../../shared/result'
import { announceLogChanged } from '../stores/live'
import { repository } from '../stores/repository'
import type { PreparedTournament } from './exchange'

/**
 * Whether a tournament with this id is already stored on this computer: asked of the summaries,
 * not by reading its whole log (10 000 rows for a 1000-player event, issue 20).
 */
export async function isStored(tournamentId: string): Promise<boolean> {
  return (await repository().list()).some((summary) => summary.id === tournamentId)
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
