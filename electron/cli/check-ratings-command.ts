/**
 * `check-ratings EVENT.json LIST`: the players a federation's ratings list does not clear (issue
 * 32; tsh's USERATINGS warns the same): not on it, expired by the event's first day, or suspended.
 * The same words as the Players and Files screens (`memberWarnings`, `describeMemberWarning`), so
 * a director checks an event before sending it for ratings without opening the app.
 */
import { readTournamentFile } from '../../shared/formats/tournament-file'
import {
  describeMemberWarning,
  indexMembers,
  memberWarnings,
  parseRatingsList,
  type MemberWarning,
} from '../../shared/ratings/ratings-list'
import type { TournamentState } from '../../shared/tournament/types'
import { decodeText } from '../../shared/formats/text-codec'
import { parseArgs } from './args'
import { CliError, EXIT, extensionOf, readBytes, readTournamentText, type CliIo } from './io'
import type { ExitCode } from './io'

export const CHECK_RATINGS_USAGE = `rackside check-ratings EVENT.json LIST [--on YYYY-MM-DD] [--json]
  The players of EVENT the ratings LIST does not clear: not listed, expired on the event's first
  day (or --on), or suspended. LIST is tsh's current.txt (NASPA, WESPA) or a member CSV (.csv).
  Exits 1 when a player is named, so a script can stop before sending results for ratings.`

/**
 * The event's players LIST does not clear on day `on`; null (the list's problem printed with its
 * line) when LIST is not a ratings list. `check-ratings` and `convert --ratings` both read it here.
 */
export async function listWarnings(
  state: TournamentState,
  listPath: string,
  on: string,
  io: CliIo,
): Promise<readonly MemberWarning[] | null> {
  const listText = decodeText(await readBytes(listPath), 'utf8')
  const list = listText.ok
    ? parseRatingsList(listText.value, extensionOf(listPath) === '.csv' ? 'csv' : 'tsh')
    : listText
  if (!list.ok) {
    const line = list.error.line === undefined ? '' : `${String(list.error.line)}:`
    io.stdout(`${listPath}:${line} ${list.error.message}\n`)
    return null
  }
  return memberWarnings(state, indexMembers(list.value), on)
}

export async function checkRatingsCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseArgs(argv, { flags: ['json'], options: ['on'] })
  if (!args.ok) throw new CliError(args.error.message)
  const { flags, options, positionals } = args.value
  if (flags.has('help')) {
    io.stdout(`${CHECK_RATINGS_USAGE}\n`)
    return EXIT.ok
  }
  const [eventPath, listPath, ...extra] = positionals
  if (eventPath === undefined || listPath === undefined || extra.length > 0) {
    throw new CliError(`usage: ${CHECK_RATINGS_USAGE}`)
  }
  if (extensionOf(eventPath) !== '.json') {
    throw new CliError(
      `${eventPath}: give a Rackside tournament file (.json); convert a tsh event first: rackside convert event.tsh event.json`,
    )
  }
  const on = options.get('on')
  if (on !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(on)) {
    throw new CliError(`--on ${on}: give the day as YYYY-MM-DD`)
  }
  const eventText = await readTournamentText(eventPath)
  if (!eventText.ok) {
    io.stdout(`${eventText.line}\n`)
    return EXIT.problems
  }
  const read = readTournamentFile(eventText.text)
  if (!read.ok) {
    const line = read.error.line === undefined ? '' : `${String(read.error.line)}:`
    io.stdout(`${eventPath}:${line} ${read.error.message}\n`)
    return EXIT.problems
  }
  const { state } = read.value
  const warnings = await listWarnings(state, listPath, on ?? state.info.startDate, io)
  if (warnings === null) return EXIT.problems
  if (flags.has('json')) {
    io.stdout(`${JSON.stringify({ warnings })}\n`)
  } else if (warnings.length === 0) {
    io.stdout(`Every player is cleared by ${listPath}.\n`)
  } else {
    io.stdout(`${warnings.map(describeMemberWarning).join('\n')}\n`)
    const n = warnings.length
    io.stdout(`${String(n)} ${n === 1 ? 'player' : 'players'} not cleared by ${listPath}\n`)
  }
  return warnings.length === 0 ? EXIT.ok : EXIT.problems
}
