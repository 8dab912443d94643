/** `check FILE`: reads a tsh `.t` file and reports every reading and consistency problem. */
import { formatProblem } from '../../shared/formats/problem'
import { checkTFile } from '../../shared/formats/t-check'
import { parseArgs } from './args'
import { CliError, EXIT, extensionOf, type CliIo, type ExitCode } from './io'
import { encodingOption, readTInput } from './t-input'

export const CHECK_USAGE = `rackside check FILE.t [--encoding latin1|utf8]
  Reads a tsh division file and lists its problems as FILE:LINE: message.
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
  if (extensionOf(path) !== '.t') throw new CliError(`check reads tsh .t files, not ${path}`)
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
