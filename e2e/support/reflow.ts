import type { Locator, Page } from '@playwright/test'

/**
 * Issue 28, "screens as people really set them": the sizes a director's laptop really shows. A
 * Windows scaling of 125 % on a 1366 × 768 screen lays pages out in 1093 × 614 CSS pixels, a
 * browser zoom of 200 % in 683 × 384; the device scale factor renders them as the screen does.
 */
export interface ScreenSize {
  readonly name: string
  readonly width: number
  readonly height: number
  readonly scale: number
}

export const SCREEN_SIZES: readonly ScreenSize[] = [
  { name: '1366 × 768 at 125 %', width: 1093, height: 614, scale: 1.25 },
  { name: '1280 × 720', width: 1280, height: 720, scale: 1 },
  { name: '1366 × 768 at 200 %', width: 683, height: 384, scale: 2 },
  { name: '1920 × 1080', width: 1920, height: 1080, scale: 1 },
]

/**
 * Sets the page's window as the screen shows it, scale included (Chromium's emulation). Returns a
 * screenshot taker: Playwright's own `page.screenshot` puts its viewport back.
 */
export async function emulateScreen(page: Page, size: ScreenSize): Promise<() => Promise<Buffer>> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width: size.width,
    height: size.height,
    deviceScaleFactor: size.scale,
    mobile: false,
  })
  await page.waitForFunction((width) => window.innerWidth === width, size.width)
  return async () => {
    const shot = await cdp.send('Page.captureScreenshot', { format: 'png' })
    return Buffer.from(shot.data, 'base64')
  }
}

/**
 * What scrolls sideways: the page itself (naming the elements that stick out past the window's
 * right edge) and every scrolling box inside the main content that is wider than itself.
 */
export async function sidewaysScrolls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const what = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`
    const page = document.documentElement
    if (page.scrollWidth > window.innerWidth) {
      const past = [...document.querySelectorAll('body *')]
        .filter((el) => el.checkVisibility())
        .map((el) => ({ el, right: el.getBoundingClientRect().right }))
        .filter(({ right }) => right > window.innerWidth + 1)
        // The innermost ones say what is too wide; their boxes stretch the ones around them.
        .filter(({ el }, _, all) => !all.some((o) => o.el !== el && el.contains(o.el)))
        .slice(0, 4)
        .map(({ el, right }) => `${what(el)} to ${Math.round(right)}px`)
      found.push(
        `the page scrolls ${page.scrollWidth - window.innerWidth}px sideways: ${past.join(', ')}`,
      )
    }
    for (const box of document.querySelectorAll('main *')) {
      const overflow = getComputedStyle(box).overflowX
      if (overflow !== 'auto' && overflow !== 'scroll') continue
      if (box.scrollWidth > box.clientWidth + 1)
        found.push(`${what(box)} scrolls ${box.scrollWidth - box.clientWidth}px sideways`)
    }
    return found
  })
}

/**
 * Why an element is not whole in view, or null: past the window's edge, or cut by a box around it
 * that hides its overflow or scrolls it away, or its own text cut (an ellipsis, a clipped line).
 */
export async function notWhole(target: Locator): Promise<string | null> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return 'not shown'
    if (box.left < -1 || box.right > window.innerWidth + 1)
      return `from ${Math.round(box.left)} to ${Math.round(box.right)}px in a ${window.innerWidth}px window`
    if (el.scrollWidth > el.clientWidth + 1)
      return `its text needs ${el.scrollWidth}px and has ${el.clientWidth}px`
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up)
      if (!/(auto|scroll|hidden|clip)/.test(style.overflowX)) continue
      const around = up.getBoundingClientRect()
      if (box.left < around.left - 1 || box.right > around.right + 1)
        return `cut by ${up.tagName.toLowerCase()}.${up.className} (${Math.round(around.left)}–${Math.round(around.right)}px; it is at ${Math.round(box.left)}–${Math.round(box.right)}px)`
    }
    return null
  })
}

/**
 * Issue 28: a colon or semicolon after a space (" : ", " ; "), as a template that breaks its line
 * before the punctuation renders it; each with the words around it.
 */
export async function strayPunctuation(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText()
  return [...text.matchAll(/\S{0,30}[^\S\n]+[:;](?=\s|$).{0,20}/g)].map(
    ([found]) => `a space before the punctuation: "${found}"`,
  )
}

/**
 * Issue 28: each name in `table` (the elements `selector` finds) that takes more than one line
 * (its line boxes, by their distinct tops: a long name folded onto two or three lines reads as two
 * people in a list) or is cut (past the window's edge, or its own text clipped). One look at the
 * whole table, so a list that draws its rows again meanwhile is not waited on row by row.
 */
export async function namesNotOnOneLine(table: Locator, selector: string): Promise<string[]> {
  return table.evaluate((el, selector) => {
    const found: string[] = []
    for (const name of el.querySelectorAll(selector)) {
      const text = name.textContent?.trim() ?? ''
      const range = document.createRange()
      range.selectNodeContents(name)
      const tops = new Set<number>()
      for (const rect of range.getClientRects())
        if (rect.width > 0 && rect.height > 0) tops.add(Math.round(rect.top))
      if (tops.size !== 1) found.push(`"${text}" takes ${tops.size} lines`)
      const box = name.getBoundingClientRect()
      if (box.left < -1 || box.right > window.innerWidth + 1)
        found.push(`"${text}" is from ${Math.round(box.left)} to ${Math.round(box.right)}px`)
      if (name.scrollWidth > name.clientWidth + 1)
        found.push(`"${text}" needs ${name.scrollWidth}px and has ${name.clientWidth}px`)
    }
    if (found.length === 0 && el.querySelector(selector) === null) found.push('no names shown')
    return found
  }, selector)
}
