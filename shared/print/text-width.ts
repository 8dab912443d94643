/*
 * How many lines a text takes in a box, worked out before printing: a print page has no script
 * to measure itself, and a slip must know whether its rules fit before it is laid out (issue 28).
 * Widths are Liberation Sans's (Arial's metrics) in ems, rounded up, so an estimate errs long.
 */

const NARROW = new Set([..."ijlI|!.,:;'’"])
const THIN = new Set([...'ftr -()[]/"“”'])
const WIDE = new Set([...'mwMW@%'])

/** A character's advance in ems (Arial's, rounded up; anything outside Latin counted wide). */
function charEm(char: string): number {
  if (NARROW.has(char)) return 0.28
  if (THIN.has(char)) return 0.34
  if (WIDE.has(char)) return char === 'W' ? 0.95 : 0.84
  if (/[A-Z]/.test(char)) return 0.73
  if (/[a-z0-9]/.test(char)) return 0.56
  // Accented Latin letters are as wide as their base letters; other scripts are taken as wide.
  if (/\p{Script=Latin}/u.test(char)) return char === char.toUpperCase() ? 0.73 : 0.56
  return 1
}

const PT_MM = 25.4 / 72

/** The text's width in mm at `fontPt` (bold about 6 % wider). */
export function textWidthMm(text: string, fontPt: number, bold = false): number {
  let ems = 0
  for (const char of text) ems += charEm(char)
  return ems * fontPt * PT_MM * (bold ? 1.06 : 1)
}

/**
 * Lines the text wraps to in a box `widthMm` wide: whole words, a break after a hyphen, and a
 * word longer than the line broken anywhere (`overflow-wrap: anywhere`).
 */
export function wrappedLines(text: string, fontPt: number, widthMm: number): number {
  const words = text.split(/(?<=[ -])/)
  const space = textWidthMm(' ', fontPt)
  let lines = 1
  let used = 0
  for (const word of words) {
    const trimmed = word.endsWith(' ') ? word.slice(0, -1) : word
    const width = textWidthMm(trimmed, fontPt)
    if (used > 0 && used + width > widthMm) {
      lines += 1
      used = 0
    }
    if (width > widthMm) {
      const pieces = Math.ceil(width / widthMm)
      lines += pieces - 1
      used = width - (pieces - 1) * widthMm
    } else {
      used += width
    }
    if (word.endsWith(' ')) used += space
  }
  return lines
}
