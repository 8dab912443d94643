/*
 * The prototype every `FileHandle` shares, so a test can count and hold the journal's flushes
 * (issue 27's group commit) without a seam in the journal itself.
 */
import { mkdtemp, open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export async function fileHandlePrototype(): Promise<{ datasync: () => Promise<void> }> {
  const handle = await open(join(await mkdtemp(join(tmpdir(), 'rackside-probe-')), 'probe'), 'w')
  await handle.close()
  return Object.getPrototypeOf(handle) as { datasync: () => Promise<void> }
}
