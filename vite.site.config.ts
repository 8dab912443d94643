import { fileURLToPath } from 'node:url'
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite'
import { siteHtml } from './shared/publish/site-shell'

/*
 * The results site (issue 31, renderer/results-site/): one classic script with PouchDB inside, not
 * an ES module, because Chromium refuses module scripts to a page opened from disk (file://), and
 * a saved page must open there. It is built inside the app's builds (`resultsSite()`, below) rather
 * than as a fourth `vite build`, because the app itself needs the script: Files → Save web pages
 * writes it, inline, into the page it saves. The renderer builds also emit the site online as
 * `results-site.html` (dist-web/, out/renderer/), to upload anywhere beside nothing else.
 */
const entry = fileURLToPath(new URL('./renderer/results-site/main.ts', import.meta.url))

const siteConfig: InlineConfig = {
  configFile: false,
  logLevel: 'warn',
  // pouchdb-browser reads it; a library build leaves it for the host page otherwise.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    write: false,
    emptyOutDir: false,
    minify: true,
    lib: { entry, formats: ['iife'], name: 'racksideResults', fileName: () => 'results-site.js' },
  },
}

export default defineConfig(siteConfig)

let built: Promise<string> | undefined

/** The site's script, built once per process. */
export function resultsSiteScript(): Promise<string> {
  built ??= build(siteConfig).then((result) => {
    const outputs = Array.isArray(result) ? result : [result]
    for (const output of outputs) {
      if (!('output' in output)) continue
      const chunk = output.output.find((file) => file.type === 'chunk')
      if (chunk !== undefined && chunk.type === 'chunk') {
        // Inline in a page: `</script` would end the element (none in the bundle as built).
        return chunk.code.replace(/<\/script/gi, '<\\/script')
      }
    }
    throw new Error('The results site build wrote no script')
  })
  return built
}

const VIRTUAL = 'virtual:rackside-results-site'

/**
 * For the app's builds: `import script from 'virtual:rackside-results-site'` is the site's script
 * (Files → Save web pages), and the build's output gets the site online, `results-site.html`.
 */
export function resultsSite(): Plugin {
  return {
    name: 'rackside-results-site',
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : undefined),
    async load(id) {
      if (id !== `\0${VIRTUAL}`) return undefined
      return `export default ${JSON.stringify(await resultsSiteScript())}`
    },
    async generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'results-site.html',
        source: siteHtml({ title: 'Results', script: await resultsSiteScript() }),
      })
    },
  }
}
