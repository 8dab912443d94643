import { spawn } from 'node:child_process'
import { PassThrough } from 'node:stream'
import { readFile, writeFile } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { describe, expect, test } from 'vitest'
import { headOfLog } from '../../shared/authority/proposal'
import { APPROVAL_ROLES } from '../../shared/authority/roles'
import { readTournamentFile } from '../../shared/formats/tournament-file'
import {
  DIRECTOR_DESK,
  outboxDatabase,
  VENUE_ROUTES,
  type ServeEvent,
} from '../../shared/venue/protocol'
import {
  authorized,
  EVENT_LOG,
  eventFile,
  proposal,
  resultAt,
  until,
} from '../venue/test-support/venue-event'
import { startVenueServer } from '../venue/server'
import { answer, sentence, serveCommand, takeOptions } from './serve-command'
import { runCli } from './test-support/run-cli'

const MAIN = new URL('./main.ts', import.meta.url).pathname

/** `rackside serve PATH --json` in a child process, its events read as they come. */
function spawnServe(path: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', MAIN, 'serve', path, '--port', '0', '--json', '--app', '/nonexistent'],
    { stdio: ['pipe', 'pipe', 'pipe'] },
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
  return { child, events, next, exited, stderr: () => stderr }
}

/** A desk joins through the child's standard input; its token. */
async function joined(serve: ReturnType<typeof spawnServe>, url: string, name: string) {
  const asked = await fetch(`${url}${VENUE_ROUTES.join}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ role: 'results', device: 'a test' }),
  })
  const { request } = (await asked.json()) as { request: string }
  const { code } = await serve.next('desk')
  serve.child.stdin.write(`approve ${code} ${name}\n`)
  const { desk } = await serve.next('approved')
  const status = (await (await fetch(`${url}${VENUE_ROUTES.joinStatus}${request}`)).json()) as {
    token: string
  }
  return { desk, token: status.token }
}

/**
 * A server and the director's lines typed at it: the server's events and the lines' answers go
 * to one list, as serve prints both; what a line prints as text is in `said`.
 */
async function typingAt(extra: { readonly pushTo?: string } = {}) {
  const events: ServeEvent[] = []
  const started = await startVenueServer({
    eventPath: await eventFile(),
    host: '127.0.0.1',
    port: 0,
    ...extra,
    onEvent: (e) => events.push(e),
  })
  if (!started.ok) throw new Error(started.error.message)
  const server = started.value
  const said = { text: '' }
  const type = (line: string, json = false) =>
    answer(
      server,
      line,
      (e) => events.push(e),
      { stdout: (t) => (said.text += t), stderr: () => {} },
      json,
    )
  return { server, events, type, said }
}

describe('rackside serve (issue 21: "Scriptable for tests")', () => {
  test('--json: listening, a desk approved on standard input, a result accepted, SIGTERM saves EVENT.json', async () => {
    const path = await eventFile()
    const serve = spawnServe(path)
    const { child, next, exited } = serve
    const { url } = await next('listening')
    const { desk, token } = await joined(serve, url, 'Desk 2')
    // Issue 27: the id's number reads well, its random part keeps it unique across laptops.
    expect(desk).toEqual({
      id: expect.stringMatching(/^d1-[a-z0-9]{6}$/),
      name: 'Desk 2',
      role: 'results',
    })
    const put = await fetch(`${url}/db/${outboxDatabase(desk.id)}/p0`, {
      method: 'PUT',
      headers: authorized(token),
      body: JSON.stringify(proposal('p0', 0, resultAt(1))),
    })
    expect(put.status).toBe(201)
    const accepted = await next('accepted')
    expect(accepted).toMatchObject({ proposal: 'p0', desk: desk.id, seq: EVENT_LOG.length })

    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(await next('saved')).toEqual({ event: 'saved', path, commands: EVENT_LOG.length + 1 })
    expect(serve.stderr()).toBe('')
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

  test('issue 28: serve on a journal line without its entry exits 2 with one line naming file and line, and the event is not left locked', async () => {
    const path = await eventFile()
    await writeFile(`${path}.journal`, '{"kind":"accepted"}\n')
    const { code, stdout, stderr } = await runCli('serve', path, '--port', '0', '--json')
    expect(code).toBe(2)
    expect(stderr).toMatch(
      /^rackside: .*EVENT\.json\.journal, line 1: an accepted line without its entry; the journal is damaged/,
    )
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stdout).not.toMatch(/listening/)
    await expect(readFile(`${path}.lock`)).rejects.toThrow(/ENOENT/)
  }, 30_000)

  test('SIGKILL after "accepted" loses nothing: the restarted authority holds the result and the desk', async () => {
    const path = await eventFile()
    const first = spawnServe(path)
    const { url } = await first.next('listening')
    const { desk, token } = await joined(first, url, 'Desk 1')
    await fetch(`${url}/db/${outboxDatabase(desk.id)}/p0`, {
      method: 'PUT',
      headers: authorized(token),
      body: JSON.stringify(proposal('p0', 0, resultAt(1))),
    })
    await first.next('accepted')
    first.child.kill('SIGKILL')
    await first.exited

    const second = spawnServe(path)
    const { url: again } = await second.next('listening')
    expect(await second.next('recovering')).toEqual({
      event: 'recovering',
      held: EVENT_LOG.length + 1,
      desks: 1,
    })
    // The desk's token still opens it.
    const info = await fetch(`${again}${VENUE_ROUTES.info}`, { headers: authorized(token) })
    expect(info.status).toBe(200)
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
    const saved = readTournamentFile(await readFile(path, 'utf8'))
    expect(saved.ok && saved.value.log.map((e) => e.proposal).filter(Boolean)).toEqual(['p0'])
  }, 30_000)

  test.each([
    [['serve'], /^rackside: usage: rackside serve EVENT\.json/],
    [['serve', 'missing.json'], /^rackside: cannot read .*missing\.json: no such file\n$/],
    [
      ['serve', 'x.json', '--port', 'eighty'],
      /^rackside: --port takes a number from 0 to 65535, not "eighty"\n$/,
    ],
    [['serve', 'x.json', '--frob'], /^rackside: unknown option --frob\n$/],
    [['serve', 'x.json', '--take'], /^rackside: --take needs a value/],
  ])('serve %j stops at once with a clear message', async (argv, message) => {
    const { code, stderr } = await runCli(...argv)
    expect(code).toBe(2)
    expect(stderr).toMatch(message)
  })

  test('the director’s lines: approve with a name of several words, revoke by name, and what is not understood', async () => {
    // The server's own events (approved, revoked) and the lines' answers go to one list, as
    // serve prints both.
    const events: ServeEvent[] = []
    const started = await startVenueServer({
      eventPath: await eventFile(),
      host: '127.0.0.1',
      port: 0,
      onEvent: (e) => events.push(e),
    })
    if (!started.ok) throw new Error(started.error.message)
    const server = started.value
    let text = ''
    const type = (line: string, json = true) =>
      answer(
        server,
        line,
        (e) => events.push(e),
        { stdout: (t) => (text += t), stderr: () => {} },
        json,
      )
    const ask = async () => {
      const asked = await fetch(`${server.url}${VENUE_ROUTES.join}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'results' }),
      })
      return ((await asked.json()) as { code: string }).code
    }
    const code = await ask()
    type(`  approve ${code.toLowerCase()}   Front   desk `)
    await until(() => events.some((e) => e.event === 'approved'))
    expect(server.desks()).toMatchObject([{ name: 'Front desk', role: 'results' }])
    type('revoke front DESK')
    expect(events.at(-1)).toMatchObject({ event: 'revoked', desk: { name: 'Front desk' } })
    const other = await ask()
    type(`refuse ${other}`, false)
    expect(text).toBe(`The desk with code ${other} was turned away.\n`)
    type('approve')
    type('launch rockets')
    type('revoke Nobody')
    expect(events.slice(-3)).toEqual([
      {
        event: 'error',
        code: 'serve.input',
        message: `Type "approve CODE NAME" or "approve CODE NAME as ROLE" (${APPROVAL_ROLES.join(', ')}), for example: approve K7MPQA Desk 2`,
      },
      {
        event: 'error',
        code: 'serve.input',
        message:
          '"launch" is not something serve understands: approve, refuse, revoke, take, drop, codes, push or phones.',
      },
      { event: 'error', code: 'venue.no-desk', message: 'No desk is named "Nobody".' },
    ])
    await server.close()
  })

  test('issue 30: "codes" lists every player\'s code and page, "codes reissue" and "codes revoke" change one', async () => {
    const events: ServeEvent[] = []
    const started = await startVenueServer({
      eventPath: await eventFile(),
      host: '127.0.0.1',
      port: 0,
    })
    if (!started.ok) throw new Error(started.error.message)
    const server = started.value
    const type = (line: string) =>
      answer(server, line, (e) => events.push(e), { stdout: () => {}, stderr: () => {} }, true)
    type('codes')
    const listed = events.at(-1)
    if (listed?.event !== 'codes') throw new Error('no codes event')
    expect(listed.page).toBe(`${server.url}/me/`)
    expect(listed.codes).toHaveLength(40)
    const third = listed.codes[2]
    expect(third).toMatchObject({ division: 'A', player: 3, name: 'Player 3', issue: 1 })
    expect(sentence({ ...listed, codes: [third ?? listed.codes[0]!] })).toBe(
      `A #3 Player 3: ${(third?.code ?? '').slice(0, 4)}-${(third?.code ?? '').slice(4)}  ${server.url}/me/${third?.code ?? ''}`,
    )
    type('codes reissue A 3')
    expect(events.at(-1)).toMatchObject({ event: 'codes', codes: [{ player: 3, issue: 2 }] })
    type('codes revoke A 3')
    const revoked = events.at(-1)
    expect(revoked).toMatchObject({ event: 'codes', codes: [{ player: 3, code: null }] })
    expect(revoked?.event === 'codes' && sentence(revoked)).toBe('A #3 Player 3: no code (revoked)')
    type('codes revoke A 99')
    expect(events.at(-1)).toMatchObject({ event: 'error', code: 'venue.no-player' })
    type('codes shuffle')
    expect(events.at(-1)).toMatchObject({ event: 'error', code: 'serve.input' })
    await server.close()
  })

  test('issue 30: "phones" lists what phones may do; "phones A check-in on" proposes setPhoneAccess as the director, logged and undoable', async () => {
    const { server, events, type, said } = await typingAt()
    const accepted = () => events.filter((e) => e.event === 'accepted')
    // The event's one day (test-support: 2026-03-14) is the authority's check-in day.
    type('phones')
    expect(said.text).toBe('Phones in division A on 2026-03-14: only read.\n')

    type('phones A check-in on')
    await until(() => accepted().length === 1)
    expect(accepted()[0]).toMatchObject({ desk: 'director', type: 'setPhoneAccess' })
    const first = server.log().at(-1)
    expect(first).toMatchObject({
      desk: 'director',
      command: {
        type: 'setPhoneAccess',
        division: 'A',
        day: '2026-03-14',
        checkIn: true,
        results: false,
      },
    })
    await until(() => said.text.includes('players check in.'))

    // Another day, named last; a division's name in any case.
    type('phones a results on 2026-03-15')
    await until(() => accepted().length === 2)
    expect(server.log().at(-1)?.command).toEqual({
      type: 'setPhoneAccess',
      division: 'A',
      day: '2026-03-15',
      checkIn: false,
      results: true,
    })
    said.text = ''
    type('phones')
    expect(said.text).toBe(
      'Phones in division A on 2026-03-14: players check in.\nPhones in division A on 2026-03-15: enter results.\n',
    )

    // What is already so changes nothing and logs nothing.
    said.text = ''
    type('phones A results off')
    expect(said.text).toBe(
      'Nothing to change. Phones in division A on 2026-03-14: players check in.\n',
    )

    // The director takes it back as any command of his.
    const undone = await server.propose(
      DIRECTOR_DESK,
      // An undo is built on the log as the director holds it (the head after the other day's).
      {
        ...proposal('undo-phones', 0, { type: 'undo', seq: first?.seq ?? -1 }),
        builtOn: headOfLog(server.log()),
      },
    )
    expect(undone.kind).toBe('accepted')
    said.text = ''
    type('phones')
    expect(said.text).toContain('Phones in division A on 2026-03-14: only read.\n')
    expect(accepted()).toHaveLength(3)
    await server.close()
  })

  test.each([
    { line: 'phones A check-in', message: /^Type "phones" for what phones may do/ },
    { line: 'phones A lunch on', message: /^Type "phones" for what phones may do/ },
    { line: 'phones A results maybe', message: /^Type "phones" for what phones may do/ },
    { line: 'phones check-in on', message: /^Type "phones" for what phones may do/ },
    { line: 'phones Z check-in on', message: /^There is no division "Z": the divisions are A\.$/ },
  ])('issue 30: $line is refused in words, nothing proposed', async ({ line, message }) => {
    const { server, events, type } = await typingAt()
    const held = server.log().length
    type(line)
    expect(events.at(-1)).toEqual({
      event: 'error',
      code: 'serve.input',
      message: expect.stringMatching(message) as string,
    })
    expect(server.log()).toHaveLength(held)
    await server.close()
  })

  test('issue 31: "push stop" and "push start" at the terminal, each change of state said once, the password never', async () => {
    // Nothing listens on port 9: the push cannot reach it.
    const { server, events, type, said } = await typingAt({
      pushTo: 'http://director:s3cr3t@127.0.0.1:9/spc',
    })
    const pushLines = () => events.flatMap((e) => (e.event === 'remote' ? [sentence(e)] : []))
    await until(() => pushLines().length === 1, 10_000)
    expect(pushLines()[0]).toContain('http://127.0.0.1:9/spc cannot be reached')
    type('push stop')
    expect(pushLines()).toHaveLength(2)
    expect(pushLines()[1]).toMatch(
      /^The push to http:\/\/127\.0\.0\.1:9\/spc is stopped: 0 commands sent, \d+ commands waiting/,
    )
    type('push')
    expect(said.text).toContain('is stopped')
    type('push start')
    expect(server.pushState()?.phase).toBe('starting')
    await until(() => pushLines().length === 3, 10_000)
    type('push start ftp://elsewhere/db')
    expect(events.at(-1)).toMatchObject({ event: 'error', code: 'venue.push-address' })
    type('push sideways')
    expect(events.at(-1)).toMatchObject({ event: 'error', code: 'serve.input' })
    expect(JSON.stringify(events) + said.text).not.toContain('s3cr3t')
    await server.close()
  })

  test("the director's lines of issue 27: approve … as ROLE, refuse all, take and drop", async () => {
    const { server, events, type, said } = await typingAt()
    const ask = async () => {
      const asked = await fetch(`${server.url}${VENUE_ROUTES.join}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'results' }),
      })
      return ((await asked.json()) as { code: string }).code
    }
    type(`approve ${await ask()} Big screen as PROJECTOR`)
    type(`approve ${await ask()} Desk as desk 4`)
    // Issue 30: a phone comes by its player's code; no desk is approved as a player.
    type(`approve ${await ask()} Ann as player`)
    await until(() => events.filter((e) => e.event === 'approved').length === 3)
    expect(server.desks()).toMatchObject([
      { name: 'Big screen', role: 'projector' },
      { name: 'Desk as desk 4', role: 'results' },
      { name: 'Ann as player', role: 'results' },
    ])
    expect(said.text).not.toContain('player')
    await ask()
    await ask()
    type('refuse ALL')
    expect(said.text).toBe('2 waiting desks were turned away.\n')
    expect(server.requests()).toEqual([])
    type('take Nobody')
    type('drop')
    await until(() => events.filter((e) => e.event === 'error').length === 2)
    expect(events.filter((e) => e.event === 'error')).toEqual([
      {
        event: 'error',
        code: 'serve.input',
        message: 'Type "drop NAME", for example: drop Desk 2',
      },
      {
        event: 'error',
        code: 'venue.no-waiting',
        message: 'No revoked desk named "Nobody" left anything waiting.',
      },
    ])
    await server.close()
  })

  test.each<[ServeEvent, string]>([
    [
      { event: 'desk', code: 'K7MPQA', role: 'projector', device: '' },
      'A projector asks to join: type "approve K7MPQA NAME" or "refuse K7MPQA".',
    ],
    [
      { event: 'behind', desk: 'Desk 2', held: 10, deskHeld: 12 },
      "STOPPED: Desk 2 holds 12 commands but this computer only 10. Nothing new is accepted: restart the authority with --take and Desk 2's saved copy.",
    ],
    [
      {
        event: 'recovered',
        from: 'Desk 2',
        accepted: 2,
        already: 40,
        refused: [
          {
            proposal: 'p3',
            type: 'recordResult',
            error: { code: 'result.exists', message: 'Round 1, table 12 already has a result.' },
          },
        ],
      },
      'Recovered from Desk 2: 2 commands accepted, 1 refused (recordResult: Round 1, table 12 already has a result); 40 already in the log.',
    ],
    [{ event: 'saved', path: 'EVENT.json', commands: 3 }, 'Saved 3 commands to EVENT.json.'],
    [
      {
        event: 'waiting',
        desk: { id: 'd2-k3m9qa', name: 'Desk 2', role: 'desk' },
        commands: ['Table 12, round 3: 430–385', 'Table 14, round 3: 402–377'],
      },
      'Desk 2 had 2 waiting: Table 12, round 3: 430–385; Table 14, round 3: 402–377. Type "take Desk 2" to decide them as that desk\'s or "drop Desk 2" to let them go.',
    ],
    [
      {
        event: 'taken',
        desk: { id: 'd2-k3m9qa', name: 'Desk 2', role: 'desk' },
        accepted: 2,
        refused: 1,
      },
      'Took what Desk 2 left waiting: 2 accepted, 1 refused.',
    ],
    [
      { event: 'dropped', desk: { id: 'd2-k3m9qa', name: 'Desk 2', role: 'desk' }, commands: 1 },
      'Let go of the command Desk 2 left waiting: it is recorded as dropped.',
    ],
    [
      { event: 'accepted', proposal: 'p1', desk: 'd2-k3m9qa', seq: 44, type: 'recordResult' },
      '#45 recordResult from d2',
    ],
  ])('without --json the director reads plain sentences: %j', (event, words) => {
    expect(sentence(event)).toBe(words)
  })

  test('at a terminal the address comes with a QR code for a tablet\'s camera ("the address and a QR code are on the director\'s screen")', async () => {
    let out = ''
    let stop: () => void = () => undefined
    const stopped = new Promise<void>((resolve) => (stop = resolve))
    const served = serveCommand([await eventFile(), '--port', '0', '--app', '/nonexistent'], {
      stdout: (text) => {
        out += text
        if (/[▀▄█]/.test(text)) stop()
      },
      stderr: () => undefined,
      stdin: new PassThrough(),
      stop: stopped,
    })
    expect(await served).toBe(0)
    expect(out).toMatch(/Sharing the event\. Desks open http:\/\/127\.0\.0\.1:\d+ in a browser\./)
    // Issue 31: the address broadcasts ask for as "a link to your TSH tourney.js".
    expect(out).toMatch(/tsh's feed at http:\/\/127\.0\.0\.1:\d+\/tourney\.js\./)
    // Issue 30: where players find their pages.
    expect(out).toMatch(/Players follow it at http:\/\/127\.0\.0\.1:\d+\/live; type "codes"/)
    expect(out.split('\n').filter((line) => /[▀▄█]/.test(line)).length).toBeGreaterThan(10)
  })
})

test.each<[readonly string[], readonly string[], readonly string[]]>([
  [['EVENT.json'], [], ['EVENT.json']],
  [
    ['EVENT.json', '--take', 'a.json', '--json', '--take=b.json'],
    ['a.json', 'b.json'],
    ['EVENT.json', '--json'],
  ],
  [['EVENT.json', '--', '--take', 'x'], [], ['EVENT.json', '--', '--take', 'x']],
])('issue 27: --take once per copy: %j', (argv, take, rest) => {
  expect(takeOptions(argv)).toEqual({ take, rest })
})
