/**
 * `ratings FILE.t --system SYSTEM`: tsh's rating estimates after every round of a `.t` division
 * (issue 22), as a table (old, new, change, performance) or JSON (each player's estimates and
 * performance), from the same engine the app uses (shared/ratings).
 */
import { formatProblem } from '../../shared/formats/problem'
import { checkTFile } from '../../shared/formats/t-check'
import { estimateRatings } from '../../shared/ratings/estimate'
import { ratingPlayersFromTFile } from '../../shared/ratings/from-t-file'
import { performanceRatings } from '../../shared/ratings/performance'
import { isRatingSystem, RATING_SYSTEMS } from '../../shared/ratings/rating-systems'
import { parseArgs } from './args'
import { CliError, EXIT, type CliIo, type ExitCode } from './io'
import { signed } from './standings-command'
import { encodingOption, readTInput } from './t-input'

export const RATINGS_USAGE = `rackside ratings FILE.t --system ${RATING_SYSTEMS.join('|')}
                   [--max-rounds N] [--json] [--encoding latin1|utf8]
  Rating estimates after every round, as tsh writes them in newr: each round k rated as if the
  event ended there, from the pre-event rating. --max-rounds is the event's configured rounds
  (tsh's max_rounds, which decides where long events are split); default: the rounds in the file.
  Perf is the performance rating over the games played (byes and forfeits are not games).`

export async function ratingsCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseArgs(argv, { flags: ['json'], options: ['system', 'max-rounds', 'encoding'] })
  if (!args.ok) throw new CliError(args.error.message)
  const { flags, options, positionals } = args.value
  if (flags.has('help')) {
    io.stdout(`${RATINGS_USAGE}\n`)
    return EXIT.ok
  }
  const [path, ...extra] = positionals
  if (path === undefined || extra.length > 0) throw new CliError(`usage: ${RATINGS_USAGE}`)
  const system = options.get('system')
  if (system === undefined || !isRatingSystem(system)) {
    throw new CliError(
      `${system === undefined ? '--system is missing' : `--system ${system} is not a rating system`}: give one of ${RATING_SYSTEMS.join(', ')}`,
    )
  }
  const maxRoundsText = options.get('max-rounds')
  if (maxRoundsText !== undefined && !/^[1-9]\d{0,3}$/.test(maxRoundsText)) {
    throw new CliError(`--max-rounds must be a whole number from 1 to 9999, not "${maxRoundsText}"`)
  }

  const input = await readTInput(path, encodingOption(options.get('encoding')))
  // What `rackside check` refuses is refused here too: estimates of an inconsistent file (a game
  // listed by one player only) would be wrong without saying so.
  const problems = input.readable ? [...input.problems, ...checkTFile(input.file)] : input.problems
  if (!input.readable || problems.some((p) => p.severity === 'error')) {
    for (const p of problems.filter((q) => q.severity === 'error'))
      io.stdout(`${formatProblem(path, p)}\n`)
    io.stderr(`${path}: no ratings, fix the errors above first (rackside check lists them)\n`)
    return EXIT.problems
  }
  const file = input.file
  const roundsInFile = Math.max(0, ...file.players.map((p) => p.scores.length))
  const players = ratingPlayersFromTFile(file)
  const estimates = estimateRatings({
    system,
    maxRounds: maxRoundsText === undefined ? roundsInFile : Number(maxRoundsText),
    players,
  })
  const performance = performanceRatings(system, players, estimates, roundsInFile)
  const rows = file.players.map((line, i) => ({
    player: line.id,
    name: line.name,
    rating: line.rating ?? 0,
    estimates: estimates[i]?.estimates ?? [],
    performance: performance.get(line.id) ?? null,
  }))

  if (flags.has('json')) {
    io.stdout(`${JSON.stringify({ system, players: rows })}\n`)
    return EXIT.ok
  }
  const table = rows.map((r) => {
    const now = r.estimates[r.estimates.length - 1]
    return {
      id: String(r.player),
      name: r.name,
      old: String(r.rating),
      new: now === undefined ? '' : String(now),
      change: now === undefined ? '' : signed(now - r.rating),
      perf: r.performance === null ? '' : String(r.performance),
    }
  })
  const width = (key: 'id' | 'name' | 'old' | 'new' | 'change' | 'perf', title: string): number =>
    Math.max(title.length, ...table.map((r) => r[key].length))
  const w = {
    id: width('id', '#'),
    name: width('name', 'Name'),
    old: width('old', 'Old'),
    new: width('new', 'New'),
    change: width('change', 'Change'),
    perf: width('perf', 'Perf'),
  }
  const line = (r: (typeof table)[number]) =>
    `${r.id.padStart(w.id)}  ${r.name.padEnd(w.name)}  ${r.old.padStart(w.old)}  ${r.new.padStart(w.new)}  ${r.change.padStart(w.change)}  ${r.perf.padStart(w.perf)}`
  io.stdout(
    `Ratings (${system}) after round ${String(roundsInFile)}\n${[
      line({ id: '#', name: 'Name', old: 'Old', new: 'New', change: 'Change', perf: 'Perf' }),
      ...table.map(line),
    ].join('\n')}\n`,
  )
  return EXIT.ok
}
