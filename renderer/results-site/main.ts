/*
 * The results site in a browser (issue 31): one HTML file that shows the event's pages from the
 * documents saved inside it (Files → Save web pages), or follows the CouchDB database named by
 * `?db=` (where `rackside serve --push` sends the log), or asks for that address. The pages are the
 * hall's `/live` pages (`sitePage`), their links turned into the site's own hash routes.
 */
import PouchDB from 'pouchdb-browser'
import { err, type Result } from '../../shared/result'
import { followDatabase, type FollowedDatabase, type FollowStatus } from './follow'
import { LIVE_CSS } from '../../shared/venue/live-pages'
import { DATABASE_PARAM, EMBEDDED_ID } from '../../shared/publish/site-shell'
import { eventFromDocs, sitePage, siteHref, type SiteEvent } from './site-data'

const main = document.getElementById('site-main')
const status = document.getElementById('site-status')
let event: SiteEvent | undefined
let problem = ''

const clock = (at: Date): string => at.toLocaleTimeString()

function say(words: string): void {
  if (status !== null) status.textContent = words
}

/** The page's `/live` links as the site's; a link the site cannot follow goes with its paragraph. */
function siteLinks(root: ParentNode): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const href = siteHref(link.getAttribute('href') ?? '')
    if (href !== null) link.setAttribute('href', href)
    else (link.closest('p') ?? link).remove()
  }
  for (const form of root.querySelectorAll('form')) {
    form.removeAttribute('action')
    form.addEventListener('submit', (submitted) => {
      submitted.preventDefault()
      const typed = new FormData(form).get('q')
      location.hash = `#/?q=${encodeURIComponent(typeof typed === 'string' ? typed : '')}`
    })
  }
}

function render(): void {
  if (main === null) return
  if (problem !== '') {
    main.replaceChildren()
    const p = document.createElement('p')
    p.setAttribute('role', 'alert')
    p.textContent = problem
    main.append(p)
    return
  }
  const page = sitePage(event, location.hash, new Date())
  const parsed = new DOMParser().parseFromString(page.body, 'text/html')
  document.title = parsed.title
  const content = parsed.querySelector('main')
  main.replaceChildren(...(content === null ? [] : [...content.childNodes]))
  siteLinks(main)
}

function shown(read: Result<SiteEvent>): void {
  if (read.ok) {
    event = read.value
    problem = ''
  } else {
    problem = read.error.message
  }
  render()
}

function statusWords(address: string, said: FollowStatus): string {
  switch (said.kind) {
    case 'reading':
      return `Reading ${address}…`
    case 'following':
      return `Live from ${address}: up to date at ${clock(said.at)}.`
    case 'offline':
      return `${address} cannot be reached since ${clock(said.at)} (${said.message}): trying again every few seconds; the pages show what was read.`
  }
}

/**
 * The address as shown: never its user name or password. remote-push.ts' `printableRemote` says
 * the same for the CLI, but its module brings the Node server's types, which a page has not.
 */
function shownAddress(address: string): string {
  try {
    const url = new URL(address)
    return url.username === '' && url.password === ''
      ? url.toString()
      : `${url.protocol}//${url.host}${url.pathname}`
  } catch {
    return address
  }
}

function askForDatabase(): void {
  if (main === null) return
  main.innerHTML = `<h1>Results online</h1>
<form id="site-db">
<label for="site-db-address">The event's CouchDB database (the address given to rackside serve --push)</label>
<input id="site-db-address" name="${DATABASE_PARAM}" type="url" required placeholder="https://couch.example.org/my-event">
<button type="submit">Show the event</button>
</form>`
  say('')
}

function start(): void {
  // The hall's stylesheet, from the script, so the page's HTML and the build config need not hold it.
  const style = document.createElement('style')
  style.textContent = LIVE_CSS
  document.head.append(style)
  window.addEventListener('hashchange', render)
  const address = new URLSearchParams(location.search).get(DATABASE_PARAM)
  const embedded = document.getElementById(EMBEDDED_ID)
  if (address !== null && address !== '') {
    const shownAs = shownAddress(address)
    followDatabase(new PouchDB(address, { skip_setup: true }) as unknown as FollowedDatabase, {
      shown,
      said: (said) => say(statusWords(shownAs, said)),
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: () => new Date(),
    })
    return
  }
  if (embedded !== null) {
    let docs: unknown
    try {
      docs = JSON.parse(embedded.textContent ?? '')
    } catch {
      docs = null
    }
    if (!Array.isArray(docs)) {
      shown(err('site.embedded', 'The event saved in this page cannot be read.'))
      return
    }
    shown(eventFromDocs(docs))
    say('Saved from Rackside: these pages do not change; save them again for newer results.')
    return
  }
  askForDatabase()
}

start()
