/*
 * `serve EVENT.json`: this computer becomes the event's authority on the venue network (issue 21).
 * Desks open its address in a browser and ask to join; the director answers on standard input.
 * On SIGTERM or SIGINT (Ctrl-C) EVENT.json is written whole and the process ends; if the process
 * is killed outright, the journal beside EVENT.json keeps every decision for the next start.
 */
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { ServeEvent } from '../../shared/venue/protocol'
import { startVenueServer, type VenueServer } from '../venue/server'
import { parseArgs } from './args'
import { CliError, EXIT, type CliIo, type ExitCode } from './io'

export const SERVE_USAGE = `rackside serve EVENT.json [--host H] [--port P] [--app DIR] [--json]
  Shares the event on the venue network: this computer keeps the event's log and every other
  laptop or tablet opens the address it prints in a browser. A new desk shows a short code;
  type "approve CODE NAME" (e.g. approve K7MPQA Desk 2) to let it in, "refuse CODE" to turn it
  away, "revoke NAME" to shut a desk out again.
  --host H   the address to listen on: 127.0.0.1 (this computer only, the default) or 0.0.0.0
             (every network this computer is on: the venue's router or Wi-Fi)
  --port P   the port (default 8080; 0 picks a free one)
  --app DIR  the built desk app to serve (default: dist-web beside the program)
  --json     one JSON object per line for scripts: listening, desk, approved, revoked,
             accepted, refused, recovering, ready, behind, saved, error
  Ctrl-C or SIGTERM saves EVENT.json with the whole log and stops.`

const DEFAULT_PORT = 8080

/** What the command reads besides argv: standard input and the stop signals (tests give their own). */
export interface ServeIo extends CliIo {
  readonly stdin?: NodeJS.ReadableStream
  /** Resolves when the authority should save and stop (SIGTERM/SIGINT by default). */
  readonly stop?: Promise<void>
}

export async function serveCommand(argv: readonly string[], io: ServeIo): Promise<ExitCode> {
  const args = parseArgs(argv, { flags: ['json'], options: ['host', 'port', 'app'] })
  if (!args.ok) throw new CliError(args.error.message)
  const { flags, options, positionals } = args.value
  if (flags.has('help')) {
    io.stdout(`${SERVE_USAGE}\n`)
    return EXIT.ok
  }
  const [eventPath, ...extra] = positionals
  if (eventPath === undefined || extra.length > 0) throw new CliError(`usage: ${SERVE_USAGE}`)
  const host = options.get('host') ?? '127.0.0.1'
  const port = portOption(options.get('port'))
  const json = flags.has('json')
  const say = (event: ServeEvent): void => {
    io.stdout(json ? `${JSON.stringify(event)}\n` : `${sentence(event)}\n`)
  }
  const appDir = options.get('app') ?? defaultAppDir()
  if (appDir === undefined) {
    say({
      event: 'error',
      code: 'venue.no-app',
      message:
        'The desk app is not built (no dist-web beside the program): desks cannot open it from this address. Build it with "npm run build".',
    })
  }
  const started = await startVenueServer({
    eventPath: resolve(eventPath),
    host,
    port,
    ...(appDir === undefined ? {} : { appDir }),
    onEvent: say,
  })
  if (!started.ok) throw new CliError(started.error.message)
  const server = started.value
  const lines = createInterface({ input: io.stdin ?? process.stdin, terminal: false })
  lines.on('line', (line) => answer(server, line, say, io, json))
  await (io.stop ?? stopSignal())
  lines.close()
  await server.close()
  return EXIT.ok
}

function portOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT
  const port = Number(value)
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new CliError(`--port takes a number from 0 to 65535, not "${value}"`)
  }
  return port
}

/**
 * The built desk app: dist-web at the top of the package. From the bundle (out/cli/rackside.mjs)
 * and from the sources (electron/cli/) alike it is two folders up; looked for upward, so a copy
 * laid out otherwise still finds it.
 */
function defaultAppDir(): string | undefined {
  let folder = dirname(fileURLToPath(import.meta.url))
  for (let up = 0; up < 4; up++) {
    const candidate = join(folder, 'dist-web')
    if (existsSync(join(candidate, 'index.html'))) return candidate
    folder = dirname(folder)
  }
  return undefined
}

function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGTERM', () => resolve())
    process.once('SIGINT', () => resolve())
  })
}

/** One line the director typed: `approve CODE NAME…`, `refuse CODE` or `revoke NAME…`. */
export function answer(
  server: VenueServer,
  line: string,
  say: (event: ServeEvent) => void,
  io: CliIo,
  json: boolean,
): void {
  const [verb = '', ...words] = line.trim().split(/\s+/)
  const rest = words.join(' ')
  const problem = (message: string): void => say({ event: 'error', code: 'serve.input', message })
  const command = verb.toLowerCase()
  if (command === '') return
  if (command === 'approve') {
    const [code, ...name] = words
    if (code === undefined || name.length === 0) {
      return problem('Type "approve CODE NAME", for example: approve K7MPQA Desk 2')
    }
    const approved = server.approve(code, name.join(' '))
    // Success is told by the server's own `approved` event, once the desk is saved.
    if (!approved.ok)
      say({ event: 'error', code: approved.error.code, message: approved.error.message })
    return
  }
  if (command === 'refuse') {
    if (words.length !== 1) return problem('Type "refuse CODE", for example: refuse K7MPQA')
    const refused = server.refuse(rest)
    if (!refused.ok) {
      say({ event: 'error', code: refused.error.code, message: refused.error.message })
    } else if (!json) {
      // No serve event tells a refusal (the desk hears it when it asks): the terminal says it.
      io.stdout(`The desk with code ${rest.toUpperCase()} was turned away.\n`)
    }
    return
  }
  if (command === 'revoke') {
    if (rest === '') return problem('Type "revoke NAME", for example: revoke Desk 2')
    const revoked = server.revoke(rest)
    if (!revoked.ok)
      say({ event: 'error', code: revoked.error.code, message: revoked.error.message })
    return
  }
  problem(`"${verb}" is not something serve understands: approve, refuse or revoke.`)
}

/** A serve event in plain words for the director at a terminal. */
export function sentence(event: ServeEvent): string {
  switch (event.event) {
    case 'listening': {
      const where = event.addresses.join('  or  ')
      return `Sharing the event. Desks open ${where} in a browser.`
    }
    case 'recovering':
      return `Restarted with ${String(event.held)} commands: asking the ${String(event.desks)} desks what they hold before deciding anything new…`
    case 'ready':
      return `Ready: ${String(event.held)} commands in the log.`
    case 'behind':
      return `STOPPED: ${event.desk} holds ${String(event.deskHeld)} commands but this computer only ${String(event.held)}. Nothing new is accepted: restart the authority from ${event.desk}'s copy.`
    case 'desk':
      return `A ${event.role} asks to join${event.device === '' ? '' : ` (${event.device})`}: type "approve ${event.code} NAME" or "refuse ${event.code}".`
    case 'approved':
      return `${event.desk.name} (${event.desk.role}) joined.`
    case 'revoked':
      return `${event.desk.name} can no longer reach the event.`
    case 'accepted':
      return `#${String(event.seq + 1)} ${event.type} from ${event.desk}`
    case 'refused':
      return `Refused from ${event.desk}: ${event.message}`
    case 'saved':
      return `Saved ${String(event.commands)} commands to ${event.path}.`
    case 'error':
      return `Problem: ${event.message}`
  }
}
