import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { appCsp } from '../app-csp'
import { appFilePath, serveAppFile } from './protocol'

vi.mock('electron', async () => (await import('./test-support/fake-electron')).fakeElectronModule())

/** A built renderer folder with an index, a script and a secret beside the folder. */
function builtRenderer(): string {
  const base = mkdtempSync(join(tmpdir(), 'rackside-protocol-'))
  const root = join(base, 'renderer')
  mkdirSync(join(root, 'assets'), { recursive: true })
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Rackside</title>')
  writeFileSync(join(root, 'assets', 'index.js'), 'console.log(1)')
  writeFileSync(join(base, 'secret.txt'), 'not for the page')
  return root
}

describe('the app:// protocol (issue 13)', () => {
  const root = builtRenderer()

  test.each([
    ['the index', 'app://rackside/index.html', 'index.html'],
    ['the root is the index', 'app://rackside/', 'index.html'],
    ['a script', 'app://rackside/assets/index.js', 'assets/index.js'],
    ['a hash route of the index', 'app://rackside/index.html#/players', 'index.html'],
  ])('%s is served from the renderer folder', (_name, url, file) => {
    expect(appFilePath(url, root)).toBe(join(root, file))
  })

  test.each([
    ['a path that climbs out', 'app://rackside/../secret.txt'],
    ['an encoded climb', 'app://rackside/%2e%2e/secret.txt'],
  ])('%s stays inside the renderer folder', (_name, url) => {
    expect(appFilePath(url, root)).toBe(join(root, 'secret.txt'))
  })

  test.each([
    ['an encoded separator climb', 'app://rackside/assets%2f..%2f..%2fsecret.txt'],
    ['another host', 'app://other/index.html'],
    ['another scheme', 'file:///etc/passwd'],
    ['a NUL byte', 'app://rackside/index.html%00.js'],
    ['not a URL', 'not a url'],
  ])('%s is refused', (_name, url) => {
    expect(appFilePath(url, root)).toBeNull()
  })

  test('a served page carries the production CSP: only its own files, no dev server', async () => {
    const response = await serveAppFile(new Request('app://rackside/index.html'), root)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    const csp = response.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toBe(appCsp(false))
    expect(csp).toContain("script-src 'self'")
    // The pairing worker is the app's own file; never a blob: or data: worker (issue 20).
    expect(csp).toContain("worker-src 'self';")
    expect(csp).toContain("connect-src 'self';")
    expect(csp).not.toMatch(/ws:|localhost|127\.0\.0\.1|unsafe-eval/)
    expect(await response.text()).toContain('<title>Rackside</title>')
  })

  test.each([
    ['a missing file', 'app://rackside/nope.js'],
    ['a file outside the folder', 'app://rackside/%2e%2e/secret.txt'],
  ])('%s is 404 and reads nothing', async (_name, url) => {
    const response = await serveAppFile(new Request(url), root)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('not for the page')
  })

  test('issue 21: paired, connect-src gains exactly the paired origin and nothing wider', async () => {
    const response = await serveAppFile(
      new Request('app://rackside/index.html'),
      root,
      false,
      'http://192.168.1.20:8421',
    )
    const csp = response.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain("connect-src 'self' http://192.168.1.20:8421;")
    // Only connect-src widens: scripts, workers and frames stay the app's own.
    expect(csp.replace(/connect-src[^;]*;/, '')).not.toContain('192.168.1.20')
    expect(csp).not.toMatch(/\*|ws:/)
  })
})
