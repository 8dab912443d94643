/**
 * `prizes FILE.json`: who wins each prize of a Rackside tournament file's divisions (issue 14), or
 * who would if the event ended now, with who can still reach each place; as text or JSON. A tsh
 * event is converted first (`rackside convert event.tsh event.json` reads its prize lines).
 */
import { readTournamentFile } from '../../shared/formats/tournament-file'
import {
  contendersText,
  prizesStatus,
  tiedBehindText,
  valueText,
  winnersText,
} from '../../shared/reports/prize-words'
import { prizesReport, type PrizesReport } from '../../shared/reports/prizes'
import { parseArgs } from './args'
import { CliError, EXIT, extensionOf, readBytes, type CliIo, type ExitCode } from './io'

export const PRIZES_USAGE = `rackside prizes FILE.json [--division A] [--json]
  The prize winners of every division (or of --division), as the Prizes screen shows them.`

/** The Prizes screen's words (shared/reports/prize-words.ts), laid out in columns. */
export function prizesText(report: PrizesReport): string {
  const lines = [`Division ${report.header.division}: ${prizesStatus(report)}`]
  if (report.awards.length === 0) lines.push('  no prize table')
  const titleWidth = Math.max(5, ...report.awards.map((a) => a.title.length))
  const valueWidth = Math.max(5, ...report.awards.map((a) => valueText(a).length))
  for (const a of report.awards) {
    lines.push(
      `${String(a.number).padStart(3)}  ${a.title.padEnd(titleWidth)}  ${valueText(a).padEnd(valueWidth)}  ${winnersText(a)}`,
    )
    // A tie the spread decided is said here as on the screen and the paper (issue 19).
    if (a.tiedBehind.length > 0)
      lines.push(`${' '.repeat(titleWidth + valueWidth + 9)}${tiedBehindText(a)}`)
  }
  for (const c of report.contenders) {
    lines.push(`  can still reach ${c.title}: ${contendersText(c)}`)
  }
  return lines.join('\n')
}

export async function prizesCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseArgs(argv, { flags: ['json'], options: ['division'] })
  if (!args.ok) throw new CliError(args.error.message)
  const { flags, options, positionals } = args.value
  if (flags.has('help')) {
    io.stdout(`${PRIZES_USAGE}\n`)
    return EXIT.ok
  }
  const [path, ...extra] = positionals
  if (path === undefined || extra.length > 0) throw new CliError(`usage: ${PRIZES_USAGE}`)
  if (extensionOf(path) !== '.json') {
    throw new CliError(
      `${path}: give a Rackside tournament file (.json); convert a tsh event first: rackside convert event.tsh event.json`,
    )
  }
  const read = readTournamentFile(new TextDecoder().decode(await readBytes(path)))
  if (!read.ok) {
    const line = read.error.line === undefined ? '' : `${String(read.error.line)}:`
    io.stdout(`${path}:${line} ${read.error.message}\n`)
    return EXIT.problems
  }
  const { state } = read.value
  const wanted = options.get('division')
  const divisions = state.divisions.filter(
    (d) => wanted === undefined || d.name.toLowerCase() === wanted.toLowerCase(),
  )
  if (divisions.length === 0) throw new CliError(`${path} has no division ${wanted ?? ''}`)
  const reports: PrizesReport[] = []
  for (const d of divisions) {
    const report = prizesReport(state, d.name, state.info.rounds)
    if (!report.ok) throw new CliError(report.error.message)
    reports.push(report.value)
  }
  io.stdout(
    flags.has('json')
      ? `${JSON.stringify({ divisions: reports })}\n`
      : `${reports.map(prizesText).join('\n\n')}\n`,
  )
  return EXIT.ok
}
