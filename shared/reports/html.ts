// Markup written once: printed pages (renderer/src/print) and the phones' pages (shared/venue).
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * Text as HTML text: a player called `<b>Ann & "Bo"</b>` prints those characters, never markup.
 * Every name, title and rule line goes through this before it enters a print document; quotes are
 * escaped too so the same function is safe inside attribute values.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch)
}

/**
 * A template tag that escapes every interpolated value unless it is already `Html` (built by this
 * tag or `raw`): markup is written only through it, so text cannot become markup by mistake.
 */
export interface Html {
  readonly html: string
}

export const raw = (html: string): Html => ({ html })

type Part = string | number | Html | null | undefined | readonly Html[]

function part(value: Part): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return escapeHtml(String(value))
  if (typeof value === 'string') return escapeHtml(value)
  if ('html' in value) return value.html
  return value.map((v) => v.html).join('')
}

export function html(strings: TemplateStringsArray, ...values: readonly Part[]): Html {
  let out = strings[0] ?? ''
  values.forEach((value, i) => {
    out += part(value) + (strings[i + 1] ?? '')
  })
  return { html: out }
}
