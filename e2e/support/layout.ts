import { expect, type Page, type TestInfo } from '@playwright/test'

/**
 * Issue 19: the Rounds screen at 1366×768 with the clock running. A screenshot for the report, and
 * the overlap checked from the DOM's geometry rather than by eye: every visible button, input and
 * select inside the box of its panel, every pairing row at most two lines tall, the clock's panel
 * clear of the pairings table.
 */
export async function checkRoundsLayout(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' })
  const problems = await page.evaluate(() => {
    const found: string[] = []
    const inside = (a: DOMRect, b: DOMRect) =>
      a.left >= b.left - 1 &&
      a.right <= b.right + 1 &&
      a.top >= b.top - 1 &&
      a.bottom <= b.bottom + 1
    const what = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`
    /**
     * A control scrolled out of a scrolling box is hidden by it, not overlapping anything; one cut
     * off by a box that hides its overflow (a cell too narrow for it) is a defect.
     */
    const clipping = (el: Element): 'scrolled' | 'clipped' | null => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up)
        const overflow = style.overflowY + style.overflowX
        if (!/(auto|scroll|hidden|clip)/.test(overflow)) continue
        if (inside(el.getBoundingClientRect(), up.getBoundingClientRect())) continue
        return /(auto|scroll)/.test(overflow) ? 'scrolled' : 'clipped'
      }
      return null
    }
    const panels = '.round-bar, .round-pairings, section[aria-label="Round clock"], .pair-next'
    for (const control of document.querySelectorAll('main button, main input, main select')) {
      const box = control.getBoundingClientRect()
      // Hidden (a closed <details>, display: none) or scrolled away: nothing to overlap.
      if (!control.checkVisibility({ visibilityProperty: true })) continue
      if (box.width === 0 || box.height === 0) continue
      const cut = clipping(control)
      if (cut === 'scrolled') continue
      if (cut === 'clipped') found.push(`${what(control)} cut off by the box around it`)
      const panel = control.closest(panels)
      if (panel && !inside(box, panel.getBoundingClientRect()))
        found.push(`${what(control)} outside its panel ${panel.className || panel.tagName}`)
    }
    for (const row of document.querySelectorAll(
      'table[aria-label^="Pairings of round"] tbody tr',
    )) {
      const cell = row.querySelector('td')
      if (!cell) continue
      const style = getComputedStyle(cell)
      const line =
        style.lineHeight === 'normal'
          ? 1.2 * parseFloat(style.fontSize)
          : parseFloat(style.lineHeight)
      const height = row.getBoundingClientRect().height
      // Two lines of text and the cell's padding.
      const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)
      if (height > 2 * line + padding + 1) found.push(`row ${what(cell)} is ${height}px tall`)
    }
    const clock = document.querySelector('section[aria-label="Round clock"]')
    const table = document.querySelector('table[aria-label^="Pairings of round"]')
    if (clock && table) {
      const a = clock.getBoundingClientRect()
      const b = table.getBoundingClientRect()
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
      if (overlap) found.push('the round clock covers the pairings')
    }
    return found
  })
  expect(problems, name).toEqual([])
}
