import { bench, describe } from 'vitest'
import { generateLog } from '../tournament/test-support/generate-log'
import { tournamentFilePieces, writeTournamentFile } from './tournament-file'

// Issue 20: a rolling backup of a 1000-player × 20-round event held the page while the whole file
// was written (0.13–0.5 s). Written in slices (renderer/src/files/backup-scheduler.ts), the page
// is held at most one slice at a time: the target is one slice under 16 ms, a frame.
const log = generateLog({ players: 1000, rounds: 20, seed: 20260314, starts: 'given' })
const SAVED = '2026-03-16T18:00:00.000Z'

describe(`a backup of 1000 players x 20 rounds (${log.length} commands)`, () => {
  bench('the whole file at once (what each backup held the page for)', () => {
    writeTournamentFile('bench', log, SAVED)
  })

  bench('the longest task of a sliced backup: one slice of 500 commands', () => {
    const pieces = tournamentFilePieces('bench', log.slice(5000, 5500), SAVED)
    for (const piece of pieces) if (piece.length === 0) throw new Error('an empty piece')
  })
})
