import PouchDB from 'pouchdb-core'
import memory from 'pouchdb-adapter-memory'
import replication from 'pouchdb-replication'
import { describe, expect, test } from 'vitest'
import { headOfLog } from '../../../shared/authority/proposal'
import { rulesFromPreset } from '../../../shared/rules/presets'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import { chunksFrom } from '../../../shared/venue/chunks'
import {
  decisionsDatabase,
  heldId,
  logDatabase,
  outboxDatabase,
  type HeldDoc,
  type OutboxProposal,
  type RecoveredDoc,
  type VenueInfo,
} from '../../../shared/venue/protocol'
import {
  handInOldReplica,
  isRecoveredFor,
  recoveredNotice,
  recoveredNotices,
  REPLICA_ID,
} from './hand-in'
import { createPouchLink } from './pouch-link'

PouchDB.plugin(memory).plugin(replication)
const Memory = PouchDB.defaults({ adapter: 'memory' })
let run = 0

const ID = 'spring-open'
const register = (name: string): Command => ({
  type: 'registerPlayer',
  division: 'A',
  player: { name, rating: 0, memberId: '', club: '' },
})
const COMMANDS: readonly Command[] = [
  {
    type: 'createTournament',
    info: {
      name: 'Spring Open',
      venue: 'Hall',
      startDate: '2026-03-14',
      endDate: '2026-03-14',
      rounds: 3,
    },
    rules: rulesFromPreset('nsa1995'),
  },
  { type: 'addDivision', name: 'A' },
  register('Ann'),
  register('Bob'),
]
/** The old generation's log: the last entry accepted for this desk's proposal. */
const OLD_LOG: readonly LoggedCommand[] = COMMANDS.map((command, seq) => ({
  seq,
  at: `2026-03-14T09:00:0${String(seq)}.000Z`,
  command,
  ...(seq === 3 ? { desk: 'd1', proposal: 'accepted-before' } : {}),
}))

const infoAt = (generation: number): VenueInfo => {
  const event = { tournamentId: ID, generation, name: 'Spring Open' }
  return {
    desk: { id: 'd1', name: 'Desk 1', role: 'desk' },
    event,
    databases: {
      log: logDatabase(event),
      decisions: decisionsDatabase(event),
      outbox: outboxDatabase('d1'),
    },
  }
}

const proposalDoc = (id: string, order: number): OutboxProposal => ({
  _id: id,
  type: 'proposal',
  order,
  builtOn: headOfLog(OLD_LOG),
  command: register(`Player ${id}`),
  madeAt: '2026-03-14T10:00:00.000Z',
})

/** This side's databases by name, as the link opens them; an old replica of generation 1. */
async function desk() {
  run++
  const opened = new Map<string, PouchDB.Database>()
  const local = (name: string): PouchDB.Database => {
    const db = opened.get(name) ?? new Memory(`hand-in-${String(run)}-${name}`)
    opened.set(name, db)
    return db
  }
  const oldReplica = local(infoAt(1).databases.log)
  await oldReplica.bulkDocs(chunksFrom(OLD_LOG, 0).map((chunk) => ({ ...chunk })))
  const outbox = local(outboxDatabase('d1'))
  return { local, outbox }
}

describe('a desk hands back its old replica (issue 27)', () => {
  test('started on a new generation: the old log and the proposals not decided go to the outbox as one held document, once', async () => {
    const { local, outbox } = await desk()
    await outbox.put({
      _id: REPLICA_ID,
      log: infoAt(1).databases.log,
      tournamentId: ID,
      generation: 1,
    })
    // Accepted by the old authority (in the old log), refused by it, and still waiting.
    await outbox.bulkDocs([
      proposalDoc('accepted-before', 0),
      proposalDoc('refused-before', 1),
      proposalDoc('waiting', 2),
    ])
    const answered = new Set(['refused-before'])
    const held = await handInOldReplica({ info: infoAt(2), outbox, local, answered })
    expect(held?._id).toBe(heldId(1))
    expect(held?.entries).toEqual(OLD_LOG)
    expect(held?.waiting.map((w) => w._id)).toEqual(['waiting'])
    const stored = await outbox.get<HeldDoc>(heldId(1))
    expect(stored.entries).toHaveLength(OLD_LOG.length)
    expect((await outbox.get<{ log: string }>(REPLICA_ID)).log).toBe(infoAt(2).databases.log)
    // The link starts again on the same generation: nothing more to hand in.
    expect(await handInOldReplica({ info: infoAt(2), outbox, local, answered })).toBeUndefined()
  })

  test('a first start, or a start on the replica read last, hands in nothing and notes the replica', async () => {
    const { local, outbox } = await desk()
    await outbox.put(proposalDoc('waiting', 0))
    expect(
      await handInOldReplica({ info: infoAt(1), outbox, local, answered: new Set() }),
    ).toBeUndefined()
    expect((await outbox.get<{ log: string }>(REPLICA_ID)).log).toBe(infoAt(1).databases.log)
    const docs = await outbox.allDocs()
    expect(docs.rows.map((row) => row.id)).toEqual(['waiting'])
  })

  test('another tournament’s replica is not handed to this one', async () => {
    const { local, outbox } = await desk()
    await outbox.put({ _id: REPLICA_ID, log: 'log-other-g1', tournamentId: 'other', generation: 1 })
    expect(
      await handInOldReplica({ info: infoAt(2), outbox, local, answered: new Set() }),
    ).toBeUndefined()
  })
})

describe('the authority’s answer, shown on the desk that handed in (issue 27)', () => {
  const answer: RecoveredDoc = {
    _id: 'recovered-abc',
    type: 'recovered',
    desk: 'd1',
    accepted: 2,
    already: 4,
    refused: [
      {
        proposal: 'w0',
        type: 'recordResult',
        error: { code: 'result.exists', message: 'Round 1, table 1 already has a result.' },
      },
    ],
    at: '2026-03-14T10:00:00.000Z',
  }

  test('worded for the desk, and only for the desk it names', () => {
    expect(isRecoveredFor(answer, 'd1')).toBe(true)
    expect(isRecoveredFor(answer, 'd2')).toBe(false)
    expect(isRecoveredFor({ ...answer, type: 'refused' }, 'd1')).toBe(false)
    expect(recoveredNotice(answer, 'd1')).toBe(
      "The director's laptop took back what this desk held: 2 commands accepted, 1 refused (recordResult: Round 1, table 1 already has a result); 4 already in the log.",
    )
  })

  test("issue 27: a refusal told to this desk's own banner is counted, not said again", () => {
    const own = { ...answer, refused: answer.refused.map((r) => ({ ...r, desk: 'd1' })) }
    expect(recoveredNotice(own, 'd1')).toBe(
      "The director's laptop took back what this desk held: 2 commands accepted; 4 already in the log; 1 of this desk's commands was refused, each shown with its reason.",
    )
  })

  test('an answer that came before anyone listened is given to the first listener, once', () => {
    const notices = recoveredNotices('d1')
    notices.deliver(answer)
    const heard: string[] = []
    notices.on((id) => heard.push(id))
    notices.on((id) => heard.push(`second ${id}`))
    expect(heard).toEqual(['recovered-abc'])
  })
})

describe('the browser desk’s link hands in as it starts (issue 27: pouch-link’s hook)', () => {
  test('started on generation 2 over a replica of generation 1: the held document reaches the authority’s outbox, and its answer is shown once', async () => {
    const { local, outbox } = await desk()
    await outbox.put({
      _id: REPLICA_ID,
      log: infoAt(1).databases.log,
      tournamentId: ID,
      generation: 1,
    })
    await outbox.put(proposalDoc('waiting', 0))
    const server = new Map<string, PouchDB.Database>()
    const remote = (name: string): PouchDB.Database => {
      const db = server.get(name) ?? new Memory(`hand-in-server-${String(run)}-${name}`)
      server.set(name, db)
      return db
    }
    const link = await createPouchLink({
      info: infoAt(2),
      local,
      remote,
      replicate: PouchDB.replicate.bind(PouchDB),
    })
    try {
      const serverOutbox = remote(outboxDatabase('d1'))
      let held: HeldDoc | undefined
      for (let tries = 0; tries < 200 && held === undefined; tries++) {
        held = await serverOutbox.get<HeldDoc>(heldId(1)).catch(() => undefined)
        if (held === undefined) await new Promise((resolve) => setTimeout(resolve, 10))
      }
      expect(held?.entries).toHaveLength(OLD_LOG.length)
      expect(held?.waiting.map((w) => w._id)).toEqual(['waiting'])
      // The authority answers in the decisions of generation 2.
      const heard: string[] = []
      link.onRecovered?.((_id, text) => heard.push(text))
      const answer: RecoveredDoc = {
        _id: 'recovered-1',
        type: 'recovered',
        desk: 'd1',
        accepted: 2,
        already: 0,
        refused: [],
        at: '2026-03-14T10:00:00.000Z',
      }
      await remote(infoAt(2).databases.decisions).put(answer)
      for (let tries = 0; tries < 200 && heard.length === 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      expect(heard).toEqual([
        "The director's laptop took back what this desk held: 2 commands accepted.",
      ])
    } finally {
      await link.close()
    }
  })
})
