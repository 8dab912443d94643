import type { Page } from '@playwright/test'

/**
 * The desktop bridge's venue calls, stood in for in the browser (issue 21): Electron's binary
 * cannot run here, so the Venue network screen's desktop side is driven through a `window.rackside`
 * that answers as main would, with the authority's join requests pushed by the test
 * (`askToJoin`). What the screen sent is kept in `window.venueStandIn.calls`.
 */
export async function installDesktopStandIn(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Status = Record<string, unknown>
    const listeners = new Set<(status: Status) => void>()
    const calls: unknown[][] = []
    const rememberedPasswords = new Set<string>()
    let shared: { text: string; status: Status; log: Record<string, unknown>[] } | undefined
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h2v2H0z"/></svg>'
    const push = (): void => {
      for (const listener of listeners) listener(shared?.status ?? { sharing: false })
    }
    const answer = (): Promise<unknown> =>
      Promise.resolve(
        shared === undefined
          ? { status: 'failed', message: 'not sharing' }
          : { status: 'done', venue: shared.status },
      )
    const record =
      <A extends unknown[], R>(name: string, call: (...args: A) => R) =>
      (...args: A): R => {
        calls.push([name, ...args])
        return call(...args)
      }
    type Listed = 'requests' | 'desks' | 'waiting'
    const list = (key: Listed): Record<string, unknown>[] =>
      (shared?.status[key] as Record<string, unknown>[] | undefined) ?? []
    const change = (key: Listed, next: Record<string, unknown>[]): void => {
      if (shared !== undefined) shared.status = { ...shared.status, [key]: next }
      push()
    }

    Object.assign(window, {
      venueStandIn: {
        calls,
        askToJoin: (code: string, role: string, device: string) =>
          change('requests', [...list('requests'), { code, role, device, at: '' }]),
        // Issue 31: the authority reports the push's state (sent, or a problem).
        reportPush: (change: Status) => {
          const was = shared?.status['push'] as Status | undefined
          if (shared === undefined || was === undefined) return
          const sent = change['phase'] === 'sent' ? shared.log.length : was['sent']
          shared.status = {
            ...shared.status,
            push: {
              ...was,
              ...change,
              ...(change['phase'] === 'sent'
                ? { sent, waiting: 0, lastSentAt: new Date().toISOString() }
                : {}),
            },
          }
          push()
        },
        // Issue 30: the authority lists the players' codes (made, reissued or revoked).
        listPlayers: (codes: Record<string, unknown>[]) => {
          if (shared === undefined) return
          const page = 'http://192.168.1.20:8421/me/'
          shared.status = {
            ...shared.status,
            players: { address: 'http://192.168.1.20:8421/live', qrSvg: svg, page, codes },
          }
          push()
        },
        // Issue 27: a desk revoked with commands undecided, each in History's words.
        leaveWaiting: (name: string, descriptions: string[]) =>
          change('waiting', [
            ...list('waiting'),
            {
              desk: { id: `left-${name}`, name, role: 'results' },
              commands: descriptions.map((description, i) => ({
                proposal: `${name}-${String(i)}`,
                description,
                madeAt: '',
              })),
            },
          ]),
      },
      rackside: {
        shell: 'electron',
        appInfo: () =>
          Promise.resolve({ name: 'Rackside', version: '0', shell: 'electron', os: 'linux' }),
        writeBackup: () => Promise.resolve({ status: 'saved', name: 'stand-in.json' }),
        listBackups: () => Promise.resolve([]),
        listPrinters: () => Promise.resolve([]),
        // What went to the printer, kept (the html with the rest) for the test to read.
        print: record('print', () => Promise.resolve({ status: 'printed' })),
        venueStatus: () => Promise.resolve(shared?.status ?? { sharing: false }),
        venuePort: () => Promise.resolve(null),
        onVenueChanged: (listener: (status: Status) => void) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
        share: record('share', (text: string) => {
          const file = JSON.parse(text) as { tournamentId: string; log: Record<string, unknown>[] }
          const id = file.tournamentId
          shared = {
            text,
            log: file.log,
            status: {
              sharing: true,
              url: 'http://0.0.0.0:8421',
              addresses: ['http://192.168.1.20:8421', 'http://127.0.0.1:8421'],
              qrSvg: svg,
              event: { tournamentId: id, generation: 1, name: 'shared' },
              requests: [],
              desks: [],
              waiting: [],
              port: 8421,
              portChanged: null,
            },
          }
          return Promise.resolve({ status: 'sharing', venue: shared.status })
        }),
        approveDesk: record('approve', (code: string, name: string, role: string) => {
          const request = list('requests').find((r) => r['code'] === code)
          change(
            'requests',
            list('requests').filter((r) => r !== request),
          )
          change('desks', [...list('desks'), { id: 'd1', name, role }])
          return answer()
        }),
        refuseDesk: record('refuse', (code: string) => {
          change(
            'requests',
            list('requests').filter((r) => r['code'] !== code),
          )
          return answer()
        }),
        refuseAllDesks: record('refuseAll', () => {
          change('requests', [])
          return answer()
        }),
        takeWaiting: record('take', (name: string) => {
          change(
            'waiting',
            list('waiting').filter((w) => (w['desk'] as Record<string, unknown>)['name'] !== name),
          )
          return answer()
        }),
        dropWaiting: record('drop', (name: string) => {
          change(
            'waiting',
            list('waiting').filter((w) => (w['desk'] as Record<string, unknown>)['name'] !== name),
          )
          return answer()
        }),
        revokeDesk: record('revoke', (name: string) => {
          change(
            'desks',
            list('desks').filter((d) => d['name'] !== name),
          )
          return answer()
        }),
        // Main's open dialog: the page's file picker, which the test answers with a file.
        openTextFile: () =>
          new Promise((resolve) => {
            const input = document.createElement('input')
            input.type = 'file'
            input.addEventListener('change', () => {
              const file = input.files?.[0]
              if (file === undefined) return resolve({ status: 'cancelled' })
              void file
                .text()
                .then((contents) => resolve({ status: 'opened', name: file.name, contents }))
            })
            input.click()
          }),
        // Issue 27: a desk's saved copy handed in; main answers in the terminal's words.
        takeDeskCopy: record('takeCopy', (name: string, text: string) => {
          if (shared === undefined) return answer()
          let copy: { tournamentId?: unknown; log?: unknown[] } = {}
          try {
            copy = JSON.parse(text) as typeof copy
          } catch {
            return Promise.resolve({ status: 'failed', message: `${name}: not JSON` })
          }
          const id = (shared.status['event'] as Record<string, unknown>)['tournamentId']
          if (copy.tournamentId !== id) {
            return Promise.resolve({
              status: 'failed',
              message: `${name}: it is a copy of another tournament (${String(copy.tournamentId)}), not ${String(id)}`,
            })
          }
          const more = (copy.log?.length ?? 0) - shared.log.length
          return Promise.resolve({
            status: 'done',
            venue: shared.status,
            said: `Recovered from ${name}: ${String(Math.max(more, 0))} commands accepted; ${String(shared.log.length)} already in the log.`,
          })
        }),
        // Issue 31: the push online starts and stops; its state comes as the authority reports
        // it (`reportPush`). The password is recorded to show it reached main, and only there.
        startPush: record('startPush', (address: string) => {
          if (shared === undefined) return answer()
          shared.status = {
            ...shared.status,
            push: {
              url: address.replace(/\/\/[^@/]*@/, '//'),
              phase: 'starting',
              sent: 0,
              lastSentAt: null,
              waiting: shared.log.length,
              problem: null,
              detail: null,
            },
          }
          push()
          return answer()
        }),
        // Issue 31: main's store of remembered passwords (the operating system's, in the app).
        pushPasswordRemembered: (address: string) =>
          Promise.resolve({ status: 'done', remembered: rememberedPasswords.has(address) }),
        rememberPushPassword: record('rememberPushPassword', (address: string) => {
          rememberedPasswords.add(address)
          return Promise.resolve({ status: 'done', remembered: true })
        }),
        forgetPushPassword: record('forgetPushPassword', (address: string) => {
          rememberedPasswords.delete(address)
          return Promise.resolve({ status: 'done', remembered: false })
        }),
        stopPush: record('stopPush', () => {
          const was = shared?.status['push'] as Status | undefined
          if (shared !== undefined && was !== undefined) {
            shared.status = { ...shared.status, push: { ...was, phase: 'stopped' } }
          }
          push()
          return answer()
        }),
        acceptedFrom: (after: number) => Promise.resolve(shared?.log.slice(after + 1) ?? []),
        propose: record('propose', (proposal: Record<string, unknown>) => {
          if (shared === undefined) throw new Error('proposed while not sharing')
          const entry = {
            seq: shared.log.length,
            at: new Date().toISOString(),
            desk: 'director',
            proposal: proposal['_id'],
            command: proposal['command'],
          }
          shared.log = [...shared.log, entry]
          setTimeout(push, 0)
          return Promise.resolve({ kind: 'accepted', proposalId: proposal['_id'], entry })
        }),
        stopSharing: record('stop', () => {
          const was = shared
          shared = undefined
          push()
          if (was === undefined) return Promise.resolve({ status: 'not-sharing' })
          const file = JSON.parse(was.text) as Record<string, unknown>
          const contents = JSON.stringify({ ...file, log: was.log }, null, 2)
          return Promise.resolve({
            status: 'stopped',
            tournamentId: file['tournamentId'],
            contents,
          })
        }),
      },
    })
  })
}

/** What the screen asked of main, in order: `[name, ...arguments]`. */
export function standInCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(
    () => (window as unknown as { venueStandIn: { calls: unknown[][] } }).venueStandIn.calls,
  )
}

/** A desk on the hall's network asks to join: the authority pushes the request to the screen. */
export function askToJoin(page: Page, code: string, role: string, device: string): Promise<void> {
  return page.evaluate(
    ([c, r, d]) =>
      (
        window as unknown as {
          venueStandIn: { askToJoin: (code: string, role: string, device: string) => void }
        }
      ).venueStandIn.askToJoin(c, r, d),
    [code, role, device] as const,
  )
}

/** Issue 27: the authority lists a revoked desk that left `commands` undecided (in words). */
export function leaveWaiting(page: Page, name: string, commands: readonly string[]): Promise<void> {
  return page.evaluate(
    ([n, c]) =>
      (
        window as unknown as {
          venueStandIn: { leaveWaiting: (name: string, descriptions: string[]) => void }
        }
      ).venueStandIn.leaveWaiting(n, [...c]),
    [name, commands] as const,
  )
}

/** Issue 31: the authority reports a change of the push's state (`{ phase: 'sent' }`, a problem). */
export function reportPush(page: Page, change: Record<string, unknown>): Promise<void> {
  return page.evaluate(
    (c) =>
      (
        window as unknown as {
          venueStandIn: { reportPush: (change: Record<string, unknown>) => void }
        }
      ).venueStandIn.reportPush(c),
    change,
  )
}

/** Issue 30: the authority lists the players' codes, `{ division, player, name, code, issue }`. */
export function listPlayers(page: Page, codes: readonly Record<string, unknown>[]): Promise<void> {
  return page.evaluate(
    (c) =>
      (
        window as unknown as {
          venueStandIn: { listPlayers: (codes: Record<string, unknown>[]) => void }
        }
      ).venueStandIn.listPlayers(c),
    [...codes],
  )
}
