// `npm run cli` runs this. The command line ships as one bundled module, out/cli/rackside.mjs
// (vite.cli.config.ts, part of `npm run build`), which node starts in about 0.1 s; compiling the
// TypeScript at every run (tsx) took 0.45 s. On a fresh clone, or when any source the bundle is
// made from is newer than it, it is built first, so the command never runs stale code.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const bundle = join(root, 'out', 'cli', 'rackside.mjs')
const SOURCES = [
  'shared',
  'electron/cli',
  'electron/venue',
  'electron/atomic-write.ts',
  'vite.cli.config.ts',
  // Issue 31: `convert EVENT.json OUT.html` writes the saved pages (shared/publish/) with the
  // results site's script, built from renderer/results-site/ by vite.site.config.ts.
  'renderer/results-site',
  'vite.site.config.ts',
]

/** The newest modification time among the files the bundle is built from (tests aside). */
function newestSource() {
  let newest = 0
  const visit = (path) => {
    const stat = statSync(path, { throwIfNoEntry: false })
    if (stat === undefined) return
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name))
    } else if (path.endsWith('.ts') && !/\.(test|bench)\.ts$/.test(path)) {
      newest = Math.max(newest, stat.mtimeMs)
    }
  }
  for (const source of SOURCES) visit(join(root, source))
  return newest
}

const built = statSync(bundle, { throwIfNoEntry: false })
if (built === undefined || built.mtimeMs < newestSource()) {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  const build = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.cli.config.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (build.status !== 0) {
    console.error('rackside: building the command line failed (see above)')
    process.exit(2)
  }
}

const { main } = await import(pathToFileURL(bundle).href)
await main(process.argv.slice(2))
