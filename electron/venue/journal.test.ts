import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { Journal, type JournalLine } from './journal'
import { fileHandlePrototype } from './test-support/file-handles'

const refusal = (n: number): JournalLine => ({
  kind: 'refused',
  proposal: `p${String(n)}`,
  desk: 'd1',
  command: { n },
  error: { code: 'venue.malformed', message: 'test' },
  at: '2026-03-14T10:00:00.000Z',
})

const proposalsIn = async (path: string): Promise<readonly string[]> =>
  (await readFile(path, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { proposal: string }).proposal)

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the journal (issue 27, speed row: "20 results a second decided and journaled")', () => {
  test('issue 27: lines appended while a flush runs are written and flushed together (group commit)', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'rackside-journal-'))
    const flush = vi.spyOn(await fileHandlePrototype(), 'datasync')
    const journal = await Journal.open(join(folder, 'EVENT.json.journal'))
    await Promise.all(Array.from({ length: 30 }, (_, n) => journal.append(refusal(n))))
    // One flush per line before group commit: 30.
    expect(flush.mock.calls.length).toBeLessThanOrEqual(2)
    expect(await proposalsIn(journal.path)).toEqual(
      Array.from({ length: 30 }, (_, n) => `p${String(n)}`),
    )
    await journal.close()
  })

  test('issue 21: no append resolves before the flush that holds its line', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'rackside-journal-'))
    const proto = await fileHandlePrototype()
    const datasync = proto.datasync
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    vi.spyOn(proto, 'datasync').mockImplementation(async function (this: unknown) {
      await held
      return datasync.call(this)
    })
    const journal = await Journal.open(join(folder, 'EVENT.json.journal'))
    const resolved: number[] = []
    const appends = [0, 1, 2].map((n) => journal.append(refusal(n)).then(() => resolved.push(n)))
    await new Promise((resolve) => setImmediate(resolve))
    expect(resolved).toEqual([])
    release()
    await Promise.all(appends)
    expect(resolved).toEqual([0, 1, 2])
    await journal.flushed()
    expect(await proposalsIn(journal.path)).toEqual(['p0', 'p1', 'p2'])
    await journal.close()
  })

  test('issue 27: after a failed flush every later line is refused, never answered as on disk', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'rackside-journal-'))
    vi.spyOn(await fileHandlePrototype(), 'datasync').mockRejectedValueOnce(new Error('EIO'))
    const journal = await Journal.open(join(folder, 'EVENT.json.journal'))
    await expect(journal.append(refusal(0))).rejects.toThrow('EIO')
    await expect(journal.append(refusal(1))).rejects.toThrow('EIO')
    await journal.close()
  })
})
