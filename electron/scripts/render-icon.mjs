// Renders build/icon.svg to build/icon.png (512×512, transparent corners) with headless Chromium,
// the browser the e2e tests use. Run by hand after editing the SVG and commit both files: building
// and packaging only read the PNG, so no machine needs Chromium for that.
//   node electron/scripts/render-icon.mjs        (CHROMIUM_PATH picks the browser; default chromium)
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const SIZE = 512
const buildDir = resolve(import.meta.dirname, '../../build')
const work = mkdtempSync(join(tmpdir(), 'rackside-icon-'))
try {
  copyFileSync(join(buildDir, 'icon.svg'), join(work, 'icon.svg'))
  const page = join(work, 'page.html')
  writeFileSync(
    page,
    `<!doctype html><style>html,body{margin:0;background:transparent}` +
      `img{display:block;width:${SIZE}px;height:${SIZE}px}</style><img src="icon.svg">`,
  )
  const output = join(work, 'icon.png')
  const result = spawnSync(
    process.env.CHROMIUM_PATH || 'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      '--force-device-scale-factor=1',
      '--default-background-color=00000000',
      `--window-size=${SIZE},${SIZE}`,
      `--screenshot=${output}`,
      pathToFileURL(page).href,
    ],
    { stdio: 'inherit' },
  )
  if (result.error || result.status !== 0) {
    console.error('Chromium could not render the icon:', result.error?.message ?? result.status)
    process.exitCode = 1
  } else {
    copyFileSync(output, join(buildDir, 'icon.png'))
    console.log(`wrote ${join(buildDir, 'icon.png')}`)
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
