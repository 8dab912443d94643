/**
 * `check FILE`: reads a tsh `.t` file and reports every reading and consistency problem, or a
 * Rackside tournament file (`.json`, as `rackside serve` saves it) and says whether its log opens.
 */
import { formatProblem } from '../../shared/formats/problem'
import { checkTFile } from '../../shared/formats/t-check'
import { readTournamentFile } from '../../shared/formats/tournament-file'
import { parseArgs } from './args'
import { CliError, EXIT, extensionOf, readTournamentText, type CliIo, type ExitCode } from './io'
import { encodingOption, readTInput } from './t-input'

export const CHECK_USAGE = `rackside check FILE.t|EVENT.json [--encoding latin1|utf8]
  Reads a tsh division file and lists its problems as FILE:LINE: message, or a Rackside
  tournament file and says whether every command of its log opens.
  Exit 0 when it has no errors (warnings are listed), 1 when it has errors.`

export async function checkCommand(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const args = parseArgs(argv, { options: ['encoding'] })
  if (!args.ok) throw new CliError(args.error.message)
  if (args.value.flags.has('help')) {
    io.stdout(`${CHECK_USAGE}\n`)
    return EXIT.ok
  }
  const [path, ...extra] = args.value.positionals
  if (path === undefined || extra.length > 0) throw new CliError(`usage: ${CHECK_USAGE}`)
  if (extensionOf(path) === '.json') return checkTournamentFile(path, io)
  if (extensionOf(path) !== '.t') {
    throw new CliError(`check reads tsh .t files and Rackside .json files, not ${path}`)
  }
  const input = await readTInput(path, encodingOption(args.value.options.get('encoding')))
  // Consistency checks on a partly read file would report the missing lines over and over.
  const problems = input.readable ? [...input.problems, ...checkTFile(input.file)] : input.problems
  const sorted = [...problems].sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0))
  for (const p of sorted) io.stdout(`${formatProblem(path, p)}\n`)
  const errors = sorted.filter((p) => p.severity === 'error').length
  if (errors > 0) {
    io.stderr(`${path}: ${String(errors)} error${errors === 1 ? '' : 's'}\n`)
    return EXIT.problems
  }
  const rounds = input.file.players.reduce((most, p) => Math.max(most, p.opponents.length), 0)
  const warnings = sorted.length
  io.stdout(
    `ok: ${String(input.file.players.length)} players, ${String(rounds)} rounds` +
      (warnings > 0 ? `, ${String(warnings)} warning${warnings === 1 ? '' : 's'}` : '') +
      '\n',
  )
  return EXIT.ok
}

async function checkTournamentFile(path: string, io: CliIo): Promise<ExitCode> {
  const text = await readTournamentText(path)
  if (!text.ok) {
    io.stdout(`${text.line}\n`)
    io.stderr(`${path}: 1 error\n`)
    return EXIT.problems
  }
  const file = readTournamentFile(text.text)
  if (!file.ok) {
    const { line, message } = file.error
    io.stdout(`${path}${line === undefined ? '' : `:${String(line)}`}: ${message}\n`)
    io.stderr(`${path}: 1 error\n`)
    return EXIT.problems
  }
  const { log, state } = file.value
  const divisions = state.divisions.length
  const players = state.divisions.reduce((sum, d) => sum + d.players.length, 0)
  io.stdout(
    `ok: ${String(log.length)} commands, ${String(divisions)} division${divisions === 1 ? '' : 's'}, ${String(players)} players\n`,
  )
  return EXIT.ok
}
