import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Browser } from '@playwright/test'

/**
 * Prints a document the app made to PDF with Chromium's print engine (the one Electron's
 * printToPDF uses; a browser's print dialog cannot be driven), and reads it back with poppler.
 */
export async function htmlToPdf(browser: Browser, html: string, path: string): Promise<void> {
  mkdirSync(dirname(path), { recursive: true })
  const page = await browser.newPage()
  try {
    await page.setContent(html, { waitUntil: 'load' })
    // The document's own @page rule decides size and margins, as when the director prints it.
    writeFileSync(path, await page.pdf({ preferCSSPageSize: true, printBackground: true }))
  } finally {
    await page.close()
  }
}

/** The PDF's text, page by page, laid out as printed (`pdftotext -layout`). */
export function pdfPages(path: string): string[] {
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })
  const pages = text.split('\f')
  // pdftotext ends the last page with a form feed too.
  if (pages.at(-1)?.trim() === '') pages.pop()
  return pages
}

/** The first page as a PNG at 80 dpi, for a person to look at (`<prefix>-1.png`). */
export function firstPagePng(pdf: string, prefix: string): string {
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', pdf, prefix])
  return `${prefix}-1.png`
}

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
