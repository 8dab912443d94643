/*
 * What the venue's tests share: an EVENT.json in a fresh folder, with round 1 of division A paired
 * so desks have results to enter, and a desk's join as plain HTTP calls.
 */
import { mkdtemp, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { headOfLog } from '../../../shared/authority/proposal'
import { writeTournamentFile } from '../../../shared/formats/tournament-file'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import { create, ID, logOf, played, register } from '../../../shared/tournament/test-support/event'
import {
  bearer,
  VENUE_ROUTES,
  type JoinRequested,
  type JoinRole,
  type JoinStatus,
  type OutboxProposal,
} from '../../../shared/venue/protocol'
import type { VenueServer } from '../server'

export const TABLES = 20
export const SAVED_AT = '2026-03-14T09:00:00.000Z'

/** 40 players, round 1 paired: players 2t−1 and 2t at table t. */
export const EVENT_COMMANDS: readonly Command[] = [
  create(),
  { type: 'addDivision', name: 'A' },
  ...Array.from({ length: TABLES * 2 }, (_, i) => register(`Player ${String(i + 1)}`)),
  {
    type: 'pairRound',
    division: 'A',
    round: 1,
    pairings: Array.from({ length: TABLES }, (_, i) => ({
      kind: 'game' as const,
      table: i + 1,
      players: [2 * i + 1, 2 * i + 2] as const,
    })),
  },
]

export const EVENT_LOG: readonly LoggedCommand[] = logOf(EVENT_COMMANDS)

/** A folder with EVENT.json holding `EVENT_LOG`; returns the file's path. */
export async function eventFile(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'rackside-venue-'))
  const path = join(folder, 'EVENT.json')
  await writeFile(path, writeTournamentFile(ID, EVENT_LOG, SAVED_AT))
  return path
}

export function resultAt(table: number, a = 400, b = 350): Command {
  return {
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table },
    result: played([2 * table - 1, 2 * table], [a, b]),
  }
}

/** A proposal built on the event as saved (results commute, so any later log takes it). */
export function proposal(id: string, order: number, command: Command): OutboxProposal {
  return {
    _id: id,
    type: 'proposal',
    order,
    builtOn: headOfLog(EVENT_LOG),
    command,
    madeAt: SAVED_AT,
  }
}

/** Asks to join, the director approves as `name`, and the desk polls until it has its token. */
export async function joinAs(
  server: VenueServer,
  role: JoinRole,
  name: string,
): Promise<{ readonly token: string; readonly id: string }> {
  const asked = await fetch(`${server.url}${VENUE_ROUTES.join}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ role, device: 'test' }),
  })
  const requested = (await asked.json()) as JoinRequested
  const approved = server.approve(requested.code, name)
  if (!approved.ok) throw new Error(approved.error.message)
  for (let i = 0; i < 200; i++) {
    const polled = await fetch(`${server.url}${VENUE_ROUTES.joinStatus}${requested.request}`)
    const status = (await polled.json()) as JoinStatus
    if (status.status === 'approved') return { token: status.token, id: status.desk.id }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`${name} was never approved`)
}

export const authorized = (token: string): Record<string, string> => ({
  authorization: bearer(token),
  'content-type': 'application/json',
})

/** Waits until `check` holds, polling every 20 ms, for at most `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * A join request sent from the loopback address `from` (127.0.0.2, …: Linux answers the whole of
 * 127/8), so a test can be two laptops; the status and the body read as JSON.
 */
export function askFrom(
  server: VenueServer,
  from: string,
  role: JoinRole = 'results',
): Promise<{ readonly status: number; readonly body: Record<string, unknown> }> {
  const url = new URL(`${server.url}${VENUE_ROUTES.join}`)
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text) as Record<string, unknown>,
          })
        })
      },
    )
    sent.on('error', reject)
    sent.end(JSON.stringify({ role, device: `a laptop at ${from}` }))
  })
}

/** Polls the join request until it is answered; its last status. */
export async function answered(server: VenueServer, secret: string): Promise<JoinStatus> {
  for (let i = 0; i < 200; i++) {
    const polled = await fetch(`${server.url}${VENUE_ROUTES.joinStatus}${secret}`)
    const status = (await polled.json()) as JoinStatus
    if (status.status !== 'waiting') return status
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('the join request was never answered')
}
