import { describe, expect, test, vi } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import { menuTemplate, type MenuContext } from './menu'

vi.mock('electron', async () => (await import('./test-support/fake-electron')).fakeElectronModule())

const context = (platform: NodeJS.Platform, development: boolean): MenuContext => ({
  platform,
  appName: 'Rackside',
  version: '1.2.3',
  development,
})

/** Every role and label in the menu, depth first. */
function entries(items: readonly MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    item.role ?? item.label ?? item.type ?? '?',
    ...(Array.isArray(item.submenu) ? entries(item.submenu) : []),
  ])
}

const topLabels = (items: readonly MenuItemConstructorOptions[]): string[] =>
  items.map((item) => item.label ?? item.role ?? '?')

describe('application menu', () => {
  test.each([
    ['darwin', ['Rackside', 'File', 'Edit', 'View', 'Window', 'help']],
    ['win32', ['File', 'Edit', 'View', 'Window', 'help']],
    ['linux', ['File', 'Edit', 'View', 'Window', 'help']],
  ] as const)('on %s the menus are %j', (platform, labels) => {
    expect(topLabels(menuTemplate(context(platform, false)))).toEqual(labels)
  })

  test.each(['darwin', 'win32', 'linux'] as const)('on %s there is one way to quit', (platform) => {
    expect(
      entries(menuTemplate(context(platform, false))).filter((e) => e === 'quit'),
    ).toHaveLength(1)
  })

  test.each([
    [true, true],
    [false, false],
  ])('developer tools and reload when developing is %s: %s', (development, shown) => {
    const all = entries(menuTemplate(context('linux', development)))
    expect(all.includes('toggleDevTools')).toBe(shown)
    expect(all.includes('reload')).toBe(shown)
    expect(all).toContain('zoomIn')
  })

  test('Help has About, naming the app', () => {
    const help = menuTemplate(context('win32', false)).find((item) => item.role === 'help')
    expect(Array.isArray(help?.submenu) ? help.submenu.map((item) => item.label) : []).toEqual([
      'About Rackside',
    ])
  })
})
