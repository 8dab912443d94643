import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import { resultsSite } from './vite.site.config'

/*
 * Three builds, one folder each under out/: main (ESM, it finds its siblings through
 * import.meta.dirname), preload (CommonJS: a sandboxed preload cannot be an ES module) and the
 * renderer (the same Vue app `npm run web` serves to a browser).
 */
const fromRoot = (path: string): string => resolve(import.meta.dirname, path)

/**
 * The page's CSP allows no WebSocket (issue 13: nothing of the dev server ships); the dev
 * server's hot reload needs one on localhost, so only `electron-vite dev` adds it.
 */
const devServerCsp: Plugin = {
  name: 'rackside-dev-server-csp',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replace("connect-src 'self';", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*;"),
}

export default defineConfig({
  main: {
    build: {
      outDir: fromRoot('out/main'),
      rolldownOptions: {
        input: { index: fromRoot('electron/main/index.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: fromRoot('out/preload'),
      rolldownOptions: {
        input: { index: fromRoot('electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: fromRoot('renderer'),
    plugins: [vue(), devServerCsp, resultsSite()],
    build: {
      outDir: fromRoot('out/renderer'),
      rolldownOptions: {
        input: { index: fromRoot('renderer/index.html') },
      },
    },
  },
})
