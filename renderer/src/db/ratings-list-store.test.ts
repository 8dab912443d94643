// Must come before Dexie is loaded: it installs the IndexedDB globals Dexie looks for.
import 'fake-indexeddb/auto'
import { describe, expect, test } from 'vitest'
import { parseRatingsList } from '../../../shared/ratings/ratings-list'
import {
  createDexieRatingsListStore,
  createMemoryRatingsListStore,
  type RatingsListStore,
} from './ratings-list-store'

const list = parseRatingsList('name\trating\nAlpha, Ann\t1850\nBravo, Bob\t1790\n', 'tsh')
if (!list.ok) throw new Error(list.error.message)
const stored = { fileName: 'current.txt', importedAt: '2026-03-14T09:00:00.000Z', list: list.value }

let n = 0
describe.each<[string, () => RatingsListStore]>([
  ['memory', () => createMemoryRatingsListStore()],
  ['IndexedDB', () => createDexieRatingsListStore(`ratings-list-test-${String(n++)}`)],
])('the ratings list kept on the laptop, %s (issue 32)', (_name, make) => {
  test('nothing until a list is imported; saved, loaded back whole; a new one replaces it; cleared', async () => {
    const store = make()
    expect(await store.load()).toBeUndefined()
    await store.save(stored)
    expect(await store.load()).toEqual(stored)
    const other = { ...stored, fileName: 'members.csv' }
    await store.save(other)
    expect((await store.load())?.fileName).toBe('members.csv')
    await store.clear()
    expect(await store.load()).toBeUndefined()
  })
})
