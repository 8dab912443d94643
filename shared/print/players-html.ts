/*
 * What players are handed on paper to find their pages on the venue network (issue 30): a poster
 * for the hall's wall with the `/live` address and its QR code, and a sheet of code slips, one a
 * player (name, division, number, his own code typed and as a QR code), cut and handed out with
 * the scorecards. The QR codes are SVG made with the `qrcode` package from the authority's
 * addresses; they are drawn inline, since a printed page loads nothing (its CSP).
 */
import type { PaperSize as PageSize } from '../tournament/paper'
import { codeWords } from '../venue/player-page'
import type { PlayerCodeView } from '../venue/protocol'
import { printDocument } from './document'
import { html, raw } from './escape'

/** An SVG document from `qrcode`: its `<svg …>…</svg>` element, without an XML prologue. */
export function svgElement(svg: string): string {
  const start = svg.indexOf('<svg')
  const end = svg.lastIndexOf('</svg>')
  if (start < 0 || end < start) throw new Error('not an SVG document')
  return svg.slice(start, end + '</svg>'.length)
}

export interface PosterInput {
  readonly event: string
  /** The players' address, `http://…/live`. */
  readonly address: string
  readonly qrSvg: string
  /** Where a typed code goes, `http://…/me/`. */
  readonly page: string
  readonly pageSize: PageSize
}

const POSTER_CSS = `
.poster { text-align: center; padding-top: 10mm; }
.poster h1 { font-size: 32pt; margin-bottom: 6mm; }
.poster .lead { font-size: 20pt; margin: 0 0 8mm; }
.poster .qr svg { width: 120mm; height: 120mm; }
.poster .address { font-family: 'Liberation Mono', monospace; font-size: 22pt; font-weight: bold; margin: 6mm 0; }
.poster .own { font-size: 14pt; margin-top: 10mm; }
`

export function posterHtml(input: PosterInput): string {
  return printDocument({
    title: `Follow ${input.event} on your phone`,
    pageSize: input.pageSize,
    landscape: false,
    css: POSTER_CSS,
    body: html`<div class="poster">
      <h1>${input.event}</h1>
      <p class="lead">Pairings, standings and your own games on your phone</p>
      <div class="qr">${raw(svgElement(input.qrSvg))}</div>
      <p class="address">${input.address}</p>
      <p class="own">
        Your own page (your table, your opponent, your results): scan the code on your scorecard, or
        open ${input.page.replace(/\/$/, '')} and type your code.
      </p>
    </div>`,
  })
}

export interface CodeSlip {
  readonly code: PlayerCodeView & { readonly code: string }
  /** The QR code of the player's page address. */
  readonly qrSvg: string
}

/** Makes a QR code's SVG document of a text (the `qrcode` package's `toString`, loaded by the caller). */
export type QrMaker = (text: string) => Promise<string>

/**
 * Each player's code as it goes on paper, the slip, his scorecard and his name tag, with the QR
 * code of his page; a revoked code is on none of them. Made when printing, from the codes as the
 * authority lists them now, so a reprint after a reissue carries the new code.
 */
export async function codeSlips(
  page: string,
  codes: readonly PlayerCodeView[],
  qr: QrMaker,
): Promise<CodeSlip[]> {
  const slips: CodeSlip[] = []
  for (const code of codes) {
    if (code.code === null) continue
    slips.push({ code: { ...code, code: code.code }, qrSvg: await qr(`${page}${code.code}`) })
  }
  return slips
}

/** One division's codes on paper by player number, for its scorecards and name tags. */
export interface DivisionCodes {
  /** Where a typed code goes, `http://…/me/`. */
  readonly page: string
  readonly byPlayer: ReadonlyMap<number, CodeSlip>
}

export function divisionCodes(
  page: string,
  slips: readonly CodeSlip[],
  division: string,
): DivisionCodes {
  const own = slips.filter((slip) => slip.code.division === division)
  return { page, byPlayer: new Map(own.map((slip) => [slip.code.player, slip])) }
}

const SLIPS_CSS = `
.slips { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4mm; }
.slip { border: 1px dashed #000; padding: 3mm; text-align: center; break-inside: avoid; page-break-inside: avoid; }
.slip .name { font-size: 12pt; font-weight: bold; }
.slip .qr svg { width: 32mm; height: 32mm; }
.slip .typed { font-family: 'Liberation Mono', monospace; font-size: 14pt; font-weight: bold; letter-spacing: 0.05em; }
.slip .where { font-size: 8pt; word-break: break-all; }
`

export interface CodeSlipsInput {
  readonly event: string
  readonly page: string
  readonly slips: readonly CodeSlip[]
  readonly pageSize: PageSize
}

/** One slip a player, to cut out and hand over with the scorecard. */
export function codeSlipsHtml(input: CodeSlipsInput): string {
  const slips = input.slips.map(
    ({ code, qrSvg }) =>
      html`<div class="slip">
        <div class="name">${code.name}</div>
        <div>Division ${code.division} · #${code.player}</div>
        <div class="qr">${raw(svgElement(qrSvg))}</div>
        <div class="typed">${codeWords(code.code)}</div>
        <div class="where">${input.page}${code.code}</div>
      </div>`,
  )
  return printDocument({
    title: `${input.event}: players' codes`,
    pageSize: input.pageSize,
    landscape: false,
    css: SLIPS_CSS,
    body: html`<h1>${input.event}: your own page</h1>
      <p class="sub">Scan the code with your phone's camera, or type it at ${input.page}</p>
      <div class="slips">${slips}</div>`,
  })
}
