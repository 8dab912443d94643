import type { Result } from '../../../shared/result'
import { repository } from '../stores/repository'
import type { PreparedTournament } from './exchange'

/** Whether a tournament with this id is already stored on this computer. */
export async function isStored(tournamentId: string): Promise<boolean> {
  return (await repository().loadLog(tournamentId)) !== undefined
}

/** Stores a prepared log in one transaction (the repository's `importLog`). */
export function storePrepared(
  prepared: PreparedTournament,
  replace: boolean,
): Promise<Result<void>> {
  return repository().importLog(prepared.tournamentId, prepared.log, prepared.summary, {
    replace,
  })
}
