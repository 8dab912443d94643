import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, test } from 'vitest'
import { logDatabase } from '../../shared/venue/protocol'
import { startAuthorityServer, type VenueServerHandle } from './server'
import { nodeDesk, type NodeDesk } from './test-support/node-desk'
import {
  authorized,
  EVENT_LOG,
  eventFile,
  joinAs,
  proposal,
  resultAt,
  until,
} from './test-support/venue-event'

const running: VenueServerHandle[] = []
const desks: NodeDesk[] = []

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()))
  await Promise.all(desks.splice(0).map((d) => d.close()))
})

interface AllDocs {
  readonly total_rows: number
  readonly rows: readonly { id: string; key: string; value: { rev: string }; doc: unknown }[]
}

describe('issue 27: a new desk reads the whole log as the authority wrote it', () => {
  test('the answer to _all_docs with the documents is the database’s own, gzipped or not, and follows each decision', async () => {
    const opened = await startAuthorityServer({
      eventPath: await eventFile(),
      host: '127.0.0.1',
      port: 0,
      recoveryWaitMs: 300,
    })
    if (!opened.ok) throw new Error(opened.error.message)
    const server = opened.value
    running.push(server)
    const { token } = await joinAs(server, 'results', 'Desk 1')
    const log = `${server.url}/db/${logDatabase(server.event())}`
    const read = async (query: string, encoding = 'identity'): Promise<Response> =>
      fetch(`${log}/_all_docs?${query}`, {
        headers: { ...authorized(token), 'accept-encoding': encoding },
      })
    // The database's own answer: any other query is express-pouchdb's.
    const database = async (): Promise<AllDocs> =>
      (await (await read('include_docs=true&descending=false')).json()) as AllDocs

    const plain = await read('include_docs=true')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.json()).toEqual(await database())

    const desk = await nodeDesk(server.url, token)
    desks.push(desk)
    for (const [n, table] of [1, 2, 3].entries()) {
      await desk.propose(proposal(`p${String(n)}`, n, resultAt(table)))
    }
    await desk.sync()
    await until(() => server.log().length === EVENT_LOG.length + 3)
    // Node's fetch takes gzip off itself: asked by hand, to see the bytes sent.
    const zipped = await new Promise<Buffer>((resolve, reject) => {
      void import('node:http').then(({ get }) => {
        get(
          `${log}/_all_docs?include_docs=true`,
          { headers: { ...authorized(token), 'accept-encoding': 'gzip' } },
          (res) => {
            expect(res.headers['content-encoding']).toBe('gzip')
            const parts: Buffer[] = []
            res.on('data', (part: Buffer) => parts.push(part))
            res.on('end', () => resolve(Buffer.concat(parts)))
            res.on('error', reject)
          },
        ).on('error', reject)
      })
    })
    const whole = JSON.parse(gunzipSync(zipped).toString('utf8')) as AllDocs
    expect(whole).toEqual(await database())
    expect(whole.rows.some((row) => JSON.stringify(row.doc).includes('"p2"'))).toBe(true)
  })

  test('a desk without a token reads nothing of it', async () => {
    const opened = await startAuthorityServer({
      eventPath: await eventFile(),
      host: '127.0.0.1',
      port: 0,
      recoveryWaitMs: 300,
    })
    if (!opened.ok) throw new Error(opened.error.message)
    running.push(opened.value)
    const log = `${opened.value.url}/db/${logDatabase(opened.value.event())}`
    expect((await fetch(`${log}/_all_docs?include_docs=true`)).status).toBe(401)
  })
})
