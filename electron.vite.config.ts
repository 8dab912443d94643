import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'

/*
 * Three builds, one folder each under out/: main (ESM, it finds its siblings through
 * import.meta.dirname), preload (CommonJS: a sandboxed preload cannot be an ES module) and the
 * renderer (the same Vue app `npm run web` serves to a browser).
 */
const fromRoot = (path: string): string => resolve(import.meta.dirname, path)

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
    plugins: [vue()],
    build: {
      outDir: fromRoot('out/renderer'),
      rolldownOptions: {
        input: { index: fromRoot('renderer/index.html') },
      },
    },
  },
})
