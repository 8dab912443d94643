import PouchDB from 'pouchdb-core'
import http from 'pouchdb-adapter-http'
import memory from 'pouchdb-adapter-memory'
import replication from 'pouchdb-replication'
import { afterEach, describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../../../shared/rules/presets'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { chunksFrom } from '../../../shared/venue/chunks'
import {
  decisionsDatabase,
  logDatabase,
  outboxDatabase,
  STATUS_ID,
  type OutboxProposal,
  type RefusalDoc,
  type VenueInfo,
} from '../../../shared/venue/protocol'
import type { VenueLink } from './link'
import { authorizedFetch, createPouchLink } from './pouch-link'
import { announceLinkChanges } from './venue-repository'

PouchDB.plugin(memory).plugin(http).plugin(replication)
const Memory = PouchDB.defaults({ adapter: 'memory' })

const event = { tournamentId: 'open-2026', generation: 1, name: 'Open' }
let run = 0

function venueInfo(): VenueInfo {
  run++
  return {
    desk: { id: `d${String(run)}`, name: 'Desk 2', role: 'desk' },
    event,
    databases: {
      log: logDatabase(event),
      decisions: decisionsDatabase(event),
      outbox: outboxDatabase(`d${String(run)}`),
    },
  }
}

/** A log long enough for two chunks; only its entries' shape is read here, never its fold. */
const log: readonly LoggedCommand[] = Array.from({ length: 160 }, (_, seq) => ({
  seq,
  at: '2026-03-14T10:00:00.000Z',
  desk: 'd0',
  command:
    seq === 0
      ? {
          type: 'createTournament',
          info: {
            name: 'Open',
            venue: 'Hall',
            startDate: '2026-03-14',
            endDate: '2026-03-14',
            rounds: 7,
          },
          rules: rulesFromPreset('nsa1995'),
        }
      : { type: 'checkIn', division: 'A', player: seq, day: '2026-03-14' },
}))

test('the worked log spans two chunks', () => expect(log.length).toBeGreaterThan(151))

/** The authority's side: memory databases the desk replicates with, without HTTP. */
function server(): (name: string) => PouchDB.Database {
  const prefix = `server-${String(run)}-`
  const opened = new Map<string, PouchDB.Database>()
  return (name) => {
    const db = opened.get(name) ?? new Memory(prefix + name)
    opened.set(name, db)
    return db
  }
}

const links: VenueLink[] = []
afterEach(async () => {
  await Promise.all(links.splice(0).map((link) => link.close()))
})

async function deskOn(
  serverDb: (name: string) => PouchDB.Database,
  info: VenueInfo,
): Promise<VenueLink> {
  const link = await createPouchLink({
    info,
    local: (name) => new Memory(`desk-${String(run)}-${name}`),
    remote: (name) => serverDb(name),
    replicate: PouchDB.replicate.bind(PouchDB),
  })
  links.push(link)
  return link
}

/** Writes the chunks from the one holding entry `heldBefore` on, as the authority does. */
async function writeLog(
  db: PouchDB.Database,
  entries: readonly LoggedCommand[],
  heldBefore = 0,
): Promise<void> {
  for (const chunk of chunksFrom(entries, heldBefore)) {
    const existing = await db.get(chunk._id).catch(() => undefined)
    await db.put({ ...chunk, ...(existing ? { _rev: existing._rev } : {}) })
  }
}

async function until<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let tries = 0; tries < 200; tries++) {
    const found = await check()
    if (found !== undefined) return found
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`Never: ${what}`)
}

function proposal(id: string, order: number): OutboxProposal {
  return {
    _id: id,
    type: 'proposal',
    order,
    builtOn: { length: 0, last: null },
    command: { type: 'checkIn', division: 'A', player: 1, day: '2026-03-14' },
    madeAt: '2026-03-14T10:00:00.000Z',
  }
}

describe('the desk replicates with the authority (issue 21)', () => {
  test('a proposal is stored in the outbox and reaches the authority', async () => {
    const info = venueInfo()
    const serverDb = server()
    const link = await deskOn(serverDb, info)
    await link.propose(proposal('p1', 0))
    expect((await link.pending()).map((p) => p._id)).toEqual(['p1'])
    const arrived = await until(
      () =>
        serverDb(info.databases.outbox ?? '')
          .get<OutboxProposal>('p1')
          .catch(() => undefined),
      'the proposal at the authority',
    )
    expect(arrived.command).toEqual(proposal('p1', 0).command)
  })

  test('issue 27: a proposal reaches the authority at once, as the outbox’s own revision, without waiting for replication', async () => {
    const info = venueInfo()
    const serverDb = server()
    const outboxName = info.databases.outbox ?? ''
    const localOutbox = new Memory(`desk-${String(run)}-${outboxName}`)
    // The outbox's replication never sends anything here: what arrives came in the one request.
    const replicate = ((source, target, options) =>
      PouchDB.replicate(
        source,
        target,
        target === serverDb(outboxName) ? { ...options, filter: () => false } : options,
      )) as PouchDB.Static['replicate']
    const link = await createPouchLink({
      info,
      local: (name) => new Memory(`desk-${String(run)}-${name}`),
      remote: (name) => serverDb(name),
      replicate,
    })
    links.push(link)
    await link.propose(proposal('p1', 0))
    const arrived = await until(
      () =>
        serverDb(outboxName)
          .get<OutboxProposal>('p1')
          .catch(() => undefined),
      'the proposal at the authority',
    )
    expect(arrived.order).toBe(0)
    // The same revision: replication later finds it there and writes nothing of its own.
    expect(arrived._rev).toBe((await localOutbox.get('p1'))._rev)
  })

  test('issue 27: a new result reaches the desk from the authority’s changes, without waiting for the log’s replication', async () => {
    const info = venueInfo()
    const serverDb = server()
    const remoteLog = serverDb(info.databases.log)
    await writeLog(remoteLog, log.slice(0, 95))
    // The log's replication brings the first 95 entries, then nothing more: what arrives after
    // came by the tail of the authority's changes.
    let replicating = true
    const replicate = ((source, target, options) =>
      PouchDB.replicate(
        source,
        target,
        source === remoteLog ? { ...options, filter: () => replicating } : options,
      )) as PouchDB.Static['replicate']
    const link = await createPouchLink({
      info,
      local: (name) => new Memory(`desk-${String(run)}-${name}`),
      remote: (name) => serverDb(name),
      replicate,
      statusEveryMs: 0,
    })
    links.push(link)
    await until(async () => ((await link.acceptedFrom(-1)).length === 95 ? true : undefined), '95')
    replicating = false
    let told = 0
    link.onChange(() => told++)
    await writeLog(remoteLog, log.slice(0, 97), 95)
    const arrived = await until(async () => {
      const read = await link.acceptedFrom(94)
      return read.length === 2 ? read : undefined
    }, 'entries 96 and 97 without replication')
    expect(arrived).toEqual(log.slice(95, 97))
    expect(told).toBeGreaterThan(0)
    // The status says what the replica holds, which a restarted authority may ask back.
    const status = await serverDb(info.databases.outbox ?? '')
      .get<{ held: number }>(STATUS_ID)
      .catch(() => undefined)
    expect(status?.held ?? 0).toBeLessThanOrEqual(95)
  })

  test('issue 27: a desk that goes offline stops following the log’s tail, so it shows what it had', async () => {
    // venue-identity.spec: the tail's long-poll, answered after the Wi-Fi went, brought another
    // desk's registration into an offline desk.
    const info = venueInfo()
    const serverDb = server()
    const remoteLog = serverDb(info.databases.log)
    await writeLog(remoteLog, log.slice(0, 95))
    const tails: { cancelled: boolean }[] = []
    const changes = remoteLog.changes.bind(remoteLog) as (options: object) => { cancel(): void }
    Object.assign(remoteLog, {
      changes: (options: { live?: boolean; include_docs?: boolean }) => {
        const feed = changes(options)
        if (options.live === true && options.include_docs === true) {
          const followed = { cancelled: false }
          tails.push(followed)
          const cancel = feed.cancel.bind(feed)
          feed.cancel = () => {
            followed.cancelled = true
            cancel()
          }
        }
        return feed
      },
    })
    let tell: ((online: boolean) => void) | undefined
    const link = await createPouchLink({
      info,
      local: (name) => new Memory(`tail-off-${String(run)}-${name}`),
      remote: (name) => (name === info.databases.log ? remoteLog : serverDb(name)),
      replicate: PouchDB.replicate.bind(PouchDB),
      statusEveryMs: 0,
      network: (changed) => {
        tell = changed
        return () => undefined
      },
    })
    links.push(link)
    await until(async () => (tails.length > 0 ? true : undefined), 'a tail followed')
    tell?.(false)
    expect(link.state().kind).toBe('offline')
    expect(tails.map((t) => t.cancelled)).toEqual(tails.map(() => true))
  })

  test('issue 27: following the log and pushing the outbox reads and writes no checkpoint on the authority', async () => {
    const info = venueInfo()
    const serverDb = server()
    await writeLog(serverDb(info.databases.log), log.slice(0, 95))
    // The authority's databases as the desk sees them, each `_local/` read or write counted: two
    // requests after every batch, for every desk, on the server the hall waits on.
    const checkpoints: string[] = []
    const counted = (db: PouchDB.Database): PouchDB.Database =>
      new Proxy(db, {
        get(target, key) {
          const value = Reflect.get(target, key) as unknown
          if (typeof value !== 'function') return value
          if (key !== 'get' && key !== 'put') return value.bind(target) as unknown
          return (doc: unknown, ...rest: unknown[]) => {
            const id = typeof doc === 'string' ? doc : (doc as { _id?: string })._id
            if (id?.startsWith('_local/') === true) checkpoints.push(`${String(key)} ${db.name}`)
            return (value as (...args: unknown[]) => unknown).call(target, doc, ...rest)
          }
        },
      })
    const link = await createPouchLink({
      info,
      local: (name) => new Memory(`desk-${String(run)}-${name}`),
      remote: (name) => counted(serverDb(name)),
      replicate: PouchDB.replicate.bind(PouchDB),
      statusEveryMs: 0,
    })
    links.push(link)
    await link.propose(proposal('p1', 0))
    await writeLog(serverDb(info.databases.log), log.slice(0, 97), 95)
    await until(async () => ((await link.acceptedFrom(-1)).length === 97 ? true : undefined), '97')
    await until(
      () =>
        serverDb(info.databases.outbox ?? '')
          .get(STATUS_ID)
          .catch(() => undefined),
      'the status at the authority',
    )
    expect(checkpoints).toEqual([])
  })

  test('the log the authority writes in chunks is read back as accepted entries', async () => {
    const info = venueInfo()
    const serverDb = server()
    await writeLog(serverDb(info.databases.log), log.slice(0, 150))
    const link = await deskOn(serverDb, info)
    await until(
      async () => ((await link.acceptedFrom(-1)).length === 150 ? true : undefined),
      '150 entries',
    )
    await writeLog(serverDb(info.databases.log), log.slice(0, 151))
    const tail = await until(async () => {
      const read = await link.acceptedFrom(149)
      return read.length === 1 ? read : undefined
    }, 'the 151st entry')
    expect(tail).toEqual([log[150]])
    expect(await link.acceptedFrom(-1)).toEqual(log.slice(0, 151))
  })

  test('issue 27: results followed one by one across slots and a full chunk, each read once', async () => {
    const info = venueInfo()
    const serverDb = server()
    await writeLog(serverDb(info.databases.log), log.slice(0, 95))
    const link = await deskOn(serverDb, info)
    await until(async () => ((await link.acceptedFrom(-1)).length === 95 ? true : undefined), '95')
    const first = (await link.acceptedFrom(-1))[94]
    for (let length = 96; length <= 125; length++) {
      await writeLog(serverDb(info.databases.log), log.slice(0, length), length - 1)
      const read = await until(
        async () => {
          const all = await link.acceptedFrom(-1)
          return all.length === length ? all : undefined
        },
        `${String(length)} entries`,
      )
      expect(read).toEqual(log.slice(0, length))
      // What the desk held is kept as it was, not read and checked again.
      expect(read[94]).toBe(first)
    }
  })

  test('issue 27: the last result reaches the projector though its read of the log was slow', async () => {
    // The projector said "19 of 20 results in" until reloaded: the change was announced while the
    // link's read of the log was in flight, and an ask meanwhile was answered with the log before it.
    // A desk's own status write announced again and hid it; a projector has no outbox.
    const desk = venueInfo()
    const info: VenueInfo = {
      desk: { ...desk.desk, role: 'projector' },
      event,
      databases: { log: desk.databases.log, decisions: desk.databases.decisions },
    }
    const serverDb = server()
    await writeLog(serverDb(info.databases.log), log.slice(0, 150))
    let slow = 0
    const link = await createPouchLink({
      info,
      local: (name) => {
        const db = new Memory(`slow-${String(run)}-${name}`)
        const allDocs = db.allDocs.bind(db) as (options: object) => Promise<unknown>
        // A loaded machine: the desk's IndexedDB answers after the page's next task.
        Object.assign(db, {
          allDocs: async (options: object) => {
            await new Promise((resolve) => setTimeout(resolve, slow))
            return allDocs(options)
          },
        })
        return db
      },
      remote: (name) => serverDb(name),
      replicate: PouchDB.replicate.bind(PouchDB),
    })
    links.push(link)
    await until(
      async () => ((await link.acceptedFrom(-1)).length === 150 ? true : undefined),
      '150 entries',
    )
    slow = 30
    const announced: number[] = []
    const stop = announceLinkChanges(link, (change) => announced.push(change.commandCount))
    await writeLog(serverDb(info.databases.log), log.slice(0, 151), 150)
    await until(async () => (announced.includes(151) ? true : undefined), '151 announced')
    stop()
    expect(announced.at(-1)).toBe(151)
  })

  test('issue 27: a new desk shows the whole log before its replica has stored it', async () => {
    // A new desk catching up 10 000 commands on a loaded machine waited for IndexedDB to write
    // the whole log, then to read it back, before showing any of it.
    const info = venueInfo()
    const serverDb = server()
    await writeLog(serverDb(info.databases.log), log.slice(0, 155))
    let release = (): void => undefined
    const writable = new Promise<void>((resolve) => (release = resolve))
    const link = await createPouchLink({
      info,
      local: (name) => {
        const db = new Memory(`held-back-${String(run)}-${name}`)
        if (name !== info.databases.log) return db
        const bulkDocs = db.bulkDocs.bind(db) as (...args: unknown[]) => Promise<unknown>
        Object.assign(db, {
          bulkDocs: async (...args: unknown[]) => {
            await writable
            return bulkDocs(...args)
          },
        })
        return db
      },
      remote: (name) => serverDb(name),
      replicate: PouchDB.replicate.bind(PouchDB),
    })
    links.push(link)
    expect(await link.acceptedFrom(-1)).toEqual(log.slice(0, 155))
    release()
    // Stored as the authority holds it, then followed by replication without a conflict.
    await writeLog(serverDb(info.databases.log), log.slice(0, 160), 155)
    await until(
      async () => ((await link.acceptedFrom(-1)).length === 160 ? true : undefined),
      '160',
    )
    expect(await link.acceptedFrom(-1)).toEqual(log)
    const replica = new Memory(`held-back-${String(run)}-${info.databases.log}`)
    const { rows } = await replica.allDocs({ include_docs: true, conflicts: true })
    expect(rows.map((row) => row.id).sort()).toEqual(
      (await serverDb(info.databases.log).allDocs()).rows.map((row) => row.id).sort(),
    )
    expect(rows.filter((row) => (row.doc as { _conflicts?: unknown })?._conflicts)).toEqual([])
  })

  test("the desk's status at the authority says how much of the log it holds", async () => {
    const info = venueInfo()
    const serverDb = server()
    await writeLog(serverDb(info.databases.log), log.slice(0, 12))
    await deskOn(serverDb, info)
    const status = await until(
      () =>
        serverDb(info.databases.outbox ?? '')
          .get<{ held: number; last: string | null }>(STATUS_ID)
          .then((doc) => (doc.held === 12 ? doc : undefined))
          .catch(() => undefined),
      'status with 12 held',
    )
    expect(status.last).not.toBeNull()
  })

  test.each([
    { every: 60_000, what: 'the first status only, the rest waiting for the interval' },
    { every: 100, what: 'the last status written once the interval has passed' },
  ])(
    'issue 27: a desk following results one by one writes its status at most once an interval: $what',
    async ({ every }) => {
      // Every desk wrote its status once per result it followed: five desks, five pushes for the
      // authority to handle beside each decision.
      const info = venueInfo()
      const serverDb = server()
      await writeLog(serverDb(info.databases.log), log.slice(0, 100))
      const local = (name: string): PouchDB.Database => new Memory(`status-${String(run)}-${name}`)
      const link = await createPouchLink({
        info,
        local,
        remote: (name) => serverDb(name),
        replicate: PouchDB.replicate.bind(PouchDB),
        statusEveryMs: every,
      })
      links.push(link)
      const started = performance.now()
      for (let length = 101; length <= 120; length++) {
        await writeLog(serverDb(info.databases.log), log.slice(0, length), length - 1)
        await until(
          async () => ((await link.acceptedFrom(-1)).length === length ? true : undefined),
          `${String(length)} entries`,
        )
      }
      const outbox = local(info.databases.outbox ?? '')
      const status = await until(
        () =>
          outbox
            .get<{ held: number }>(STATUS_ID)
            .then((doc) => (every > 1000 || doc.held === 120 ? doc : undefined))
            .catch(() => undefined),
        'the status',
      )
      const writes = Number.parseInt(status._rev)
      if (every > 1000) expect({ held: status.held, writes }).toEqual({ held: 100, writes: 1 })
      // The first at once, then at most one an interval (the last within one after the results).
      else expect(writes).toBeLessThanOrEqual(2 + Math.ceil((performance.now() - started) / every))
    },
  )

  test('a refusal of its own proposal is given once and the proposal is no longer pending', async () => {
    const info = venueInfo()
    const serverDb = server()
    const link = await deskOn(serverDb, info)
    const seen: [string, string | undefined][] = []
    link.onRefused((refusal, proposed) => seen.push([refusal.error.code, proposed?._id]))
    await link.propose(proposal('p1', 0))
    await link.propose(proposal('p2', 1))
    const refusal: RefusalDoc = {
      _id: 'p1',
      type: 'refused',
      desk: info.desk.id,
      error: { code: 'result.duplicate', message: 'Table 3 already has a result.' },
      at: '2026-03-14T10:00:01.000Z',
    }
    const other: RefusalDoc = { ...refusal, _id: 'x9', desk: 'somebody-else' }
    await serverDb(info.databases.decisions).bulkDocs([refusal, other])
    await until(async () => (seen.length > 0 ? true : undefined), 'the refusal')
    // A later change of the decisions database gives nothing again.
    await serverDb(info.databases.decisions).put({ ...other, _id: 'x10' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(seen).toEqual([['result.duplicate', 'p1']])
    expect((await link.pending()).map((p) => p._id)).toEqual(['p2'])
  })

  test('a proposal accepted into the log is no longer pending', async () => {
    const info = venueInfo()
    const serverDb = server()
    const link = await deskOn(serverDb, info)
    await link.propose(proposal('p1', 0))
    await link.propose(proposal('p2', 1))
    const first = log[0] as LoggedCommand
    await writeLog(serverDb(info.databases.log), [{ ...first, proposal: 'p1' }])
    const pending = await until(async () => {
      const now = await link.pending()
      return now.length === 1 ? now : undefined
    }, 'p1 accepted')
    expect(pending.map((p) => p._id)).toEqual(['p2'])
  })

  test('an authority that answers 401 has revoked the desk', async () => {
    const info = venueInfo()
    const refusing = (): Promise<Response> =>
      Promise.resolve(
        new Response(JSON.stringify({ error: 'unauthorized', reason: 'revoked' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
      )
    const link = await createPouchLink({
      info,
      local: (name) => new Memory(`revoked-${String(run)}-${name}`),
      remote: (name, unauthorized) =>
        new PouchDB(`http://authority.invalid/db/${name}`, {
          adapter: 'http',
          skip_setup: true,
          fetch: authorizedFetch('token', refusing, unauthorized),
        } as PouchDB.Configuration.RemoteDatabaseConfiguration),
      replicate: PouchDB.replicate.bind(PouchDB),
    })
    links.push(link)
    await until(async () => (link.state().kind === 'revoked' ? true : undefined), 'revoked')
  })

  test("the device's own network events set the badge's state at once", async () => {
    const info = venueInfo()
    const serverDb = server()
    let tell: ((online: boolean) => void) | undefined
    const link = await createPouchLink({
      info,
      local: (name) => new Memory(`net-${String(run)}-${name}`),
      remote: (name) => serverDb(name),
      replicate: PouchDB.replicate.bind(PouchDB),
      now: () => new Date('2026-03-14T10:42:00.000Z'),
      network: (changed) => {
        tell = changed
        return () => undefined
      },
    })
    links.push(link)
    tell?.(false)
    expect(link.state()).toEqual({ kind: 'offline', since: '2026-03-14T10:42:00.000Z' })
    tell?.(true)
    expect(link.state()).toEqual({ kind: 'online' })
  })

  test('every request to the authority carries the bearer token', async () => {
    const seen: (string | null)[] = []
    const fetch = authorizedFetch(
      'secret',
      (_url, init) => {
        seen.push(new Headers(init?.headers).get('Authorization'))
        return Promise.resolve(new Response('{}'))
      },
      () => undefined,
    )
    await fetch('http://authority.invalid/db/x', { headers: { Accept: 'application/json' } })
    expect(seen).toEqual(['Bearer secret'])
  })
})

describe('issue 27: waiting for a decision, and the authority’s clock', () => {
  test.each([
    ['accepted into the log', 'accepted'],
    ['refused', 'refused'],
  ])('decided resolves once this desk’s proposal is %s', async (_, outcome) => {
    const info = venueInfo()
    const serverDb = server()
    const link = await deskOn(serverDb, info)
    await link.propose(proposal('p1', 0))
    let done = false
    const waiting = link.decided('p1').then(() => (done = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(done).toBe(false)
    if (outcome === 'accepted') {
      const first = log[0] as LoggedCommand
      await writeLog(serverDb(info.databases.log), [{ ...first, proposal: 'p1' }])
    } else {
      await serverDb(info.databases.decisions).put({
        _id: 'p1',
        type: 'refused',
        desk: info.desk.id,
        error: { code: 'result.duplicate', message: 'Table 3 already has a result.' },
        at: '2026-03-14T10:00:01.000Z',
      } satisfies RefusalDoc)
    }
    await waiting
    expect(await link.pending()).toEqual([])
  })

  test('decided resolves at once for a proposal this desk never made', async () => {
    const link = await deskOn(server(), venueInfo())
    await link.decided('nobody')
  })

  test('now() is the authority’s clock, however far the desk’s is off', async () => {
    const deskClock = Date.parse('2026-03-14T10:00:00.000Z')
    const serverDb = server()
    const info = venueInfo()
    const link = await createPouchLink({
      info,
      local: (name) => new Memory(`clock-${String(run)}-${name}`),
      remote: (name) => serverDb(name),
      replicate: PouchDB.replicate.bind(PouchDB),
      now: () => new Date(deskClock),
      // The desk is 5 minutes slow: the authority's clock is 5 minutes ahead of it.
      askTime: () => Promise.resolve(deskClock + 5 * 60_000),
      every: () => () => undefined,
    })
    links.push(link)
    await until(
      async () => (link.now() === deskClock + 5 * 60_000 ? true : undefined),
      'the offset measured',
    )
  })
})
