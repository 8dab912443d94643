/*
 * The databases at `/db` behind the token guard (`guard.ts`), `/venue/info`, which tells an
 * approved desk who it is and which databases are its (issue 21), and `/venue/time`, the
 * authority's clock (issue 27). The guard's requests are kept
 * per desk, so revoking a desk ends its open requests (a live `_changes`) at once.
 */
import type { Express, Request, Response } from 'express'
import type expressPouchDBType from 'express-pouchdb'
import {
  decisionsDatabase,
  logDatabase,
  outboxDatabase,
  VENUE_ROUTES,
  type VenueDesk,
  type VenueInfo,
} from '../../shared/venue/protocol'
import { deskOfRequest, hasOutbox, unauthorized } from './desks'
import { guardDatabaseRequest } from './guard'
import { answerError } from './http-answers'
import type { ServerContext } from './server-context'
import type { WholeLog } from './whole-log'

export class DatabaseRoutes {
  /** Each desk's requests under way, by desk id. */
  private readonly open = new Map<string, Set<Response>>()

  constructor(
    private readonly ctx: ServerContext,
    /** The log's documents as written, for a desk reading them whole (issue 27). */
    private readonly wholeLog?: WholeLog,
  ) {}

  route(app: Express, couch: ReturnType<typeof expressPouchDBType>): void {
    // Any desk, approved or not: the time reveals nothing, and a joining desk may want it too.
    app.get(VENUE_ROUTES.time, (_req, res) => {
      res.json({ now: this.ctx.now().getTime() })
    })
    app.get(VENUE_ROUTES.info, (req, res) => {
      const desk = deskOfRequest(this.ctx.authority, req)
      if (desk === undefined) {
        answerError(res, 401, unauthorized)
        return
      }
      res.json(this.infoFor(desk))
    })
    app.use(VENUE_ROUTES.databases, (req, res, next) => this.guard(req, res, next))
    app.get(`${VENUE_ROUTES.databases}/:database/_all_docs`, (req, res, next) => {
      this.whole(req, res).then((answered) => answered || next(), next)
    })
    app.use(VENUE_ROUTES.databases, couch)
  }

  /** Ends the desk's open requests (revoked: its token is refused from now on). */
  cut(deskId: string): void {
    for (const res of this.open.get(deskId) ?? []) res.destroy()
    this.open.delete(deskId)
  }

  /**
   * A new desk reading the whole log (`_all_docs?include_docs=true`, after the guard let it):
   * answered from the documents as the authority wrote them, not read back from the database.
   * Any other question goes on to express-pouchdb.
   */
  private async whole(req: Request, res: Response): Promise<boolean> {
    const query = Object.entries(req.query)
    const wholeLog = this.wholeLog
    if (
      wholeLog === undefined ||
      req.params['database'] !== logDatabase(this.ctx.event) ||
      query.length !== 1 ||
      query[0]?.[0] !== 'include_docs' ||
      query[0][1] !== 'true'
    ) {
      return false
    }
    res.type('application/json')
    res.setHeader('Cache-Control', 'no-store')
    res.vary('Accept-Encoding')
    if (req.acceptsEncodings('gzip') === 'gzip') {
      const body = await wholeLog.gzipped()
      res.setHeader('Content-Encoding', 'gzip')
      res.send(body)
    } else {
      res.send(wholeLog.text())
    }
    return true
  }

  private infoFor(desk: VenueDesk): VenueInfo {
    const { event } = this.ctx
    return {
      desk,
      event,
      databases: {
        log: logDatabase(event),
        decisions: decisionsDatabase(event),
        ...(hasOutbox(desk.role) ? { outbox: outboxDatabase(desk.id) } : {}),
      },
    }
  }

  private guard(req: Request, res: Response, next: () => void): void {
    const desk = deskOfRequest(this.ctx.authority, req)
    const { event } = this.ctx
    const answer = guardDatabaseRequest(req.method, req.path, desk, {
      readable: [logDatabase(event), decisionsDatabase(event)],
      outbox: desk !== undefined && hasOutbox(desk.role) ? outboxDatabase(desk.id) : undefined,
    })
    switch (answer) {
      case 'allow': {
        // Kept so a revocation ends the desk's open requests (a live _changes) at once.
        const deskId = desk?.id ?? ''
        const open = this.open.get(deskId) ?? new Set<Response>()
        this.open.set(deskId, open.add(res))
        res.on('close', () => open.delete(res))
        next()
        return
      }
      case 'unauthorized':
        res.status(401).json({ error: 'unauthorized', reason: unauthorized.message })
        return
      case 'forbidden':
        res.status(403).json({
          error: 'forbidden',
          reason: `${desk?.name ?? 'This desk'} may not ${req.method} ${req.path}: a desk writes only its own outbox, and a projector reads only.`,
        })
        return
    }
  }
}
