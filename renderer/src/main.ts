import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { RacksideDatabase } from './db/database'
import { createDexieRatingsListStore, setRatingsListStore } from './db/ratings-list-store'
import { createDexieRepository } from './db/dexie-repository'
import { openStorage, requestPersistence, type StorageUnavailable } from './db/storage'
import { backupPlugin } from './files/backups'
import { createAppRouter } from './router'
import { claimDesk } from './stores/desk-id'
import { setRepository } from './stores/repository'
import { isVenueMode } from './venue/venue-mode'
import StorageUnavailableView from './views/StorageUnavailableView.vue'
import './styles.css'

async function start(): Promise<void> {
  let db: RacksideDatabase | undefined
  let problem: StorageUnavailable | null
  try {
    db = new RacksideDatabase()
    problem = await openStorage(db)
  } catch (error) {
    // A browser may throw from the `indexedDB` getter itself (site data blocked): a message,
    // never a blank page (issue 20).
    problem = { reason: 'blocked', detail: error instanceof Error ? error.message : String(error) }
  }
  if (problem || db === undefined) {
    problem ??= { reason: 'missing', detail: 'No database could be made.' }
    createApp(StorageUnavailableView, { problem }).mount('#app')
    return
  }
  setRepository(createDexieRepository(db))
  // Issue 32: the federation's ratings list, kept beside the tournaments.
  setRatingsListStore(createDexieRatingsListStore())
  const pinia = createPinia().use(backupPlugin)
  const router = createAppRouter()
  if (isVenueMode(document)) {
    // A desk of the venue network (issue 21): the authority names the desk and holds the log.
    const { startVenueDesk } = await import('./venue/start-desk')
    await startVenueDesk(pinia, router)
  } else if (!location.hash.startsWith('#/projector/')) {
    // A projector window gives no commands, so it needs no desk of its own and shows at once.
    await claimDesk()
  }
  createApp(App).use(pinia).use(router).mount('#app')
  void requestPersistence(window.rackside !== undefined)
}

void start()
