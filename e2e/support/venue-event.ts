import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readTournamentFile, writeTournamentFile } from '../../shared/formats/tournament-file'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { generateLog } from '../../shared/tournament/test-support/generate-log'

/*
 * EVENT.json for a venue test or bench (issue 21): a tournament file as the app saves it, written
 * by the tournament-file writer from a made-up event's log (`generateLog`). For the done-when
 * test, one division with every player registered and round 1 paired and published, no result
 * yet: 2·tables players, tables 1…tables in one division, so a result line is just
 * "TABLE SCORE* SCORE" on one Results screen (the fastest entry the desk has).
 */

export const VENUE_TOURNAMENT_ID = 'venue-e2e-open'

export interface VenueEventFile {
  readonly path: string
  readonly tournamentId: string
  readonly log: readonly LoggedCommand[]
}

/** Round 1 of one division paired and published over `tables` tables, no result entered. */
export function writeRoundOneEvent(folder: string, tables: number, seed = 21): VenueEventFile {
  return writeEvent(folder, roundOneLog(tables, seed))
}

function roundOneLog(tables: number, seed: number): LoggedCommand[] {
  const full = generateLog({ players: 2 * tables, rounds: 1, seed, starts: 'given', publish: true })
  return full
    .filter((entry) => entry.command.type !== 'recordResult')
    .map((entry, seq) => ({ ...entry, seq }))
}

/** The first day of the made-up event (`generateLog`): the day a desk checks players in for. */
export const VENUE_FIRST_DAY = '2026-03-14'

/**
 * A morning at the check-in desk (issue 27): round 1 of one division paired and published over
 * `tables` tables, no result entered, and the first `checkedIn` players checked in for the first
 * day, so check-in is in use. A player registered now is a late entry, playing from round 2.
 */
export function writeCheckInEvent(
  folder: string,
  tables: number,
  checkedIn: number,
  seed = 27,
): VenueEventFile {
  const paired = roundOneLog(tables, seed)
  const checkIns: LoggedCommand[] = Array.from({ length: checkedIn }, (_, i) => ({
    seq: paired.length + i,
    at: '2026-03-14T09:30:00.000Z',
    command: { type: 'checkIn', division: 'A', player: i + 1, day: VENUE_FIRST_DAY },
  }))
  return writeEvent(folder, [...paired, ...checkIns])
}

/**
 * Round 1 paired, published and started at `startedAt` (ms, this machine's clock: the authority's
 * on the same machine) with every player marked absent, so each one's "arrived" is there to press
 * (issue 27: a desk's clock must not decide lateness). `names` are the players' names.
 */
export function writeStartedRoundEvent(
  folder: string,
  tables: number,
  startedAt: number,
): VenueEventFile & { readonly names: readonly string[] } {
  const full = generateLog({
    players: 2 * tables,
    rounds: 1,
    seed: 27,
    starts: 'given',
    publish: true,
  })
  const paired = full.filter((entry) => entry.command.type !== 'recordResult')
  const names: string[] = []
  let division = ''
  for (const { command } of paired) {
    if (command.type !== 'registerPlayer') continue
    names.push(command.player.name)
    division = command.division
  }
  const start: LoggedCommand = {
    seq: paired.length,
    at: new Date(startedAt).toISOString(),
    command: {
      type: 'startRound',
      division,
      round: 1,
      at: startedAt,
      absent: names.map((_, index) => index + 1),
    },
  }
  const log = [...paired.map((entry, seq) => ({ ...entry, seq })), start]
  return { ...writeEvent(folder, log), names }
}

/**
 * A whole made-up event of about `commands` commands (results included), for catching up: 1000
 * players, so 2 + 1000 + rounds·(1 + 500) commands; 10 000 asked gives the spike's 10 020.
 */
export function writeLongEvent(folder: string, commands: number, seed = 21): VenueEventFile {
  const rounds = Math.max(1, Math.round((commands - 1002) / 501))
  return writeEvent(folder, generateLog({ players: 1000, rounds, seed, starts: 'given' }))
}

function writeEvent(folder: string, log: readonly LoggedCommand[]): VenueEventFile {
  const path = join(folder, 'EVENT.json')
  const text = writeTournamentFile(VENUE_TOURNAMENT_ID, log, '2026-03-14T08:00:00.000Z')
  // A file the app itself would refuse is a broken test, not a finding about the venue.
  const read = readTournamentFile(text)
  if (!read.ok) throw new Error(`venue event does not open: ${read.error.message}`)
  writeFileSync(path, text, 'utf8')
  return { path, tournamentId: VENUE_TOURNAMENT_ID, log }
}
