/*
 * One authority per event file: two (a `rackside serve` and the app sharing the same EVENT.json)
 * would both append to one journal and each decide seq n for a different command. The lock file
 * names the process holding it; one left by a process that died (SIGKILL, a power cut) is taken
 * over, since its journal is exactly what the new authority reads.
 */
import { open, readFile, rm } from 'node:fs/promises'
import { err, ok, type Result } from '../../shared/result'

export function lockPath(eventPath: string): string {
  return `${eventPath}.lock`
}

export interface EventLock {
  release(): Promise<void>
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: it exists, owned by someone else.
    return (e as { code?: unknown }).code === 'EPERM'
  }
}

export async function lockEvent(eventPath: string): Promise<Result<EventLock>> {
  const path = lockPath(eventPath)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx')
      await handle.writeFile(`${String(process.pid)}\n`)
      await handle.close()
      return ok({ release: () => rm(path, { force: true }) })
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'EEXIST') {
        return err('venue.lock', `cannot lock ${eventPath}: ${(e as Error).message}`)
      }
    }
    const holder = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10)
    if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
      return err(
        'venue.locked',
        `${eventPath} is already being shared by another Rackside (process ${String(holder)}): stop that one first (if none is running, delete ${path}).`,
      )
    }
    // Left by an authority that died: its journal is read next, so nothing of it is lost.
    await rm(path, { force: true })
  }
  return err('venue.lock', `cannot lock ${eventPath}: another process keeps taking the lock`)
}
