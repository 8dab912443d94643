import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { resultsSite } from './vite.site.config'

/*
 * The command line as one ES module, out/cli/rackside.mjs (issue 20: the CLI runs from a build;
 * node starts it in about 0.1 s where compiling TypeScript with tsx at every run takes 0.45 s).
 * Node's own modules stay imports; everything else, the lazily loaded commands included, goes
 * into the one file so the build can be copied and run on its own, except the venue server's
 * Express and PouchDB (issue 21, `serve`): CommonJS with requires made at run time, which a bundle
 * breaks, so they are loaded from node_modules (package.json `dependencies`).
 */
export default defineConfig({
  logLevel: 'warn',
  // Issue 31: `convert EVENT.json OUT.html` writes the results site's script into the pages it
  // saves; the site online (results-site.html) is the app builds' to emit, not the CLI's.
  plugins: [{ ...resultsSite(), generateBundle: undefined }],
  build: {
    ssr: fileURLToPath(new URL('./electron/cli/main.ts', import.meta.url)),
    outDir: fileURLToPath(new URL('./out/cli', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      // The site's own build inside (resultsSite()) is most of the time: expected, not a warning
      // for the director whose `npm run cli` rebuilds first.
      checks: { bundlerTimings: false },
      output: { format: 'es', entryFileNames: 'rackside.mjs', codeSplitting: false },
    },
  },
  ssr: {
    target: 'node',
    noExternal: true,
    external: [
      'express',
      'express-pouchdb',
      'pouchdb-core',
      'pouchdb-adapter-memory',
      'pouchdb-adapter-http',
      'pouchdb-replication',
      'qrcode',
    ],
  },
})
