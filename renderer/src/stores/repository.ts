import type { TournamentRepository } from '../db/repository'

let current: TournamentRepository | undefined

/** main.ts installs the Dexie repository; unit tests install the in-memory twin. */
export function setRepository(repository: TournamentRepository): void {
  current = repository
}

export function repository(): TournamentRepository {
  if (!current) throw new Error('No repository: call setRepository() before using a store.')
  return current
}
