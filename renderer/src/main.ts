import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { RacksideDatabase } from './db/database'
import { createDexieRepository } from './db/dexie-repository'
import { openStorage, requestPersistence } from './db/storage'
import { backupPlugin } from './files/backups'
import { createAppRouter } from './router'
import { setRepository } from './stores/repository'
import StorageUnavailableView from './views/StorageUnavailableView.vue'
import './styles.css'

async function start(): Promise<void> {
  const db = new RacksideDatabase()
  const problem = await openStorage(db)
  if (problem) {
    createApp(StorageUnavailableView, { problem }).mount('#app')
    return
  }
  setRepository(createDexieRepository(db))
  createApp(App).use(createPinia().use(backupPlugin)).use(createAppRouter()).mount('#app')
  void requestPersistence(window.rackside !== undefined)
}

void start()
