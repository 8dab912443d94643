import type { PaperSize as PageSize } from '../tournament/paper'
import type { ReportHeader, RuleLine } from '../reports/header'
import { escapeHtml, html, type Html } from './escape'
import { dateRange } from './format'

/** Paper in millimetres, portrait. */
const PAPER: Readonly<Record<PageSize, { readonly width: number; readonly height: number }>> = {
  A4: { width: 210, height: 297 },
  Letter: { width: 215.9, height: 279.4 },
}

/** Inside every printer's unprintable edge (about 5 mm), and a quarter of Letter fits a slip (issue 28). */
const MARGIN_MM = 8

/** The page's printable height in mm, for layouts that divide it (slips, tags). */
export function printableHeight(size: PageSize, landscape: boolean): number {
  const paper = PAPER[size]
  return (landscape ? paper.width : paper.height) - 2 * MARGIN_MM
}

/** The page's printable width in mm, for layouts that work out what wraps (slips). */
export function printableWidth(size: PageSize, landscape: boolean): number {
  const paper = PAPER[size]
  return (landscape ? paper.height : paper.width) - 2 * MARGIN_MM
}

/**
 * Shared print CSS. Named fonts (fonts-liberation2 on our machines, Arial elsewhere) so a page
 * lays out the same everywhere; rows and blocks never break across pages; table headers repeat.
 */
const BASE_CSS = `
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: 'Liberation Sans', Arial, Helvetica, sans-serif; font-size: 10pt; color: #000; }
h1 { font-size: 14pt; margin: 0 0 1mm; }
.sub { font-size: 9pt; margin: 0 0 3mm; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
tr, .keep { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 0.3mm solid #000; padding: 0.8mm 1.5mm; text-align: left; vertical-align: top; }
th { background: #e8e8e8; font-weight: bold; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.rules { margin: 2mm 0; padding: 1.5mm 2mm; border: 0.3mm solid #000; font-size: 8.5pt; }
.rules p { margin: 0; }
.legend { font-size: 8.5pt; margin: 2mm 0; }
`

export interface DocumentParts {
  readonly title: string
  readonly pageSize: PageSize
  readonly landscape: boolean
  readonly css: string
  readonly body: Html
}

/** A complete, self-contained document: no script, no external resource, UTF-8 declared. */
export function printDocument(parts: DocumentParts): string {
  const size = `${parts.pageSize === 'A4' ? 'A4' : 'letter'}${parts.landscape ? ' landscape' : ''}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(parts.title)}</title>
<style>
@page { size: ${size}; margin: ${MARGIN_MM}mm; }
${BASE_CSS}
${parts.css}
</style>
</head>
<body>
${parts.body.html}
</body>
</html>
`
}

/**
 * Several documents as one (a whole round: every division's pairings and slips), each starting on
 * a new page, so one print dialog or one PDF carries the round. All parts share the paper; the
 * first part's orientation is the bundle's.
 */
export function bundleDocument(
  title: string,
  pageSize: PageSize,
  parts: readonly DocumentParts[],
): string {
  const css = [...new Set(parts.map((p) => p.css)), '.new-page { break-before: page; }'].join('\n')
  const bodies = parts.map(
    (p, i) => html`<div class="${i === 0 ? 'part' : 'part new-page'}">${p.body}</div>`,
  )
  return printDocument({
    title,
    pageSize,
    landscape: parts[0]?.landscape ?? false,
    css,
    body: html`${bodies}`,
  })
}

/** "Spring Open · Civic Hall · 2026-03-14 · Division A · Round 2 of 7". */
export function headerLine(header: ReportHeader): string {
  const parts = [header.event]
  if (header.venue !== '') parts.push(header.venue)
  parts.push(dateRange(header.startDate, header.endDate), `Division ${header.division}`)
  if (header.round !== null) parts.push(`Round ${header.round} of ${header.rounds}`)
  return parts.join(' · ')
}

export function pageHeading(title: string, header: ReportHeader): Html {
  return html`<h1>${title}</h1>
    <p class="sub">${headerLine(header)}</p>`
}

export function rulesBlock(rules: readonly RuleLine[]): Html {
  return html`<div class="rules keep">
    ${rules.map((line) => html`<p><b>${line.label}:</b> ${line.text}</p>`)}
  </div>`
}
