import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { settingFor, useDivisionStore, withSetting, type DivisionSettings } from './division'

beforeEach(() => {
  setActivePinia(createPinia())
})

describe('a division setting belongs to its division of its tournament (issue 19)', () => {
  const set: DivisionSettings<boolean> = withSetting({}, 't1', 'B', false)
  test.each([
    ['the division it was set for', 't1', 'B', false],
    ['another division of the same event keeps the default', 't1', 'A', true],
    ['division B of another tournament keeps the default', 't2', 'B', true],
    ['no tournament open: the default', null, 'B', true],
    ['no division chosen: the default', 't1', null, true],
  ])('%s', (_, tournament, division, expected) => {
    expect(settingFor(set, tournament, division, true)).toBe(expected)
  })

  test('names that would run together stay apart', () => {
    const joined = withSetting<boolean>({}, 't1', 'AB', false)
    expect(settingFor(joined, 't1A', 'B', true)).toBe(true)
  })
})

describe('"Pair only players checked in today" per division (issue 19)', () => {
  test('on by default; turning it off in B leaves A on, and off stays off', () => {
    const store = useDivisionStore()
    expect(store.pairsOnlyCheckedIn('t1', 'A')).toBe(true)
    store.setPairsOnlyCheckedIn('t1', 'B', false)
    expect(store.pairsOnlyCheckedIn('t1', 'B')).toBe(false)
    expect(store.pairsOnlyCheckedIn('t1', 'A')).toBe(true)
    store.setPairsOnlyCheckedIn('t1', 'A', true)
    expect(store.pairsOnlyCheckedIn('t1', 'B')).toBe(false)
  })

  test('a reload of the window keeps what the director set', () => {
    const kept = new Map<string, string>()
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    })
    try {
      useDivisionStore().setPairsOnlyCheckedIn('t1', 'C', false)
      setActivePinia(createPinia())
      const reloaded = useDivisionStore()
      expect(reloaded.pairsOnlyCheckedIn('t1', 'C')).toBe(false)
      expect(reloaded.pairsOnlyCheckedIn('t1', 'A')).toBe(true)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('a stored value that is not a yes or no is ignored', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => JSON.stringify({ [JSON.stringify(['t1', 'A'])]: 'no' }),
      setItem: () => undefined,
    })
    try {
      expect(useDivisionStore().pairsOnlyCheckedIn('t1', 'A')).toBe(true)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
