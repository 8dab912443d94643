import Dexie, { type Table } from 'dexie'
import type { RatingsList } from '../../../shared/ratings/ratings-list'

/**
 * The federation's ratings list kept on this laptop (issue 32): big (tens of thousands of members)
 * and the same for every event, so it lives beside the tournaments, never in an event's log. One
 * list at a time: importing another replaces it.
 */
export interface StoredRatingsList {
  /** The file the director chose, as the screen names it. */
  readonly fileName: string
  /** ISO timestamp of the import, stamped by the caller. */
  readonly importedAt: string
  readonly list: RatingsList
}

export interface RatingsListStore {
  load(): Promise<StoredRatingsList | undefined>
  save(stored: StoredRatingsList): Promise<void>
  clear(): Promise<void>
}

/** The twin the tests and a window without IndexedDB use. */
export function createMemoryRatingsListStore(): RatingsListStore {
  let held: StoredRatingsList | undefined
  return {
    load: () => Promise.resolve(held),
    save: (stored) => {
      held = stored
      return Promise.resolve()
    },
    clear: () => {
      held = undefined
      return Promise.resolve()
    },
  }
}

interface ListRow extends StoredRatingsList {
  readonly id: 'current'
}

/** A database of its own, so the tournaments' schema and its upgrades are untouched. */
class RatingsListDatabase extends Dexie {
  declare readonly lists: Table<ListRow, string>
  constructor(name: string) {
    super(name)
    this.version(1).stores({ lists: 'id' })
  }
}

export const RATINGS_LIST_DATABASE = 'rackside-ratings-list'

export function createDexieRatingsListStore(name = RATINGS_LIST_DATABASE): RatingsListStore {
  const db = new RatingsListDatabase(name)
  return {
    load: async () => {
      const row = await db.lists.get('current')
      return row === undefined
        ? undefined
        : { fileName: row.fileName, importedAt: row.importedAt, list: row.list }
    },
    // One put: the old list stays whole until the new one is stored.
    save: async (stored) => {
      await db.lists.put({ id: 'current', ...stored })
    },
    clear: async () => {
      await db.lists.delete('current')
    },
  }
}

let store: RatingsListStore = createMemoryRatingsListStore()

/** main.ts sets the laptop's store once the tournaments' database opened. */
export function setRatingsListStore(next: RatingsListStore): void {
  store = next
}

export function ratingsListStore(): RatingsListStore {
  return store
}
