import { _electron as electron } from '@playwright/test'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { expect, test } from '@playwright/test'

/**
 * The desktop shell itself, where Electron's binary is installed (`npm start` fetches it once on a
 * normal machine). Loading the `electron` package from Node would try to download the binary, so
 * the path is read from the package's own files instead.
 */
function installedElectronBinary(): string | undefined {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  const pathFile = join(packageDir, 'path.txt')
  if (!existsSync(pathFile)) return undefined
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : undefined
}

const binary = installedElectronBinary()

test.describe('the desktop app', () => {
  test.skip(
    binary === undefined,
    'Electron’s binary is not installed on this machine (it cannot be downloaded here); the same renderer is tested in Chromium by the other specs.',
  )

  test('opens one sandboxed window whose bridge says it is the desktop shell', async () => {
    const app = await electron.launch({
      executablePath: binary!,
      args: ['--no-sandbox', join(process.cwd(), 'out/main/index.js')],
    })
    try {
      const appWindow = await app.firstWindow()
      await expect(appWindow.getByRole('heading', { name: 'Tournaments' })).toBeVisible()
      expect(
        await appWindow.evaluate(
          () => (globalThis as { rackside?: { shell: string } }).rackside?.shell,
        ),
      ).toBe('electron')
      expect(
        await appWindow.evaluate(() => typeof (globalThis as { require?: unknown }).require),
      ).toBe('undefined')
      expect(app.windows()).toHaveLength(1)
    } finally {
      await app.close()
    }
  })
})
