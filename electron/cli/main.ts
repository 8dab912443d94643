/**
 * Rackside's command line: `npm run -s cli -- <command> …`, or `node out/cli/rackside.mjs` once
 * built (`npm run build`). Every failure ends as one line `rackside: <message>` and exit code 2;
 * a stack trace never reaches the director.
 */
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { CHECK_USAGE, checkCommand } from './check-command'
import { CONVERT_USAGE, convertCommand } from './convert-command'
import { CliError, EXIT, type CliIo, type ExitCode } from './io'

const STANDINGS_USAGE_SHORT = `rackside standings FILE.t [--after-round N | --all-rounds] [--json]`
const PAIR_USAGE_SHORT = `rackside pair FILE.t --round N --system swiss|koth|rr|random|rating|fontes|australian|cop [--json]`
const PRIZES_USAGE_SHORT = `rackside prizes FILE.json [--division A] [--json]`
const SERVE_USAGE_SHORT = `rackside serve EVENT.json [--host H] [--port P] [--app DIR] [--push URL] [--json]`
const RATINGS_USAGE_SHORT = `rackside ratings FILE.t --system SYSTEM [--max-rounds N] [--json]`
const GENERATE_USAGE_SHORT = `rackside generate --seed N [--players P] [--rounds R] [--preset X] [--out FILE.t]`
const CHECK_RATINGS_USAGE_SHORT = `rackside check-ratings EVENT.json LIST [--on YYYY-MM-DD] [--json]`
const VERIFY_USAGE_SHORT = `rackside verify FILE.t [--system S] [--preset P] [--config config.tsh] [--json]`

export const USAGE = `usage: rackside <command> [arguments]

commands:
  ${CHECK_USAGE.split('\n')[0] ?? ''}
  ${CONVERT_USAGE.split('\n')[0] ?? ''}
  ${STANDINGS_USAGE_SHORT}
  ${PAIR_USAGE_SHORT}
  ${PRIZES_USAGE_SHORT}
  ${RATINGS_USAGE_SHORT}
  ${SERVE_USAGE_SHORT}
  ${GENERATE_USAGE_SHORT}
  ${VERIFY_USAGE_SHORT}
  ${CHECK_RATINGS_USAGE_SHORT}
  help [command]

Run "rackside <command> --help" for a command's options.
Exit codes: 0 done, 1 the file has problems, 2 the command could not run.`

type Command = (argv: readonly string[], io: CliIo) => Promise<ExitCode>

const COMMANDS: Readonly<Record<string, Command>> = {
  check: checkCommand,
  convert: convertCommand,
  // Loaded on use, so a problem in the standings code cannot stop check and convert.
  standings: async (argv, io) => (await import('./standings-command')).standingsCommand(argv, io),
  pair: async (argv, io) => (await import('./pair-command')).pairCommand(argv, io),
  prizes: async (argv, io) => (await import('./prizes-command')).prizesCommand(argv, io),
  ratings: async (argv, io) => (await import('./ratings-command')).ratingsCommand(argv, io),
  serve: async (argv, io) => (await import('./serve-command')).serveCommand(argv, io),
  generate: async (argv, io) => (await import('./generate-command')).generateCommand(argv, io),
  verify: async (argv, io) => (await import('./verify-command')).verifyCommand(argv, io),
  'check-ratings': async (argv, io) =>
    (await import('./check-ratings-command')).checkRatingsCommand(argv, io),
}

/** The message to show for anything thrown: ours as is, others by their message, never a stack. */
const messageOf = (e: unknown): string => {
  if (e instanceof CliError) return e.message
  if (e instanceof Error) return e.message.split('\n')[0] ?? 'unexpected error'
  return 'unexpected error'
}

export async function run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  try {
    const [name, ...rest] = argv
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      const topic = name === 'help' ? rest[0] : undefined
      const command = topic === undefined ? undefined : COMMANDS[topic]
      if (topic !== undefined && command !== undefined) return await command(['--help'], io)
      io.stdout(`${USAGE}\n`)
      return name === undefined ? EXIT.failure : EXIT.ok
    }
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
    if (command === undefined) {
      io.stderr(`rackside: unknown command "${name}"\n${USAGE}\n`)
      return EXIT.failure
    }
    return await command(rest, io)
  } catch (e) {
    io.stderr(`rackside: ${messageOf(e)}\n`)
    return EXIT.failure
  }
}

const isEntryPoint = (): boolean => {
  const script = process.argv[1]
  if (script === undefined) return false
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href
  } catch {
    return false
  }
}

/**
 * The process around `run`: real stdout and stderr, the exit code, and no stack trace even for
 * what escapes. Called when this module is the script node runs (the build, out/cli/rackside.mjs)
 * and by the `npm run cli` launcher (electron/scripts/cli.mjs), which imports the build.
 */
export async function main(argv: readonly string[]): Promise<void> {
  process.on('uncaughtException', (e) => {
    process.stderr.write(`rackside: ${messageOf(e)}\n`)
    process.exit(EXIT.failure)
  })
  process.exitCode = await run(argv, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  })
}

if (isEntryPoint()) void main(process.argv.slice(2))
