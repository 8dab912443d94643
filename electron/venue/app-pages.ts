/*
 * What a browser opens at the authority's address (issue 21): the phones' read-only pages at
 * `/live` (`renderLivePage`, no token), tsh's feed at `/tourney.js` (issue 31, no token) and the
 * desk app (`dist-web`), marked as served by an authority and sent with the app's CSP.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type express from 'express'
import type { Express, Request, Response } from 'express'
import { tourneyJs } from '../../shared/formats/tourney-js'
import type { TournamentState } from '../../shared/tournament/types'
import { LIVE_PAGE_CSP, renderLivePage } from '../../shared/venue/live-pages'
import { VENUE_ROUTES } from '../../shared/venue/protocol'
import { appCsp } from '../app-csp'
import type { ServerContext } from './server-context'

/** The desk app's CSP: the app's own, talking to this origin only. */
export const VENUE_APP_CSP = appCsp(false)

/** Vite's build output under `assets/`: a name ending in an 8-character content hash. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/

/** Tells the desk app it was served by an authority, so it needs no network probe. */
export const VENUE_META = '<meta name="rackside-venue" content="authority">'

/**
 * tsh's `tourney.js` (issue 31), live from the authority's folded state with no token, written
 * once per state however many overlays poll it. Any origin may read it (a browser overlay on
 * another host); `no-cache` makes every poll ask again, answered 304 by its ETag while unchanged.
 */
function routeTourneyJs(app: Express, ctx: ServerContext): void {
  let written: { state: TournamentState; feed: string; at: number; took: number } | null = null
  app.get(VENUE_ROUTES.tourneyJs, (_req, res) => {
    const state = ctx.authority.state().state
    if (state === undefined) {
      res.status(404).type('text/plain').send('No event is open.')
      return
    }
    const now = performance.now()
    if (
      written === null ||
      (written.state !== state && now - written.at >= staleFor(written.took))
    ) {
      const feed = tourneyJs(state)
      written = { state, feed, at: now, took: performance.now() - now }
    }
    const { feed } = written
    res
      .status(200)
      .set({
        'Cache-Control': 'no-cache',
        'Access-Control-Allow-Origin': '*',
        'X-Content-Type-Options': 'nosniff',
      })
      .type('application/javascript; charset=utf-8')
      .send(feed)
  })
}

/**
 * How long a written feed may stand for newer states: ten times what writing it took. A feed of a
 * small event is written afresh for every poll after a change; one of 2000 players, which takes
 * the authority's thread 0.4–1.9 s (shared/formats/tourney-js.bench.ts), at most every 4–19 s,
 * so overlays polling it never take more than a tenth of the thread that decides the desks'
 * results. Overlays poll every few seconds and show the next feed a little later.
 */
export function staleFor(took: number): number {
  return took * 10
}

export function routeLivePages(app: Express, ctx: ServerContext): void {
  routeTourneyJs(app, ctx)
  app.get([VENUE_ROUTES.live, `${VENUE_ROUTES.live}/*`], (req, res) => {
    const path = req.path.slice(VENUE_ROUTES.live.length)
    const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '')
    const page = renderLivePage(ctx.authority.state().state, path, query, ctx.now())
    res
      .status(page.status)
      .set({
        'Content-Security-Policy': LIVE_PAGE_CSP,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      })
      .type(page.contentType)
      .send(page.body)
  })
}

/** Serves the built app from `appDir`; says so once if it is not there. */
export async function routeDeskApp(
  app: Express,
  ctx: ServerContext,
  serveStatic: typeof express.static,
  appDir: string,
): Promise<void> {
  const index = await appIndex(appDir)
  if (index === undefined) {
    ctx.emit({
      event: 'error',
      code: 'venue.no-app',
      message: `${join(appDir, 'index.html')} was not found: desks cannot open the app from this address (build it with "npm run build").`,
    })
    return
  }
  const sendIndex = (_req: Request, res: Response): void => {
    res.set('Content-Security-Policy', VENUE_APP_CSP).type('html').send(index)
  }
  app.get(['/', '/index.html'], sendIndex)
  app.use(
    serveStatic(appDir, {
      index: false,
      setHeaders: (res, path) => {
        res.setHeader('Content-Security-Policy', VENUE_APP_CSP)
        // The build names each asset by its content: a desk loading the app again once approved
        // takes them from its cache instead of asking for each again (issue 27: catch-up).
        if (HASHED_ASSET.test(path)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
        }
      },
    }),
  )
  // The desk app routes by hash; any other page that is not the authority's own is the app.
  app.get(/^\/(?!venue\/|venue$|db\/|db$|live\/|live$).*/, sendIndex)
}

async function appIndex(appDir: string): Promise<string | undefined> {
  try {
    const html = await readFile(join(appDir, 'index.html'), 'utf8')
    return html.includes('</head>')
      ? html.replace('</head>', `  ${VENUE_META}\n  </head>`)
      : `${VENUE_META}${html}`
  } catch {
    return undefined
  }
}
