import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'
import { fileURLToPath } from 'node:url'
import { resultsSite } from './vite.site.config'

/**
 * The same renderer the desktop app loads, built for a plain browser (`npm run web`, e2e tests):
 * without `window.rackside` it falls back to the browser implementation of the bridge.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [vue(), resultsSite()],
  build: {
    outDir: fileURLToPath(new URL('./dist-web', import.meta.url)),
    emptyOutDir: true,
  },
  // `npm run web` serves on 4173; `npm run web -- --port 4300` passes its port to `vite preview`,
  // the last command of the script, which overrides this default.
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  server: { host: '127.0.0.1' },
})
