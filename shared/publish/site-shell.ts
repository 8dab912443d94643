/*
 * The results site's page (issue 31), with no import: the app's build configuration writes it
 * (vite.site.config.ts) as well as the Files screen, and a configuration imports no more than it
 * must.
 */

/** The element that holds a saved page's documents. */
export const EMBEDDED_ID = 'rackside-event'
/** The query parameter naming the CouchDB database the site follows. */
export const DATABASE_PARAM = 'db'

/**
 * JSON that may stand inside `<script>`: no `<` at all, so neither `</script>` nor `<!--` ends or
 * bends the element whatever a player's name holds.
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * The site as one HTML file (the script inline, so it opens from disk in any browser): with
 * `docs` (`embeddedDocs`), a saved event's pages; without, the site online that asks for a
 * database's address. `script` is the site's bundle (vite.site.config.ts), which also brings the
 * `/live` pages' stylesheet.
 */
export function siteHtml(options: {
  readonly title: string
  readonly script: string
  readonly docs?: readonly unknown[]
}): string {
  if (/<\/script/i.test(options.script)) {
    throw new Error('The results site script holds "</script": it cannot be inlined')
  }
  const title = options.title.replace(/[&<>"]/g, (c) => `&#${String(c.charCodeAt(0))};`)
  const data =
    options.docs === undefined
      ? ''
      : `<script type="application/json" id="${EMBEDDED_ID}">${jsonInScript(options.docs)}</script>\n`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
</head>
<body>
<header><a href="#/">${title}</a></header>
<main id="site-main"><p>Loading the event…</p></main>
<footer><p id="site-status" role="status"></p></footer>
${data}<script>${options.script}</script>
</body>
</html>
`
}
