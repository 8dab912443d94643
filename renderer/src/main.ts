import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { RacksideDatabase } from './db/database'
import { createDexieRepository } from './db/dexie-repository'
import { backupPlugin } from './files/backups'
import { createAppRouter } from './router'
import { setRepository } from './stores/repository'
import './styles.css'

setRepository(createDexieRepository(new RacksideDatabase()))

createApp(App).use(createPinia().use(backupPlugin)).use(createAppRouter()).mount('#app')
