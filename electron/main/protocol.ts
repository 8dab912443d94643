import { protocol } from 'electron'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { appCsp } from '../app-csp'

export { appCsp, pairedConnectSource } from '../app-csp'

/**
 * The built app is served from `app://rackside/…` rather than `file://` (issue 13): a privileged,
 * standard scheme gives the page an origin of its own, so its storage, CSP and navigation checks
 * cover exactly the app's files and nothing else on the disk.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'rackside'
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

/** Must run before the app is ready: Chromium fixes the schemes' privileges at start. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ])
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

/**
 * The file under `root` that `url` names, or null for anything else: another host, a path that
 * climbs out of the folder (`..`, encoded or not), or a malformed address.
 */
export function appFilePath(url: string, root: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null
  let path: string
  try {
    path = decodeURIComponent(parsed.pathname)
  } catch {
    return null
  }
  if (path.includes('\0')) return null
  const file = normalize(join(root, path === '/' ? 'index.html' : path))
  const base = normalize(root.endsWith(sep) ? root : `${root}${sep}`)
  return file.startsWith(base) ? file : null
}

/**
 * Answers one request of the app's page: its file with the production CSP (widened to the paired
 * authority's origin while there is one), or 404.
 */
export async function serveAppFile(
  request: Request,
  root: string,
  dev = false,
  paired: string | null = null,
): Promise<Response> {
  const file = appFilePath(request.url, root)
  if (file === null) return new Response('Not found', { status: 404 })
  try {
    const body = await readFile(file)
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Security-Policy': appCsp(dev, paired),
        'X-Content-Type-Options': 'nosniff',
      },
    })
  } catch {
    return new Response('Not found', { status: 404 })
  }
}

/**
 * Serves the built renderer from `root` on `app://`: call once the app is ready. `paired` says,
 * at each request, the authority's origin while the app shares an event or is joined to one.
 */
export function serveApp(root: string, paired: () => string | null = () => null): void {
  protocol.handle(APP_SCHEME, (request) => serveAppFile(request, root, false, paired()))
}
