import { shallowRef } from 'vue'
import type { ImportReport } from './exchange'

/**
 * The report of the last tsh import, kept while the app goes to the new tournament so its
 * overview can show what config.tsh keys were not used and what was read with a choice made.
 */
export const lastImport = shallowRef<{
  readonly tournamentId: string
  readonly report: ImportReport
} | null>(null)
