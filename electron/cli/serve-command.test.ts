import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { describe, expect, test } from 'vitest'
import { readTournamentFile } from '../../shared/formats/tournament-file'
import { outboxDatabase, VENUE_ROUTES, type ServeEvent } from '../../shared/venue/protocol'
import {
  authorized,
  EVENT_LOG,
  eventFile,
  proposal,
  resultAt,
} from '../venue/test-support/venue-event'
import { sentence } from './serve-command'
import { runCli } from './test-support/run-cli'

const MAIN = new URL('./main.ts', import.meta.url).pathname

describe('rackside serve (issue 21: "Scriptable for tests")', () => {
  test('--json: listening, a desk approved on standard input, a result accepted, SIGTERM saves EVENT.json', async () => {
    const path = await eventFile()
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', MAIN, 'serve', path, '--port', '0', '--json', '--app', '/nonexistent'],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    )
    const events: ServeEvent[] = []
    const waiters: { test: (e: ServeEvent) => boolean; resolve: (e: ServeEvent) => void }[] = []
    createInterface({ input: child.stdout }).on('line', (line) => {
      const event = JSON.parse(line) as ServeEvent
      events.push(event)
      for (const waiter of waiters.splice(0)) {
        if (waiter.test(event)) waiter.resolve(event)
        else waiters.push(waiter)
      }
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const next = <K extends ServeEvent['event']>(kind: K) =>
      new Promise<Extract<ServeEvent, { event: K }>>((resolve) => {
        const found = events.find((e) => e.event === kind)
        if (found !== undefined) return resolve(found as Extract<ServeEvent, { event: K }>)
        waiters.push({
          test: (e) => e.event === kind,
          resolve: (e) => resolve(e as Extract<ServeEvent, { event: K }>),
        })
      })
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))

    const { url } = await next('listening')
    const asked = await fetch(`${url}${VENUE_ROUTES.join}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'desk', device: 'a test' }),
    })
    const { request } = (await asked.json()) as { request: string }
    const { code } = await next('desk')
    child.stdin.write(`approve ${code} Desk 2\n`)
    const { desk } = await next('approved')
    expect(desk).toEqual({ id: 'd1', name: 'Desk 2', role: 'desk' })
    const status = (await (await fetch(`${url}${VENUE_ROUTES.joinStatus}${request}`)).json()) as {
      token: string
    }
    const put = await fetch(`${url}/db/${outboxDatabase(desk.id)}/p0`, {
      method: 'PUT',
      headers: authorized(status.token),
      body: JSON.stringify(proposal('p0', 0, resultAt(1))),
    })
    expect(put.status).toBe(201)
    const accepted = await next('accepted')
    expect(accepted).toMatchObject({ proposal: 'p0', desk: 'd1', seq: EVENT_LOG.length })

    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(await next('saved')).toEqual({ event: 'saved', path, commands: EVENT_LOG.length + 1 })
    expect(stderr).toBe('')
    const saved = readTournamentFile(await readFile(path, 'utf8'))
    expect(saved.ok && saved.value.log.at(-1)?.proposal).toBe('p0')
    expect(await runCli('check', path)).toMatchObject({
      code: 0,
      stdout: `ok: ${String(EVENT_LOG.length + 1)} commands, 1 division, 40 players\n`,
    })
  }, 30_000)

  test('check on a tournament file cut short names the place (the file a crash would leave without the journal)', async () => {
    const path = await eventFile()
    const text = await readFile(path, 'utf8')
    await writeFile(path, text.slice(0, text.length / 2))
    const { code, stdout, stderr } = await runCli('check', path)
    expect(code).toBe(1)
    expect(stdout).toMatch(
      /EVENT\.json:\d+: not a Rackside tournament file: the JSON is damaged or cut short at line \d+/,
    )
    expect(stderr).toMatch(/EVENT\.json: 1 error/)
  })

  test.each<[ServeEvent, string]>([
    [
      { event: 'desk', code: 'K7MPQA', role: 'desk', device: '' },
      'A desk asks to join: type "approve K7MPQA NAME" or "refuse K7MPQA".',
    ],
    [
      { event: 'behind', desk: 'Desk 2', held: 10, deskHeld: 12 },
      "STOPPED: Desk 2 holds 12 commands but this computer only 10. Nothing new is accepted: restart the authority from Desk 2's copy.",
    ],
    [{ event: 'saved', path: 'EVENT.json', commands: 3 }, 'Saved 3 commands to EVENT.json.'],
  ])('without --json the director reads plain sentences: %j', (event, words) => {
    expect(sentence(event)).toBe(words)
  })
})
