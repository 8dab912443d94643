import { describe, expect, test } from 'vitest'
import { chooseDesk, deskLabel, type DeskEnvironment } from './desk-id'

/** A browser's worth of windows: one localStorage, Web Locks held by the windows alive. */
function browser() {
  const local = new Map<string, string>()
  const held = new Map<string, number>()
  let ids = 0
  let windows = 0
  const storage = (map: Map<string, string>) => ({
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  })
  /** A window: its own sessionStorage (copied from `copyOf` for a duplicate or window.open). */
  function open(copyOf?: { session: Map<string, string> }) {
    const self = ++windows
    const session = new Map(copyOf?.session ?? [])
    const env: DeskEnvironment = {
      session: storage(session),
      local: storage(local),
      hold: async (desk) => {
        const owner = held.get(desk)
        if (owner !== undefined && owner !== self) return false
        held.set(desk, self)
        return true
      },
      newId: () => `desk-${++ids}`,
    }
    const close = () => {
      for (const [desk, owner] of held) if (owner === self) held.delete(desk)
    }
    return { session, env, close, desk: () => chooseDesk(env) }
  }
  return { open, local }
}

describe('a desk per window (issue 20)', () => {
  test('the first window becomes the director’s own desk and keeps it on reload', async () => {
    const b = browser()
    const first = b.open()
    expect(await first.desk()).toBe('desk-1')
    first.close() // a reload: the old page goes, its lock with it, the sessionStorage stays
    expect(await first.desk()).toBe('desk-1')
  })

  test.each([['a window opened with window.open'], ['a duplicated tab']])(
    '%s (a copy of the sessionStorage) becomes a desk of its own',
    async () => {
      const b = browser()
      const first = b.open()
      expect(await first.desk()).toBe('desk-1')
      const copy = b.open(first)
      expect(copy.session.get('rackside.desk')).toBe('desk-1')
      expect(await copy.desk()).toBe('desk-2')
      expect(copy.session.get('rackside.desk')).toBe('desk-2')
    },
  )

  test('after a restart the first window takes the director’s desk back; a second one does not', async () => {
    const b = browser()
    const before = b.open()
    await before.desk()
    before.close() // the browser or app quits: sessionStorage is gone, localStorage is not
    const first = b.open()
    expect(await first.desk()).toBe('desk-1')
    const second = b.open()
    expect(await second.desk()).toBe('desk-2')
  })

  test('a window closed and opened again while another holds the director’s desk is a new desk', async () => {
    const b = browser()
    const main = b.open()
    await main.desk()
    const other = b.open()
    expect(await other.desk()).toBe('desk-2')
    other.close()
    expect(await b.open().desk()).toBe('desk-3')
  })

  test('a session id from before issue 20 is kept and becomes the director’s desk', async () => {
    const b = browser()
    const old = b.open()
    old.session.set('rackside.desk', 'ab12cd34')
    expect(await old.desk()).toBe('ab12cd34')
    expect(b.local.get('rackside.desk.main')).toBe('ab12cd34')
  })

  test('without Web Locks a window keeps its own stored id, as before', async () => {
    const session = new Map([['rackside.desk', 'kept']])
    const env: DeskEnvironment = {
      session: {
        getItem: (k) => session.get(k) ?? null,
        setItem: (k, v) => void session.set(k, v),
      },
      local: undefined,
      hold: undefined,
      newId: () => 'fresh',
    }
    expect(await chooseDesk(env)).toBe('kept')
    session.clear()
    expect(await chooseDesk(env)).toBe('fresh')
  })
})

describe('issue 27: History names desks as the hall does', () => {
  test.each([
    [{ desk: 'd2', deskName: 'Desk 2' }, 'Desk 2'],
    [{ desk: 'd4', deskName: 'Projector' }, 'Projector'],
    [{ desk: 'director', deskName: 'Director' }, 'Director'],
    // The director's desk in a log written before the authority logged names.
    [{ desk: 'director' }, 'Director'],
    [{ desk: 'ab12cd34' }, 'desk ab12'],
    [{ desk: 'd3', deskName: '  ' }, 'desk d3'],
    [{}, 'an earlier session'],
  ])('%j is shown as %s', (entry, label) => {
    expect(deskLabel(entry)).toBe(label)
  })
})
