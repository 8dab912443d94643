// `npm start` runs this first (package.json "prestart"). Since Electron 42 the `electron` package
// has no install script: its binary arrives the first time something asks for it. electron-vite
// does not ask, it reads node_modules/electron/path.txt and stops with "Electron uninstall" when
// the binary is missing. So fetch it here, once, with Electron's own installer (its `install-electron`
// bin, node_modules/electron/install.js). CI and the tests never start the desktop app and never
// run this: they use the browser build (`npm run web`).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/** Mirrors the check in electron's install.js: path.txt names an executable that exists. */
function electronBinary(electronDir) {
  if (process.env.ELECTRON_EXEC_PATH) {
    return existsSync(process.env.ELECTRON_EXEC_PATH) ? process.env.ELECTRON_EXEC_PATH : undefined
  }
  const pathFile = join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return undefined
  const executable = readFileSync(pathFile, 'utf8').trim()
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(electronDir, 'dist')
  const binary = join(distDir, executable)
  return executable !== '' && existsSync(binary) ? binary : undefined
}

const WEB_FALLBACK = 'Meanwhile `npm run web` serves the same app to a browser.'

function stop(lines) {
  console.error(['', ...lines, WEB_FALLBACK, ''].join('\n'))
  process.exit(1)
}

function fail(reason) {
  stop([
    `Electron could not be downloaded (${reason}), so the desktop app cannot start.`,
    'Electron fetches its binary from the internet the first time it runs; check the connection',
    '(or a proxy: see https://www.electronjs.org/docs/latest/tutorial/installation) and try again.',
  ])
}

let installer
try {
  installer = require.resolve('electron/install.js')
} catch {
  fail('the electron package is not installed; run `npm install` first')
}
const electronDir = dirname(installer)

if (electronBinary(electronDir) === undefined) {
  if (process.env.CI) {
    stop([
      "Electron's binary is not installed, and CI never downloads it nor starts the desktop app.",
    ])
  }
  console.log('Downloading the Electron binary (once)…')
  const result = spawnSync(process.execPath, [installer], { stdio: 'inherit' })
  if (result.error) fail(result.error.message)
  if (result.status !== 0) fail(`its installer exited with status ${result.status}`)
  if (electronBinary(electronDir) === undefined) fail('the installer left no binary behind')
}
