import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { appCsp, pairedConnectSource } from './app-csp'

describe('the app page’s CSP (issues 13 and 21), one for main’s app:// protocol and the venue server', () => {
  test('the page’s own CSP (index.html, what the browser build serves) allows the same workers', () => {
    const html = readFileSync(new URL('../renderer/index.html', import.meta.url), 'utf8')
    expect(html).toContain("worker-src 'self';")
  })

  test('the dev CSP alone allows the dev server’s hot reload on localhost', () => {
    expect(appCsp(true)).toContain('ws://localhost:*')
  })

  test('issue 21: not paired, the policy is the single-laptop one whatever else runs', () => {
    expect(appCsp(false, null)).toBe(appCsp(false))
    expect(appCsp(false)).toContain("connect-src 'self';")
  })

  test.each([
    ['an origin', 'http://192.168.1.20:8421', 'http://192.168.1.20:8421'],
    ['an origin with its slash', 'http://192.168.1.20:8421/', 'http://192.168.1.20:8421'],
    ['the default port dropped', 'http://venue.local:80', 'http://venue.local'],
    ['https', 'https://results.example.org', 'https://results.example.org'],
  ])('the paired address: %s is allowed as %s', (_name, address, origin) => {
    expect(pairedConnectSource(address)).toEqual({ ok: true, value: origin })
  })

  test.each([
    ['a wildcard port', 'http://192.168.1.20:*'],
    ['a wildcard host', 'http://*.local:8421'],
    ['a path', 'http://192.168.1.20:8421/db'],
    ['a query', 'http://192.168.1.20:8421/?x=1'],
    ['credentials', 'http://admin:secret@192.168.1.20:8421'],
    ['another scheme', 'ws://192.168.1.20:8421'],
    ['a file', 'file:///etc/passwd'],
    ['not a URL', '192.168.1.20:8421 http:'],
    ['a CSP keyword', "'unsafe-eval'"],
  ])('the paired address: %s is refused, never widened', (_name, address) => {
    const checked = pairedConnectSource(address)
    expect(checked).toMatchObject({ ok: false, error: { code: 'venue.paired-address' } })
    expect(() => appCsp(false, address)).toThrow(/^appCsp: the paired address/)
  })
})
