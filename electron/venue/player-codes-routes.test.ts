import { readFile } from 'node:fs/promises'
import { afterEach, describe, expect, test } from 'vitest'
import { headOfLog } from '../../shared/authority/proposal'
import type { Command } from '../../shared/tournament/commands'
import { phonesCheckIn as phonesOn, played } from '../../shared/tournament/test-support/event'
import { DIRECTOR_DESK, type OutboxProposal } from '../../shared/venue/protocol'
import { PLAYER_POLL_MS } from '../../shared/venue/player-page'
import { WRONG_CODES_PER_WINDOW } from './player-codes'
import { startAuthorityServer, type VenueServerHandle } from './server'
import { EVENT_COMMANDS, eventFile, resultAt, SAVED_AT } from './test-support/venue-event'
import { venueFilePath } from './venue-file'

const running: VenueServerHandle[] = []

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()))
})

async function started(eventPath?: string): Promise<VenueServerHandle> {
  const opened = await startAuthorityServer({
    eventPath: eventPath ?? (await eventFile()),
    host: '127.0.0.1',
    port: 0,
  })
  if (!opened.ok) throw new Error(opened.error.message)
  running.push(opened.value)
  return opened.value
}

let proposals = 0
async function directorDoes(server: VenueServerHandle, command: Command): Promise<void> {
  proposals += 1
  const proposal: OutboxProposal = {
    _id: `player-test-${String(proposals)}`,
    type: 'proposal',
    order: 0,
    builtOn: headOfLog(server.log()),
    command,
    madeAt: SAVED_AT,
  }
  const decided = await server.propose(DIRECTOR_DESK, proposal)
  if (decided.kind !== 'accepted') throw new Error(JSON.stringify(decided))
}

function codeOf(server: VenueServerHandle, player: number): string {
  const code = server.playerCodes().find((c) => c.division === 'A' && c.player === player)?.code
  if (code === undefined || code === null) throw new Error(`player ${String(player)} has no code`)
  return code
}

describe('players’ codes at the authority (issue 30)', () => {
  test('every player has a code, kept in the desks file (never the log) and the same after a restart', async () => {
    const path = await eventFile()
    const first = await started(path)
    const codes = first.playerCodes()
    expect(codes).toHaveLength(40)
    expect(codes[2]).toMatchObject({ division: 'A', player: 3, name: 'Player 3', issue: 1 })
    await first.close()
    running.splice(running.indexOf(first), 1)
    const desks = await readFile(venueFilePath(path), 'utf8')
    expect(desks).toContain(codes[2]?.code ?? 'none')
    expect(await readFile(path, 'utf8')).not.toContain(codes[2]?.code ?? 'none')
    const again = await started(path)
    expect(again.playerCodes()).toEqual(codes)
  })

  test('a player opens his page by his code: this round’s table, opponent and who starts, once published', async () => {
    const server = await started()
    const code = codeOf(server, 3)
    const before = await fetch(`${server.url}/me/${code}`)
    expect(before.status).toBe(200)
    expect(before.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(before.headers.get('content-security-policy')).toContain("default-src 'none'")
    const unpublished = await before.text()
    expect(unpublished).toContain('Player 3')
    expect(unpublished).toContain('Round 1 pairings are not published yet.')
    expect(unpublished).not.toContain('Table 2')
    expect(unpublished).not.toContain('http-equiv="refresh"')
    await directorDoes(server, { type: 'publishRound', division: 'A', round: 1 })
    const page = await (await fetch(`${server.url}/me/${code}`)).text()
    expect(page).toContain('Table 2')
    expect(page).toContain('<strong>Player 4</strong>')
    // The typed form (lower case, a dash) goes to the printed address.
    const typed = await fetch(
      `${server.url}/me?code=${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`,
      { redirect: 'manual' },
    )
    expect(typed.status).toBe(303)
    expect(typed.headers.get('location')).toBe(`/me/${code}`)
  })

  test('the live part is answered as soon as a result is accepted, not before', async () => {
    const server = await started()
    const code = codeOf(server, 3)
    await directorDoes(server, { type: 'publishRound', division: 'A', round: 1 })
    const length = server.log().length
    let answered = false
    const waiting = fetch(`${server.url}/me/${code}/part?after=${String(length)}`).then((r) => {
      answered = true
      return r
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(answered).toBe(false)
    await directorDoes(server, resultAt(2, 412, 398))
    const response = await waiting
    expect(response.status).toBe(200)
    const part = (await response.json()) as { version: number; html: string; said: string }
    expect(part.version).toBe(length + 1)
    expect(part.html).toContain('Won 412–398')
    expect(part.said).toBe(
      'Round 1: Table 2, against Player 4. Draw for first. Result: Won 412–398.',
    )
    // Asked with an older length, it answers at once.
    const behind = await fetch(`${server.url}/me/${code}/part?after=0`)
    expect(behind.status).toBe(200)
    expect(PLAYER_POLL_MS).toBeGreaterThan(1000)
  })

  test('a reissued code stops working at once, a phone waiting on it is told, the new one works', async () => {
    const server = await started()
    const old = codeOf(server, 5)
    const waiting = fetch(`${server.url}/me/${old}/part?after=${String(server.log().length)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const reissued = server.reissuePlayerCode('A', 5)
    if (!reissued.ok) throw new Error(reissued.error.message)
    expect(reissued.value).toMatchObject({ player: 5, issue: 2 })
    expect((await waiting).status).toBe(404)
    expect((await fetch(`${server.url}/me/${old}`)).status).toBe(404)
    expect((await fetch(`${server.url}/me/${reissued.value.code ?? ''}`)).status).toBe(200)
    const revoked = server.revokePlayerCode('A', 5)
    expect(revoked.ok && revoked.value.code).toBe(null)
    expect((await fetch(`${server.url}/me/${reissued.value.code ?? ''}`)).status).toBe(404)
    const refused = server.revokePlayerCode('A', 99)
    expect(refused.ok ? undefined : refused.error.code).toBe('venue.no-player')
  })

  test('wrong codes are refused, and after a few the device is locked out, even with a right code', async () => {
    const server = await started()
    const right = codeOf(server, 1)
    for (let i = 0; i < WRONG_CODES_PER_WINDOW - 1; i++) {
      const wrong = await fetch(`${server.url}/me/ACDEFGHJ`)
      expect(wrong.status).toBe(404)
      expect(await wrong.text()).toContain('No player has this code')
    }
    const last = await fetch(`${server.url}/me?code=nonsense`)
    expect(last.status).toBe(429)
    expect(await last.text()).toContain('Too many wrong codes from this device')
    const locked = await fetch(`${server.url}/me/${right}`)
    expect(locked.status).toBe(429)
    expect((await fetch(`${server.url}/me/${right}/part?after=0`)).status).toBe(429)
  })

  test('the page’s script and style are served from the same origin under the same CSP', async () => {
    const server = await started()
    const script = await fetch(`${server.url}/me/page.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toMatch(/javascript/)
    expect(await script.text()).toContain("fetch('/me/' + code + '/part?after='")
    const style = await fetch(`${server.url}/me/page.css`)
    expect(style.headers.get('content-type')).toMatch(/text\/css/)
    const form = await fetch(`${server.url}/me`)
    expect(form.status).toBe(200)
    expect(await form.text()).toContain('Your code (on your scorecard)')
    // The event's page leads there, for a player who has only the hall's address.
    expect(await (await fetch(`${server.url}/live`)).text()).toContain(
      '<a href="/me">Your own page: type the code on your scorecard</a>',
    )
  })
})

describe('a player checks himself in from his phone (issue 30)', () => {
  // The event's one day (test-support: 2026-03-14): the authority's clock is past it, so its
  // check-in day is the event's first, as a desk's is.
  const DAY = '2026-03-14'
  const post = (server: VenueServerHandle, code: string, command: unknown) =>
    fetch(`${server.url}/me/${code}/propose`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ command }),
    })

  test('no button and a refusal until the director turns it on; then one press checks him in, as his phone', async () => {
    const server = await started()
    const code = codeOf(server, 3)
    expect(await (await fetch(`${server.url}/me/${code}`)).text()).not.toContain(
      'Check in</button>',
    )
    const early = await fetch(`${server.url}/me/${code}/check-in`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(early.status).toBe(403)
    expect(await early.text()).toContain('do not check in from their phones on 2026-03-14')
    const length = server.log().length
    expect(length).toBe(EVENT_COMMANDS.length)

    await directorDoes(server, phonesOn(DAY))
    expect(await (await fetch(`${server.url}/me/${code}`)).text()).toContain(
      `<form class="check-in" method="post" action="/me/${code}/check-in">`,
    )
    const pressed = await fetch(`${server.url}/me/${code}/check-in`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(pressed.status).toBe(303)
    expect(pressed.headers.get('location')).toBe(`/me/${code}`)
    const entry = server.log().at(-1)
    expect(entry?.command).toMatchObject({ type: 'checkIn', division: 'A', player: 3, day: DAY })
    expect(entry?.deskName).toBe('Player 3’s phone')
    // The log every desk replicates never carries the code.
    expect(JSON.stringify(entry)).not.toContain(code)
    const at = new Date(entry?.at ?? 0)
    const hhmm = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`
    const after = await (await fetch(`${server.url}/me/${code}`)).text()
    expect(after).toContain(`<p class="checked-in">Checked in at ${hhmm}.</p>`)
    expect(after).not.toContain('Check in</button>')
  })

  test.each<[string, (players: readonly { key: string }[]) => unknown, number, string]>([
    [
      'another player’s check-in',
      (p) => ({
        type: 'checkIn',
        division: 'A',
        player: 4,
        day: DAY,
        keys: [{ player: 4, key: p[3]?.key }],
      }),
      403,
      'authority.not-own-player',
    ],
    ['a result for his own table', () => resultAt(2, 412, 380), 403, 'authority.not-allowed'],
    [
      'a pairing published',
      () => ({ type: 'publishRound', division: 'A', round: 1 }),
      403,
      'authority.not-allowed',
    ],
    [
      'his own check-in for another day',
      (p) => ({
        type: 'checkIn',
        division: 'A',
        player: 3,
        day: '2026-03-15',
        keys: [{ player: 3, key: p[2]?.key }],
      }),
      403,
      'authority.phone-off',
    ],
    ['no command at all', () => ({ type: 'dropTables' }), 400, 'venue.malformed'],
  ])(
    'over plain HTTP, %s is refused and nothing is logged',
    async (_what, command, status, error) => {
      const server = await started()
      await directorDoes(server, phonesOn(DAY))
      const length = server.log().length
      const players = server.state()?.divisions[0]?.players ?? []
      const refused = await post(server, codeOf(server, 3), command(players))
      expect(refused.status).toBe(status)
      expect(((await refused.json()) as { error: string }).error).toBe(error)
      expect(server.log()).toHaveLength(length)
    },
  )

  test('his own check-in sent as JSON is accepted, and a wrong code posts nothing', async () => {
    const server = await started()
    await directorDoes(server, phonesOn(DAY))
    const key = server.state()?.divisions[0]?.players[2]?.key
    const own = { type: 'checkIn', division: 'A', player: 3, day: DAY, keys: [{ player: 3, key }] }
    const accepted = await post(server, codeOf(server, 3), own)
    expect(accepted.status).toBe(200)
    expect(server.log().at(-1)?.command).toMatchObject({ type: 'checkIn', player: 3 })
    expect((await post(server, 'ACDEFGHJ', own)).status).toBe(404)
  })
})

describe('issue 30: players enter results from their phones and the opponent confirms', () => {
  const DAY = '2026-03-14'
  const resultsOn: Command = {
    type: 'setPhoneAccess',
    division: 'A',
    day: DAY,
    checkIn: false,
    results: true,
  }
  const typed = (server: VenueServerHandle, code: string, fields: Record<string, string>) =>
    fetch(`${server.url}/me/${code}/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    })
  async function opened(): Promise<VenueServerHandle> {
    const server = await started()
    await directorDoes(server, { type: 'publishRound', division: 'A', round: 1 })
    await directorDoes(server, resultsOn)
    return server
  }

  test('no form until the director opens result entry; then entered, read back, sent, confirmed', async () => {
    const server = await started()
    await directorDoes(server, { type: 'publishRound', division: 'A', round: 1 })
    const [three, four] = [codeOf(server, 3), codeOf(server, 4)]
    expect(await (await fetch(`${server.url}/me/${three}`)).text()).not.toContain('Your score')
    expect((await typed(server, three, { mine: '412', theirs: '398', first: 'me' })).status).toBe(
      403,
    )
    await directorDoes(server, resultsOn)
    const page = await (await fetch(`${server.url}/me/${three}`)).text()
    expect(page).toContain('inputmode="numeric"')
    const length = server.log().length
    const review = await typed(server, three, { mine: '412', theirs: '398', first: 'me' })
    expect(review.status).toBe(200)
    expect(await review.text()).toContain('You 412, Player 4 398, you started.')
    expect(server.log()).toHaveLength(length)
    const sent = await typed(server, three, { mine: '412', theirs: '398', first: 'me', send: '1' })
    expect(sent.status).toBe(303)
    expect(server.log().at(-1)).toMatchObject({
      deskName: 'Player 3’s phone',
      command: { type: 'phoneResult', round: 1, table: 2, player: 3, first: 3 },
    })
    expect(await (await fetch(`${server.url}/me/${three}`)).text()).toContain(
      'Waiting for Player 4 to confirm.',
    )
    const theirs = await (await fetch(`${server.url}/me/${four}`)).text()
    expect(theirs).toContain('Player 3 entered: You 398, Player 3 412, Player 3 started.')
    expect(theirs).toContain('Confirm</button>')
    const confirmed = await typed(server, four, {
      mine: '398',
      theirs: '412',
      first: 'opponent',
      send: '1',
    })
    expect(confirmed.status).toBe(303)
    const game = server.state()?.divisions[0]?.rounds[0]?.results[1]
    expect(game?.result).toMatchObject({ kind: 'played', players: [4, 3], scores: [398, 412] })
    expect(game?.first).toBe(3)
    expect(await (await fetch(`${server.url}/me/${four}`)).text()).toContain('Lost 398–412')
  })

  test('a score that is no number is said, and nothing is logged', async () => {
    const server = await opened()
    const length = server.log().length
    const refused = await typed(server, codeOf(server, 3), { mine: 'abc', theirs: '398' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Type your score as a whole number')
    expect(server.log()).toHaveLength(length)
  })

  test('a third player’s code cannot enter or confirm that table’s result, over plain HTTP too', async () => {
    const server = await opened()
    const players = server.state()?.divisions[0]?.players ?? []
    await typed(server, codeOf(server, 3), { mine: '412', theirs: '398', first: 'me', send: '1' })
    const length = server.log().length
    const entry = (player: number) => ({
      type: 'phoneResult',
      division: 'A',
      round: 1,
      table: 2,
      player,
      result: played([3, 4], [412, 398]),
      first: 3,
      at: 0,
      keys: [{ player, key: players[player - 1]?.key }],
    })
    for (const [command, error] of [
      [entry(4), 'authority.not-own-player'],
      [entry(5), 'authority.not-own-game'],
    ] as const) {
      const refused = await fetch(`${server.url}/me/${codeOf(server, 5)}/propose`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ command }),
      })
      expect(refused.status).toBe(403)
      expect(((await refused.json()) as { error: string }).error).toBe(error)
    }
    expect(server.log()).toHaveLength(length)
    expect(server.state()?.divisions[0]?.rounds[0]?.results[1]).toBeNull()
  })
})
