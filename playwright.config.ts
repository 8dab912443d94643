import { defineConfig, devices } from '@playwright/test'
import { existsSync } from 'node:fs'

/**
 * E2E tests drive the browser build (dist-web, served by `vite preview`): the same renderer the
 * desktop app loads, with the browser bridge. Playwright cannot download its own browser on our
 * machines, so Debian's Chromium is used when present (CHROMIUM_PATH, or the usual Debian path);
 * elsewhere Playwright's own browser is used.
 */
const debianChromium = '/usr/bin/chromium'
const executablePath =
  process.env['CHROMIUM_PATH'] || (existsSync(debianChromium) ? debianChromium : undefined)
// E2E_PORT lets two checkouts run their e2e suites side by side on one machine.
const port = Number(process.env['E2E_PORT'] ?? 4173)

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Scenarios are whole desk sessions; CI runs on 2 cores, sometimes beside other work. Generous limits
  // keep a slow machine from failing a correct run; a hang still fails.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env['CI']),
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --config vite.web.config.ts --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env['CI'],
    timeout: 60_000,
  },
})
