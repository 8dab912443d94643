import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { RacksideDatabase } from './db/database'
import { createDexieRepository } from './db/dexie-repository'
import { createAppRouter } from './router'
import { setRepository } from './stores/repository'
import './styles.css'

setRepository(createDexieRepository(new RacksideDatabase()))

createApp(App).use(createPinia()).use(createAppRouter()).mount('#app')
