import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { err, ok, type Result } from '../../../shared/result'
import {
  indexMembers,
  parseRatingsList,
  type MemberIndex,
  type RatingsListFormat,
} from '../../../shared/ratings/ratings-list'
import { ratingsListStore, type StoredRatingsList } from '../db/ratings-list-store'

/**
 * The federation's ratings list on this laptop (issue 32): read once from its store, indexed once
 * per list; the rules that use it are shared/ratings/ratings-list.ts.
 */
export const useRatingsListStore = defineStore('ratings-list', () => {
  const stored = shallowRef<StoredRatingsList | null>(null)
  const loaded = ref(false)
  const index = computed<MemberIndex | null>(() =>
    stored.value === null ? null : indexMembers(stored.value.list),
  )

  async function load(): Promise<void> {
    if (loaded.value) return
    stored.value = (await ratingsListStore().load()) ?? null
    loaded.value = true
  }

  /** Reads and keeps a list; a list refused leaves the one kept before as it was. */
  async function importText(
    text: string,
    format: RatingsListFormat,
    fileName: string,
    importedAt: string,
  ): Promise<Result<StoredRatingsList>> {
    const list = parseRatingsList(text, format)
    if (!list.ok) return list
    if (list.value.members.length === 0) {
      return err('ratings-list.empty', `${fileName} lists no members.`)
    }
    const next: StoredRatingsList = { fileName, importedAt, list: list.value }
    await ratingsListStore().save(next)
    stored.value = next
    loaded.value = true
    return ok(next)
  }

  async function clear(): Promise<void> {
    await ratingsListStore().clear()
    stored.value = null
  }

  return { stored, index, load, importText, clear }
})
