/**
 * What every browser bench starts with: the built browser app (dist-web) served by vite preview,
 * and Debian's Chromium. `BENCH_PORT` sets the port (each bench has its own default, so two can run
 * side by side); `CHROMIUM_PATH` the browser.
 */
import { join } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { preview, type PreviewServer } from 'vite'

const root = join(import.meta.dirname, '..', '..')

export async function startPreview(
  defaultPort: number,
  strictPort = false,
): Promise<{ readonly server: PreviewServer; readonly url: string }> {
  const server = await preview({
    configFile: join(root, 'vite.web.config.ts'),
    preview: {
      port: Number(process.env['BENCH_PORT'] ?? defaultPort),
      strictPort,
      host: '127.0.0.1',
    },
    logLevel: 'silent',
  })
  const url = server.resolvedUrls?.local[0]
  if (url === undefined) throw new Error('vite preview did not start')
  return { server, url }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
}

/**
 * Watches the page's main thread: the longest task the browser reports, and the longest gap
 * between two animation frames (what a director sees as a frozen page).
 */
export const WATCH = `
  const watch = { longestTask: 0, longestGap: 0, last: performance.now(), on: true, tasks: [], from: 0 }
  globalThis.benchWatch = watch
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      watch.longestTask = Math.max(watch.longestTask, entry.duration)
      watch.tasks.push([entry.startTime, entry.duration])
    }
  }).observe({ type: 'longtask' })
  requestAnimationFrame(function frame(now) {
    watch.longestGap = Math.max(watch.longestGap, now - watch.last)
    watch.last = now
    if (watch.on) requestAnimationFrame(frame)
  })
`
