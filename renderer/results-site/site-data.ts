/*
 * The results site's data path (issue 31): the log documents `rackside serve --push` writes to a
 * CouchDB (chunks and slots, `shared/venue/chunks.ts`), or the same documents embedded in a page
 * saved from the Files screen, read back into the log by `logFromChunks`, folded by `fold` as the
 * app folds it, and shown as the phones' `/live` pages (`renderLivePage`): one page model for the
 * hall's phones, the site online and the pages saved to disk. No DOM here, so it runs under test.
 */
import { err, ok, type Result } from '../../shared/result'
import { fold } from '../../shared/tournament/apply'
import type { LoggedCommand } from '../../shared/tournament/commands'
import type { TournamentState } from '../../shared/tournament/types'
import { logFromChunks } from '../../shared/venue/chunks'
import { renderLivePage, type LivePage } from '../../shared/venue/live-pages'

/** The event as the site holds it: the log read so far and its fold. */
export interface SiteEvent {
  readonly log: readonly LoggedCommand[]
  readonly state: TournamentState | undefined
}

/**
 * The tournament id the fold is given: the pushed documents do not carry the event's id, and no
 * page shows it.
 */
const SITE_TOURNAMENT = 'results-site'

/**
 * The event from log documents in any order (a database's rows, or a saved page's embedded list).
 * A gap (a document not arrived yet) ends the log there, as on a desk: the site shows the event as
 * far as it is whole, and the rest when it comes.
 */
export function eventFromDocs(
  docs: readonly unknown[],
  held: readonly LoggedCommand[] = [],
): Result<SiteEvent> {
  const log = logFromChunks(docs, held)
  if (!log.ok) return log
  const folded = fold(SITE_TOURNAMENT, log.value)
  if (!folded.ok) {
    return err(
      'site.fold',
      `The event's log does not open at command ${String(folded.error.seq + 1)}: ${folded.error.message}`,
    )
  }
  return ok({ log: log.value, state: folded.value })
}

/**
 * What follows `#` in the site's address, as the `/live` pages' path and query: `#/A/standings`,
 * `#/?q=Ann`. The site routes by hash so it needs no server and opens from disk.
 */
export function siteRoute(hash: string): {
  readonly path: string
  readonly query: URLSearchParams
} {
  const route = hash.replace(/^#/, '')
  const mark = route.indexOf('?')
  const path = mark === -1 ? route : route.slice(0, mark)
  const query = new URLSearchParams(mark === -1 ? '' : route.slice(mark + 1))
  return { path: path === '' ? '/' : path, query }
}

/** The page at `hash`: the hall's `/live` page for the same path, from the site's event. */
export function sitePage(event: SiteEvent | undefined, hash: string, now: Date): LivePage {
  const { path, query } = siteRoute(hash)
  return renderLivePage(event?.state, path, query, now)
}

/**
 * A `/live` link as the site's: `/live/A/standings` → `#/A/standings`; any other link (the
 * players' code page, which needs the hall's server) is not the site's: null.
 */
export function siteHref(liveHref: string): string | null {
  if (liveHref === '/live') return '#/'
  if (liveHref.startsWith('/live/')) return `#${liveHref.slice('/live'.length)}`
  return null
}
