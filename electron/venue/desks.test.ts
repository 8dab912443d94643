import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomInt } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { outboxDatabase } from '../../shared/venue/protocol'
import { newDeskId, shortDeskId } from './desks'
import { readVenueFile, VENUE_FILE_FORMAT } from './venue-file'

describe('desk ids are never reused (issue 27: desk 2 inherited the dead director\'s "d1")', () => {
  test.each([
    [1, [0, 0, 0, 0, 0, 0], 'd1-aaaaaa'],
    [7, [10, 3, 12, 35, 26, 16], 'd7-kdm90q'],
    [12, [25, 25, 25, 25, 25, 25], 'd12-zzzzzz'],
  ])('desk number %i with random draws %j is %s', (number, draws, id) => {
    const queue = [...draws]
    expect(newDeskId(number, () => queue.shift() ?? 0)).toBe(id)
  })

  test('two laptops (or two desks files) both at desk number 1 give different ids, each a valid CouchDB name', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newDeskId(1, randomInt)))
    expect(ids.size).toBe(200)
    for (const id of ids) expect(outboxDatabase(id)).toMatch(/^[a-z][a-z0-9_$()+/-]*$/)
  })

  test.each([
    ['d7-kdm90q', 'd7'],
    ['d1', 'd1'],
    ['director', 'director'],
  ])('the terminal shows %s as %s', (id, short) => {
    expect(shortDeskId(id)).toBe(short)
  })

  test('a desks file from before, with d1 and d2, still loads', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'rackside-desks-')), 'EVENT.json.desks')
    const desks = [
      { id: 'd1', name: 'Desk 1', role: 'desk', tokenHash: 'ab', revoked: true },
      { id: 'd2', name: 'Projector', role: 'projector', tokenHash: 'cd', revoked: false },
    ]
    const file = { tournamentId: 't1', generation: 2, nextDesk: 3, desks, orders: { d1: 4 } }
    await writeFile(
      path,
      JSON.stringify({ format: VENUE_FILE_FORMAT, version: 1, ...file, refusals: [] }),
    )
    const read = await readVenueFile(path, 't1')
    expect(read).toMatchObject({ ok: true, value: { nextDesk: 3, desks, orders: { d1: 4 } } })
  })
})
