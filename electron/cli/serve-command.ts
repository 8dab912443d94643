/*
 * `serve EVENT.json`: this computer becomes the event's authority on the venue network (issue 21).
 * Desks open its address in a browser and ask to join; the director answers on standard input.
 * On SIGTERM or SIGINT (Ctrl-C) EVENT.json is written whole and the process ends; if the process
 * is killed outright, the journal beside EVENT.json keeps every decision for the next start.
 */
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { headOfLog, type DeskRole } from '../../shared/authority/proposal'
import { APPROVAL_ROLES, isApprovalRole } from '../../shared/authority/roles'
import type { Division } from '../../shared/tournament/types'
import { isIsoDate } from '../../shared/tournament/validation'
import {
  phoneAccess,
  phoneAccessCommand,
  phoneAccessWords,
  type PhoneAccess,
} from '../../shared/tournament/phone-access'
import { authorityDay } from '../../shared/venue/player-page-check-in'
import { DIRECTOR_DESK, VENUE_ROUTES, type ServeEvent } from '../../shared/venue/protocol'
import { recoveredSentence } from '../../shared/venue/held'
import { pushSentence } from '../../shared/venue/push-state'
import { shortDeskId } from '../venue/desks'
import { codeWords } from '../venue/player-codes'
import { checkRemoteUrl } from '../venue/remote-push'
import { startVenueServer, type VenueServer } from '../venue/server'
import { parseArgs } from './args'
import { CliError, EXIT, type CliIo, type ExitCode } from './io'
import type { RuleError } from '../../shared/result'

export const SERVE_USAGE = `rackside serve EVENT.json [--host H] [--port P] [--app DIR] [--push URL] [--take COPY.json]… [--json]
  Shares the event on the venue network: this computer keeps the event's log and every other
  laptop or tablet opens the address it prints in a browser. A new desk shows a short code;
  type "approve CODE NAME" (e.g. approve K7MPQA Desk 2) to let it in, or
  "approve CODE NAME as ROLE" to choose its role (${APPROVAL_ROLES.join(', ')}); "refuse CODE" to
  turn it away, "refuse all" to turn every waiting one away, "revoke NAME" to shut a desk out
  again, then "take NAME" or "drop NAME" for what it left waiting.
  Players follow the event at ADDRESS/live; each has a code of his own (on his scorecard) that
  opens his page at ADDRESS/me/CODE: type "codes" to list every player's, "codes reissue DIV N"
  for a new one (the old one stops working), "codes revoke DIV N" to stop one.
  What phones may do, per division and day (today's check-in day unless a day YYYY-MM-DD ends
  the line): "phones" lists it, "phones DIV check-in on" or "off", "phones DIV results on" or
  "off"; each change is the director's, in the log and undoable as on the Players screen.
  With --push, "push" says what was sent and what waits, "push stop" stops sending and
  "push start" (or "push start URL", another database) starts again.
  --host H   the address to listen on: 127.0.0.1 (this computer only, the default) or 0.0.0.0
             (every network this computer is on: the venue's router or Wi-Fi)
  --port P   the port (default 8080; 0 picks a free one)
  --app DIR  the built desk app to serve (default: dist-web beside the program)
  --push URL also push the event's log, live, to a CouchDB database on the internet for live
             results online (e.g. https://user:password@couch.example.org/my-event); the hall
             never waits for it, and it catches up when the internet comes back
  --take COPY.json  a desk's saved copy (Files → save on a desk) to take back, for a laptop
             that replaces a dead one: the commands it holds that EVENT.json lacks, and the
             results still waiting on that desk, are decided again; repeat for more copies
  --json     one JSON object per line for scripts: listening, desk, approved, revoked,
             waiting, taken, dropped, accepted, refused, recovering, ready, behind, recovered,
             remote, saved, error, codes
  Ctrl-C or SIGTERM saves EVENT.json with the whole log and stops.`

const DEFAULT_PORT = 8080

/** What the command reads besides argv: standard input and the stop signals (tests give their own). */
export interface ServeIo extends CliIo {
  readonly stdin?: NodeJS.ReadableStream
  /** Resolves when the authority should save and stop (SIGTERM/SIGINT by default). */
  readonly stop?: Promise<void>
}

/**
 * Issue 27: `--take` may be given once per copy, which the shared parser refuses as repeated: its
 * values are taken out of argv first (`--take COPY` or `--take=COPY`).
 */
export function takeOptions(argv: readonly string[]): {
  readonly take: readonly string[]
  readonly rest: readonly string[]
} {
  const take: string[] = []
  const rest: string[] = []
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? ''
    if (arg === '--') {
      rest.push(...argv.slice(i))
      break
    }
    if (arg.startsWith('--take=')) {
      take.push(arg.slice('--take='.length))
    } else if (arg === '--take') {
      const value = argv[i + 1]
      if (value === undefined) throw new CliError('--take needs a value: a desk’s saved copy')
      take.push(value)
      i += 1
    } else {
      rest.push(arg)
    }
  }
  return { take, rest }
}

export async function serveCommand(argv: readonly string[], io: ServeIo): Promise<ExitCode> {
  const { take, rest } = takeOptions(argv)
  const args = parseArgs(rest, { flags: ['json'], options: ['host', 'port', 'app', 'push'] })
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
    // At a terminal the director also gets the address as a QR code, for a tablet's camera.
    if (!json && event.event === 'listening') {
      terminalQrCode(event.addresses[0] ?? event.url)
        .then((code) => io.stdout(code))
        .catch(() => undefined)
    }
  }
  const pushTo = options.get('push')
  const badRemote = pushTo === undefined ? undefined : checkRemoteUrl(pushTo)
  if (badRemote !== undefined) throw new CliError(`--push: ${badRemote}`)
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
    ...(pushTo === undefined ? {} : { pushTo }),
    ...(take.length === 0 ? {} : { take: take.map((path) => resolve(path)) }),
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

/** The address as a QR code drawn with characters; loaded only for a terminal. */
async function terminalQrCode(url: string): Promise<string> {
  const { default: QRCode } = await import('qrcode')
  return QRCode.toString(url, { type: 'terminal', small: true })
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

/**
 * One line the director typed: `approve CODE NAME… [as ROLE]`, `refuse CODE`, `refuse all`,
 * `revoke NAME…`, `take NAME…` or `drop NAME…`.
 */
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
  const failed = (result: { readonly ok: false; readonly error: RuleError }): void =>
    say({ event: 'error', code: result.error.code, message: result.error.message })
  switch (verb.toLowerCase()) {
    case '':
      return
    case 'approve': {
      const [code, ...name] = words
      const asked = approval(name)
      if (code === undefined || asked === undefined) {
        return problem(
          `Type "approve CODE NAME" or "approve CODE NAME as ROLE" (${APPROVAL_ROLES.join(', ')}), for example: approve K7MPQA Desk 2`,
        )
      }
      const approved = server.approve(code, asked.name, asked.role)
      // Success is told by the server's own `approved` event, once the desk is saved.
      if (!approved.ok) failed(approved)
      return
    }
    case 'refuse':
      if (words.length !== 1) {
        return problem('Type "refuse CODE" (for example: refuse K7MPQA) or "refuse all"')
      }
      return refuse(server, rest, io, json, failed)
    case 'revoke': {
      if (rest === '') return problem('Type "revoke NAME", for example: revoke Desk 2')
      const revoked = server.revoke(rest)
      if (!revoked.ok) failed(revoked)
      return
    }
    case 'take':
    case 'drop': {
      if (rest === '')
        return problem(
          `Type "${verb.toLowerCase()} NAME", for example: ${verb.toLowerCase()} Desk 2`,
        )
      const settled =
        verb.toLowerCase() === 'take' ? server.takeWaiting(rest) : server.dropWaiting(rest)
      // Told by the server's own `taken` or `dropped` event.
      settled.then((r) => (r.ok ? undefined : failed(r))).catch(() => undefined)
      return
    }
    case 'codes':
      return codes(server, words, say, problem, failed)
    case 'push':
      return push(server, words, io, problem, failed)
    case 'phones':
      return phones(server, words, io, json, problem)
  }
  problem(
    `"${verb}" is not something serve understands: approve, refuse, revoke, take, drop, codes, push or phones.`,
  )
}

/** What a `phones` line turns on or off, as typed. */
const PHONE_RIGHTS: Readonly<Record<string, keyof Omit<PhoneAccess, 'confirmMinutes'>>> = {
  'check-in': 'checkIn',
  checkin: 'checkIn',
  results: 'results',
}

/** How the division's phones stand on `day`, as the command that would set it says it. */
const standing = (division: Division, day: string) =>
  ({ type: 'setPhoneAccess', division: division.name, day, ...phoneAccess(division, day) }) as const

/**
 * Issue 30: `phones` lists what every division's phones may do on today's check-in day (and any
 * other day set); `phones DIVISION check-in|results on|off [DAY]` proposes the `setPhoneAccess`
 * the Players screen sends, as the director, so it is logged and undoable like his own. Its
 * acceptance or refusal is told by the server's own `accepted` or `refused` line.
 */
function phones(
  server: VenueServer,
  words: readonly string[],
  io: CliIo,
  json: boolean,
  problem: (message: string) => void,
): void {
  const state = server.state()
  if (state === undefined) return problem('The event is empty: it has no divisions yet.')
  const today = authorityDay(state, new Date())
  if (words.length === 0) {
    const lines = state.divisions.flatMap((division) =>
      [...new Set([today, ...(division.phoneAccess ?? []).map((d) => d.day)])]
        .sort()
        .map((day) => `${phoneAccessWords(standing(division, day))}.`),
    )
    io.stdout(
      `${lines.length === 0 ? 'The event has no divisions yet: phones only read.' : lines.join('\n')}\n`,
    )
    return
  }
  const last = words.at(-1) ?? ''
  const dated = words.length > 3 && isIsoDate(last)
  const day = dated ? last : today
  const rest = dated ? words.slice(0, -1) : words
  const onOff = rest.at(-1)?.toLowerCase()
  const right = PHONE_RIGHTS[rest.at(-2)?.toLowerCase() ?? '']
  const name = rest.slice(0, -2).join(' ')
  if (right === undefined || (onOff !== 'on' && onOff !== 'off') || name === '') {
    return problem(
      'Type "phones" for what phones may do, or "phones DIVISION check-in on" (or off), "phones DIVISION results on" (or off), a day YYYY-MM-DD last for another day than today\'s: for example, phones A check-in on',
    )
  }
  const division = state.divisions.find((d) => d.name.toLowerCase() === name.toLowerCase())
  if (division === undefined) {
    return problem(
      `There is no division "${name}": the divisions are ${state.divisions.map((d) => d.name).join(', ')}.`,
    )
  }
  const command = phoneAccessCommand(division, day, { [right]: onOff === 'on' })
  if (command?.type !== 'setPhoneAccess') {
    // Nothing changes, so nothing is logged: the terminal says how it stands.
    if (!json) {
      io.stdout(`Nothing to change. ${phoneAccessWords(standing(division, day))}.\n`)
    }
    return
  }
  server
    .propose(DIRECTOR_DESK, {
      _id: `serve-${randomUUID()}`,
      type: 'proposal',
      order: 0,
      builtOn: headOfLog(server.log()),
      command,
      madeAt: new Date().toISOString(),
    })
    .then((decision) => {
      // A refusal is told by the server's own `refused` line.
      if (decision.kind === 'accepted' && !json) io.stdout(`${phoneAccessWords(command)}.\n`)
    })
    .catch(() => undefined)
}

/** Issue 30: `codes`, `codes reissue DIVISION NUMBER` or `codes revoke DIVISION NUMBER`. */
function codes(
  server: VenueServer,
  words: readonly string[],
  say: (event: ServeEvent) => void,
  problem: (message: string) => void,
  failed: (result: { readonly ok: false; readonly error: RuleError }) => void,
): void {
  const page = `${server.addresses[0] ?? server.url}${VENUE_ROUTES.player}/`
  const [how, ...rest] = words
  if (how === undefined) {
    say({ event: 'codes', page, codes: server.playerCodes() })
    return
  }
  const number = rest.at(-1) ?? ''
  const division = rest.slice(0, -1).join(' ')
  const verb = how.toLowerCase()
  if ((verb !== 'reissue' && verb !== 'revoke') || division === '' || !/^\d+$/.test(number)) {
    return problem(
      'Type "codes" for every player\'s code, "codes reissue DIVISION NUMBER" for a new one (e.g. codes reissue A 12) or "codes revoke DIVISION NUMBER".',
    )
  }
  const changed =
    verb === 'reissue'
      ? server.reissuePlayerCode(division, Number(number))
      : server.revokePlayerCode(division, Number(number))
  if (!changed.ok) return failed(changed)
  say({ event: 'codes', page, codes: [changed.value] })
}

/**
 * Issue 31: `push` says the push's state, `push stop` stops it, `push start` starts it again
 * (`push start URL` on another address). Its changes of state are said by the server's own
 * `remote` lines, once each.
 */
function push(
  server: VenueServer,
  words: readonly string[],
  io: CliIo,
  problem: (message: string) => void,
  failed: (result: { readonly ok: false; readonly error: RuleError }) => void,
): void {
  const [how, url, ...extra] = words
  const verb = how?.toLowerCase()
  if (verb === undefined) {
    const state = server.pushState()
    io.stdout(
      `${state === null ? 'Nothing is pushed online: type "push start URL".' : pushSentence(state)}\n`,
    )
    return
  }
  if (verb === 'stop' && url === undefined) {
    if (server.stopPush() === null) problem('Nothing is pushed online: there is no push to stop.')
    return
  }
  if (verb === 'start' && extra.length === 0) {
    const started = server.startPush(url)
    if (!started.ok) failed(started)
    return
  }
  problem(
    'Type "push" for its state, "push stop", "push start", or "push start URL" for another database.',
  )
}

/**
 * `NAME… [as ROLE]`: the role when the last two words are "as" and a role the director gives a
 * desk (never a player's phone, which comes by its code, nor the legacy `desk`).
 */
function approval(
  words: readonly string[],
): { readonly name: string; readonly role?: DeskRole } | undefined {
  const role = words.at(-1)?.toLowerCase()
  const named =
    words.length > 2 && words.at(-2)?.toLowerCase() === 'as' && isApprovalRole(role)
      ? { name: words.slice(0, -2).join(' '), role }
      : { name: words.join(' ') }
  return named.name === '' ? undefined : named
}

function refuse(
  server: VenueServer,
  code: string,
  io: CliIo,
  json: boolean,
  failed: (result: { readonly ok: false; readonly error: RuleError }) => void,
): void {
  if (code.toLowerCase() === 'all') {
    const count = server.refuseAll()
    if (!json)
      io.stdout(
        `${count === 1 ? 'One waiting desk was' : `${String(count)} waiting desks were`} turned away.\n`,
      )
    return
  }
  const refused = server.refuse(code)
  if (!refused.ok) {
    failed(refused)
  } else if (!json) {
    // No serve event tells a refusal (the desk hears it when it asks): the terminal says it.
    io.stdout(`The desk with code ${code.toUpperCase()} was turned away.\n`)
  }
}

/** A serve event in plain words for the director at a terminal. */
export function sentence(event: ServeEvent): string {
  switch (event.event) {
    case 'listening': {
      const where = event.addresses.join('  or  ')
      // Issue 31: what a broadcast asks for as "a link to your TSH tourney.js".
      const first = (event.addresses[0] ?? event.url).replace(/\/$/, '')
      return `Sharing the event. Desks open ${where} in a browser. Players follow it at ${first}${VENUE_ROUTES.live}; type "codes" for each player's own page. Broadcasts and scoreboards read tsh's feed at ${first}${VENUE_ROUTES.tourneyJs}.`
    }
    case 'recovering':
      return `Restarted with ${String(event.held)} commands: asking the ${String(event.desks)} desks what they hold before deciding anything new…`
    case 'ready':
      return `Ready: ${String(event.held)} commands in the log.`
    case 'behind':
      return `STOPPED: ${event.desk} holds ${String(event.deskHeld)} commands but this computer only ${String(event.held)}. Nothing new is accepted: ${event.advice ?? `restart the authority with --take and ${event.desk}'s saved copy.`}`
    case 'desk':
      return `A ${event.role} asks to join${event.device === '' ? '' : ` (${event.device})`}: type "approve ${event.code} NAME" or "refuse ${event.code}".`
    case 'approved':
      return `${event.desk.name} (${event.desk.role}) joined.`
    case 'revoked':
      return `${event.desk.name} can no longer reach the event.`
    case 'waiting':
      return `${event.desk.name} had ${String(event.commands.length)} waiting: ${event.commands.join('; ')}. Type "take ${event.desk.name}" to decide them as that desk's or "drop ${event.desk.name}" to let them go.`
    case 'taken':
      return `Took what ${event.desk.name} left waiting: ${String(event.accepted)} accepted, ${String(event.refused)} refused.`
    case 'dropped':
      return event.commands === 1
        ? `Let go of the command ${event.desk.name} left waiting: it is recorded as dropped.`
        : `Let go of the ${String(event.commands)} commands ${event.desk.name} left waiting: they are recorded as dropped.`
    case 'accepted':
      return `#${String(event.seq + 1)} ${event.type} from ${shortDeskId(event.desk)}`
    case 'refused':
      return `Refused from ${shortDeskId(event.desk)}: ${event.message}`
    case 'remote':
      if (event.push !== undefined) return pushSentence(event.push)
      return event.status === 'up-to-date'
        ? `Live results online at ${event.url} are up to date.`
        : `Live results online at ${event.url} are waiting for the internet${event.message === undefined ? '' : ` (${event.message})`}; the hall goes on.`
    case 'recovered':
      return recoveredSentence(event.from, event)
    case 'saved':
      return `Saved ${String(event.commands)} commands to ${event.path}.`
    case 'error':
      return `Problem: ${event.message}`
    case 'codes':
      if (event.codes.length === 0) return 'No player has a code yet: the event has no players.'
      return event.codes
        .map(
          (c) =>
            `${c.division} #${String(c.player)} ${c.name}: ${
              c.code === null
                ? 'no code (revoked)'
                : `${codeWords(c.code)}  ${event.page}${c.code}${c.issue > 1 ? ` (issue ${String(c.issue)})` : ''}`
            }`,
        )
        .join('\n')
  }
}
