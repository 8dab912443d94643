import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { ServeEvent } from '../../shared/venue/protocol'

/*
 * `rackside serve EVENT.json --json` as a test drives it (issue 21, "scriptable for tests"): the
 * built CLI (out/cli/rackside.mjs, `npm run build`) started on 127.0.0.1, its JSON lines read as
 * `ServeEvent`s, its standard input written (`approve CODE NAME`, `refuse CODE`, `revoke NAME`),
 * killed with SIGKILL and started again on the same files, stopped with SIGTERM once it says
 * `saved`. Every process started here is killed by `stopAllAuthorities`, so none outlives a test.
 */

const root = join(import.meta.dirname, '..', '..')
export const CLI = join(root, 'out', 'cli', 'rackside.mjs')
/**
 * How to start the CLI: the build (the default, as a director runs it), or its sources through
 * tsx with `VENUE_CLI=source`, to try a change to the server without rebuilding.
 */
export const CLI_COMMAND: readonly string[] =
  process.env['VENUE_CLI'] === 'source'
    ? ['--import', 'tsx', join(root, 'electron', 'cli', 'main.ts')]
    : [CLI]
export const WEB_APP = join(root, 'dist-web')

export interface ServeOptions {
  readonly eventFile: string
  readonly port: number
  readonly host?: string
  /** The browser build the authority serves to desks; `WEB_APP` unless said. */
  readonly app?: string
  /** Desks' saved copies to take back (`--take COPY.json`, issue 27), on every start. */
  readonly take?: readonly string[]
  /** Issue 31: a CouchDB database to push the log to (`--push URL`). */
  readonly push?: string
}

type EventOf<K extends ServeEvent['event']> = Extract<ServeEvent, { readonly event: K }>

const live = new Set<ChildProcess>()

/** Kills every authority still running (afterEach / afterAll): a test never leaves one behind. */
export async function stopAllAuthorities(): Promise<void> {
  await Promise.all([...live].map((child) => killed(child, 'SIGKILL')))
}

function killed(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill(signal)
  })
}

export class Authority {
  /** Every event of every run, in order: a restart appends to the same list. */
  readonly events: ServeEvent[] = []
  /** When each event was read (`performance.now()` of this process), beside `events`. */
  readonly readAt: number[] = []
  /** Lines that were not JSON events, and standard error: shown when a wait fails. */
  private readonly noise: string[] = []
  private child: ChildProcess | undefined
  private listeners = new Set<() => void>()
  private runs = 0
  url = ''

  private constructor(readonly options: ServeOptions) {}

  /** Starts the authority and waits until it listens. */
  static async start(options: ServeOptions, timeout = 60_000): Promise<Authority> {
    const authority = new Authority(options)
    await authority.launch(timeout)
    return authority
  }

  private async launch(timeout: number): Promise<void> {
    const from = this.events.length
    const { eventFile, port, host = '127.0.0.1', app = WEB_APP, take = [], push } = this.options
    const args = [
      ...CLI_COMMAND,
      'serve',
      eventFile,
      '--json',
      '--host',
      host,
      '--port',
      String(port),
      ...take.flatMap((copy) => ['--take', copy]),
      ...(push === undefined ? [] : ['--push', push]),
    ]
    const child = spawn(process.execPath, [...args, '--app', app], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    this.runs++
    const run = this.runs
    this.child = child
    live.add(child)
    child.once('exit', (code, signal) => {
      live.delete(child)
      this.noise.push(`run ${String(run)} ended: code ${String(code)}, signal ${String(signal)}`)
      this.notify()
    })
    createInterface({ input: child.stdout }).on('line', (line) => this.read(line))
    createInterface({ input: child.stderr }).on('line', (line) => {
      this.noise.push(`stderr: ${line}`)
    })
    const listening = await this.waitFor('listening', () => true, timeout, from)
    this.url = listening.url.replace(/\/$/, '')
  }

  private read(line: string): void {
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch {
      this.noise.push(`stdout: ${line}`)
      return
    }
    if (typeof parsed === 'object' && parsed !== null && 'event' in parsed) {
      this.events.push(parsed as ServeEvent)
      this.readAt.push(performance.now())
      this.notify()
    } else {
      this.noise.push(`stdout: ${line}`)
    }
  }

  private notify(): void {
    for (const listener of this.listeners) listener()
  }

  get running(): boolean {
    const child = this.child
    return child !== undefined && child.exitCode === null && child.signalCode === null
  }

  /** How many events so far: a mark to wait from (`waitFor(…, since)`). */
  mark(): number {
    return this.events.length
  }

  /** The events of one kind so far (from `since`) that `where` picks. */
  all<K extends ServeEvent['event']>(
    kind: K,
    where: (event: EventOf<K>) => boolean = () => true,
    since = 0,
  ): EventOf<K>[] {
    return this.events
      .slice(since)
      .filter((event): event is EventOf<K> => event.event === kind && where(event as EventOf<K>))
  }

  /**
   * The first event of `kind` from `since` (an index into `events`) that `where` picks, already
   * printed or still to come. Fails after `timeout` ms, or at once if the process ends first,
   * with the last lines it wrote.
   */
  waitFor<K extends ServeEvent['event']>(
    kind: K,
    where: (event: EventOf<K>) => boolean = () => true,
    timeout = 30_000,
    since = 0,
  ): Promise<EventOf<K>> {
    return this.until(() => this.all(kind, where, since)[0], `a "${kind}" event`, timeout)
  }

  /** Waits until `count` events of `kind` (from `since`) satisfy `where`; returns them. */
  waitForCount<K extends ServeEvent['event']>(
    kind: K,
    count: number,
    where: (event: EventOf<K>) => boolean = () => true,
    timeout = 60_000,
    since = 0,
  ): Promise<EventOf<K>[]> {
    return this.until(
      () => {
        const found = this.all(kind, where, since)
        return found.length >= count ? found : undefined
      },
      `${String(count)} "${kind}" events`,
      timeout,
    )
  }

  private until<T>(found: () => T | undefined, what: string, timeout: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const run = this.runs
      const check = (): boolean => {
        const value = found()
        if (value !== undefined) {
          finish()
          resolve(value)
          return true
        }
        if (!this.running && this.runs === run) {
          finish()
          reject(new Error(`rackside serve ended while waiting for ${what}:\n${this.tail()}`))
          return true
        }
        return false
      }
      const timer = setTimeout(() => {
        finish()
        reject(new Error(`no ${what} within ${String(timeout)} ms:\n${this.tail()}`))
      }, timeout)
      const listener = (): void => void check()
      const finish = (): void => {
        clearTimeout(timer)
        this.listeners.delete(listener)
      }
      this.listeners.add(listener)
      check()
    })
  }

  /** The last events and lines, for a failure's message. */
  tail(): string {
    const events = this.events.slice(-8).map((event) => JSON.stringify(event))
    return [...events, ...this.noise.slice(-12)].join('\n')
  }

  /** Writes one command line to the authority's standard input. */
  send(line: string): void {
    const stdin = this.child?.stdin
    if (stdin === undefined || stdin === null || !this.running) {
      throw new Error(`rackside serve is not running; cannot send "${line}"`)
    }
    stdin.write(`${line}\n`)
  }

  /** Approves a join request by its code and waits for the authority's `approved`. */
  async approve(code: string, name: string, timeout = 30_000): Promise<EventOf<'approved'>> {
    const since = this.mark()
    this.send(`approve ${code} ${name}`)
    return this.waitFor('approved', (event) => event.code === code, timeout, since)
  }

  refuse(code: string): void {
    this.send(`refuse ${code}`)
  }

  async revoke(name: string, timeout = 30_000): Promise<EventOf<'revoked'>> {
    const since = this.mark()
    this.send(`revoke ${name}`)
    return this.waitFor('revoked', (event) => event.desk.name === name, timeout, since)
  }

  /** The director's laptop dies: SIGKILL, nothing saved but what the journal already holds. */
  async kill(): Promise<void> {
    if (this.child !== undefined) await killed(this.child, 'SIGKILL')
  }

  /** Starts the authority again on the same EVENT.json and journal; waits until it listens. */
  async restart(timeout = 60_000): Promise<void> {
    if (this.running) throw new Error('restart: the authority is still running')
    await this.launch(timeout)
  }

  /** SIGTERM: the authority writes EVENT.json and says `saved`; waits for that and the exit. */
  async stop(timeout = 60_000): Promise<EventOf<'saved'>> {
    const child = this.child
    if (child === undefined || !this.running) throw new Error('stop: the authority is not running')
    const since = this.mark()
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    const saved = await this.waitFor('saved', () => true, timeout, since).catch(
      async (error: unknown) => {
        // The exit may come a moment before the last line is read: look once more.
        await exited
        const late = this.all('saved', () => true, since)[0]
        if (late !== undefined) return late
        throw error
      },
    )
    await exited
    return saved
  }
}

/**
 * How many ports each spec that starts its own authority may listen on. Each spec has its own
 * range, so the suite's two workers never start two authorities on one port: venue.spec and
 * results-site-online.spec once both took the first, and one of them failed in CI (2026-11-29).
 */
const AUTHORITY_PORTS = {
  venue: 1,
  'venue-auth': 2,
  'venue-projector': 1,
  'venue-recovery': 4,
  'venue-identity': 2,
  'player-page': 3,
  'player-check-in': 3,
  'results-site-online': 3,
  'player-results': 3,
} as const

export type AuthoritySpec = keyof typeof AUTHORITY_PORTS

/**
 * Port `slot` of `spec`'s own range, beside the suite's preview server (E2E_PORT, as in
 * playwright.config.ts), so two checkouts running their suites side by side never share one.
 */
export function authorityPort(spec: AuthoritySpec, slot = 0): number {
  const count = AUTHORITY_PORTS[spec]
  if (!Number.isInteger(slot) || slot < 0 || slot >= count) {
    throw new Error(`${spec} has ${String(count)} authority ports; slot ${String(slot)} asked`)
  }
  let offset = 0
  for (const [name, ports] of Object.entries(AUTHORITY_PORTS)) {
    if (name === spec) break
    offset += ports
  }
  return Number(process.env['E2E_PORT'] ?? 4173) + 2000 + offset + slot
}

/**
 * A port for one run of a spec under `--repeat-each` (with one worker): runs take the spec's
 * ports in turn, so a run never waits for the previous run's port to be let go.
 */
export function repeatedAuthorityPort(spec: AuthoritySpec, repeatEachIndex: number): number {
  return authorityPort(spec, repeatEachIndex % AUTHORITY_PORTS[spec])
}
