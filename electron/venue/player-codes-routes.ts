/*
 * The players' codes at the authority (issue 30): the director lists, reissues and revokes them
 * (`PlayerCodes`, through `VenueServer`), and a phone opens its player's page at `/me/CODE` with no
 * token (the code is the pass). A device that types wrong codes is locked out for a while
 * (`PlayerCodeLimits`). The page's live part is a long poll: answered when the log grows, or
 * "nothing new" (204) after `PLAYER_POLL_MS`, so each phone holds one quiet request.
 */
import { randomInt, randomUUID } from 'node:crypto'
import type { Express, Request, RequestHandler, Response } from 'express'
import { headOfLog, type Decision, type Proposal } from '../../shared/authority/proposal'
import { err, ok, type Result } from '../../shared/result'
import {
  authorityDay,
  phoneName,
  selfCheckIn,
  selfCheckInCommand,
} from '../../shared/venue/player-page-check-in'
import {
  playerHrefs,
  playerPartAnswer,
  PLAYER_PAGE_CSP,
  PLAYER_PAGE_CSS,
  PLAYER_PAGE_SCRIPT,
  PLAYER_POLL_MS,
  renderCodeForm,
  renderPlayerPage,
  UNKNOWN_CODE,
  type PlayerPageInput,
} from '../../shared/venue/player-page'
import { phoneGame, phoneResultCommand } from '../../shared/venue/phone-results-page'
import { VENUE_ROUTES } from '../../shared/venue/protocol'
import { guardPlayerProposal } from './guard'
import { clientAddress } from './join-limits'
import {
  codeViews,
  normalizeCode,
  PlayerCodeLimits,
  playerOfCode,
  reissueCode,
  revokeCode,
  withEveryCode,
  type PlayerCodeView,
  type StoredPlayerCode,
} from './player-codes'
import { messageOf, type ServerContext } from './server-context'

const HEADERS = {
  'Content-Security-Policy': PLAYER_PAGE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
}

const NOT_A_CODE =
  'A code has eight letters and digits, like ACDE-FGHJ: check it against your scorecard.'

export class PlayerCodes {
  private readonly limits = new PlayerCodeLimits()
  private readonly waiters = new Set<() => void>()

  constructor(
    private readonly ctx: ServerContext,
    private readonly randomBelow: (n: number) => number = randomInt,
  ) {}

  /** Every player's code, the new players' made now (and saved) so the director can print them. */
  list(): readonly PlayerCodeView[] {
    const codes = this.stored()
    const every = withEveryCode(codes, this.ctx.authority.state().state, this.randomBelow)
    if (every !== codes) this.save(every)
    return codeViews(every, this.ctx.authority.state().state)
  }

  reissue(division: string, player: number): Result<PlayerCodeView> {
    return this.change(division, player, reissueCode)
  }

  revoke(division: string, player: number): Result<PlayerCodeView> {
    return this.change(division, player, revokeCode)
  }

  /** The log or the codes changed: every phone waiting for news is answered. */
  changed(): void {
    const waiting = [...this.waiters]
    this.waiters.clear()
    for (const wake of waiting) wake()
  }

  /** `json` reads a phone's proposal (`/me/CODE/propose`, issue 30), a few hundred bytes. */
  route(app: Express, json: RequestHandler, form: RequestHandler): void {
    app.get(playerHrefs.script, (_req, res) => {
      res.set(HEADERS).type('application/javascript').send(PLAYER_PAGE_SCRIPT)
    })
    app.get(playerHrefs.style, (_req, res) => {
      res.set(HEADERS).type('text/css').send(PLAYER_PAGE_CSS)
    })
    app.get(VENUE_ROUTES.player, (req, res) => this.form(req, res))
    app.get(`${VENUE_ROUTES.player}/:code`, (req, res) => this.page(req, res))
    app.get(`${VENUE_ROUTES.player}/:code/part`, (req, res) => {
      this.answering(res, this.part(req, res))
    })
    // Issue 30: the player's own check-in, from the page's button (a plain form) or as JSON.
    app.post(`${VENUE_ROUTES.player}/:code/check-in`, (req, res) => {
      this.answering(res, this.checkIn(req, res))
    })
    app.post(`${VENUE_ROUTES.player}/:code/propose`, json, (req, res) => {
      this.answering(res, this.propose(req, res))
    })
    // Issue 30: the result form, read back first and sent once the player says so.
    app.post(`${VENUE_ROUTES.player}/:code/result`, form, (req, res) => {
      this.answering(res, this.result(req, res))
    })
  }

  private answering(res: Response, work: Promise<void>): void {
    work.catch((e: unknown) => {
      this.ctx.emit({ event: 'error', code: 'venue.player-page', message: messageOf(e) })
      if (!res.headersSent) res.status(500).end()
    })
  }

  /**
   * Issue 30: the command goes through the guard (the player the code opens, the authority's day)
   * and then to `decide` as a proposal of the `player` role, as a desk's would: History names the
   * phone, and the authority's time is the entry's.
   */
  private async proposeFor(found: PlayerPageInput, sent: unknown): Promise<Result<Decision>> {
    const self = { division: found.division.name, key: found.player.key }
    const day = authorityDay(found.state, found.now)
    const guarded = guardPlayerProposal(self, sent, found.state, day)
    if (!guarded.ok) return guarded
    const proposal: Proposal = {
      proposalId: `phone-${randomUUID()}`,
      // Never the code in the log, which every desk replicates: the player's division and key.
      desk: {
        id: `player:${self.division}:${self.key}`,
        role: 'player',
        name: phoneName(found.player),
        player: self,
      },
      builtOn: headOfLog(this.ctx.authority.state().log),
      // A phone's result carries the authority's time, whatever the phone sent (issue 30).
      command:
        guarded.value.type === 'phoneResult'
          ? { ...guarded.value, at: found.now.getTime() }
          : guarded.value,
    }
    const decision = await this.ctx.authority.propose(proposal, this.ctx.now)
    return decision.kind === 'accepted' ? ok(decision) : { ok: false, error: decision.error }
  }

  private async checkIn(req: Request, res: Response): Promise<void> {
    const found = this.find(req, res, req.params['code'] ?? '')
    if (found === undefined) return
    const day = authorityDay(found.state, found.now)
    const decided = await this.proposeFor(
      found,
      selfCheckInCommand(found.division, found.player, day),
    )
    if (decided.ok) {
      res.redirect(303, playerHrefs.page(found.code))
      return
    }
    this.refusedPage(req, res, found.code, decided.error.message)
  }

  /**
   * Issue 30: a result typed on the phone. Without `send` the page reads it back in words; with
   * it the authority builds the `phoneResult` (its own time, the player's own game) and decides.
   */
  private async result(req: Request, res: Response): Promise<void> {
    const found = this.find(req, res, req.params['code'] ?? '')
    if (found === undefined) return
    const body: unknown = req.body
    const field = (name: string): string => {
      const value =
        typeof body === 'object' && body !== null
          ? (body as Record<string, unknown>)[name]
          : undefined
      return typeof value === 'string' ? value.slice(0, 20) : ''
    }
    const typed = {
      mine: field('mine'),
      theirs: field('theirs'),
      first: field('first'),
      send: field('send') === '1',
    }
    const refuse = (message: string, status: number): void => {
      const page = renderPlayerPage({ ...found, notice: message })
      res.set(HEADERS).status(status).type(page.contentType).send(page.body)
    }
    if (found.game === undefined) {
      refuse(
        'Your page takes no result now: your result is in, or the director has not opened result entry today. Hand your scoresheet in at the results desk.',
        403,
      )
      return
    }
    const command = phoneResultCommand(
      found.state,
      found.division,
      found.game,
      typed,
      found.now.getTime(),
    )
    if (!command.ok) {
      refuse(command.error.message, 400)
      return
    }
    if (!typed.send) {
      const page = renderPlayerPage({
        ...found,
        review: {
          scores: [Number(typed.mine), Number(typed.theirs)],
          first: typed.first === 'me' ? 'me' : 'opponent',
        },
      })
      res.set(HEADERS).status(200).type(page.contentType).send(page.body)
      return
    }
    const decided = await this.proposeFor(found, command.value)
    if (decided.ok) {
      res.redirect(303, playerHrefs.page(found.code))
      return
    }
    this.refusedPage(req, res, found.code, decided.error.message)
  }

  /** The player's page again, with why the authority refused what his phone sent (403). */
  private refusedPage(req: Request, res: Response, code: string, message: string): void {
    const again = this.find(req, res, code)
    if (again === undefined) return
    const page = renderPlayerPage({ ...again, notice: message })
    res.set(HEADERS).status(403).type(page.contentType).send(page.body)
  }

  private async propose(req: Request, res: Response): Promise<void> {
    const found = this.find(req, res, req.params['code'] ?? '')
    if (found === undefined) return
    const body: unknown = req.body
    const sent =
      typeof body === 'object' && body !== null
        ? (body as { command?: unknown }).command
        : undefined
    const decided = await this.proposeFor(found, sent)
    res.set(HEADERS)
    if (decided.ok) {
      res.json({
        kind: 'accepted',
        seq: decided.value.kind === 'accepted' ? decided.value.entry.seq : null,
      })
      return
    }
    const status = decided.error.code === 'venue.malformed' ? 400 : 403
    res.status(status).json({ error: decided.error.code, reason: decided.error.message })
  }

  private stored(): readonly StoredPlayerCode[] {
    return this.ctx.authority.venue().playerCodes ?? []
  }

  private save(playerCodes: readonly StoredPlayerCode[]): void {
    this.ctx.authority
      .updateVenue((v) => ({ ...v, playerCodes }))
      .catch((e: unknown) => {
        this.ctx.emit({
          event: 'error',
          code: 'venue.desks-write',
          message: `Saving the players' codes: ${messageOf(e)}`,
        })
      })
  }

  private change(
    division: string,
    player: number,
    how: typeof reissueCode,
  ): Result<PlayerCodeView> {
    const state = this.ctx.authority.state().state
    const next = how({
      codes: this.stored(),
      state,
      division,
      player,
      randomBelow: this.randomBelow,
    })
    if (!next.ok) return next
    this.save(next.value)
    const view = codeViews(next.value, state).find(
      (v) => v.division === division && v.player === player,
    )
    if (view === undefined) return err('venue.no-player', `No player #${String(player)}.`)
    this.changed()
    this.ctx.changed()
    return ok(view)
  }

  /** The player the request's code opens, or the page that says why not (counted as wrong). */
  private find(req: Request, res: Response, typed: string): PlayerPageInput | undefined {
    const address = clientAddress(req.socket.remoteAddress)
    const state = this.ctx.authority.state().state
    const nowMs = this.ctx.now().getTime()
    const locked = this.limits.locked(address, nowMs)
    if (locked !== undefined) {
      this.refuse(req, res, 429, locked.message, typed)
      return undefined
    }
    const code = normalizeCode(typed)
    const found = code === undefined ? undefined : playerOfCode(this.stored(), state, code)
    if (found === undefined || state === undefined || code === undefined) {
      this.limits.wrongCode(address, nowMs)
      const again = this.limits.locked(address, nowMs)
      this.refuse(req, res, again === undefined ? 404 : 429, again?.message ?? UNKNOWN_CODE, typed)
      return undefined
    }
    const division = state.divisions.find((d) => d.name === found.division)
    if (division === undefined) {
      // `playerOfCode` found the player in this division: never here, but never left unanswered.
      this.refuse(req, res, 404, UNKNOWN_CODE, typed)
      return undefined
    }
    const now = this.ctx.now()
    const { log } = this.ctx.authority.state()
    const game = phoneGame(division, found.player, authorityDay(state, now))
    return {
      ...(game === undefined ? {} : { game }),
      state,
      division,
      player: found.player,
      code,
      version: log.length,
      now,
      checkIn: selfCheckIn(
        log,
        division,
        found.player,
        authorityDay(state, now),
        (at) => new Date(at),
      ),
    }
  }

  private refuse(
    req: Request,
    res: Response,
    status: number,
    message: string,
    typed: string,
  ): void {
    res.set(HEADERS)
    if (req.path.endsWith('/part')) {
      res
        .status(status)
        .json({ error: status === 429 ? 'venue.code-lockout' : 'venue.no-code', reason: message })
      return
    }
    const page = renderCodeForm(this.ctx.authority.state().state, { status, message }, typed)
    res.status(page.status).type(page.contentType).send(page.body)
  }

  private form(req: Request, res: Response): void {
    const typed = typeof req.query['code'] === 'string' ? req.query['code'] : undefined
    if (typed === undefined) {
      const page = renderCodeForm(this.ctx.authority.state().state, undefined)
      res.set(HEADERS).status(page.status).type(page.contentType).send(page.body)
      return
    }
    const code = normalizeCode(typed)
    if (code === undefined) {
      const address = clientAddress(req.socket.remoteAddress)
      const nowMs = this.ctx.now().getTime()
      if (this.limits.locked(address, nowMs) === undefined) this.limits.wrongCode(address, nowMs)
      const locked = this.limits.locked(address, nowMs)
      this.refuse(req, res, locked === undefined ? 404 : 429, locked?.message ?? NOT_A_CODE, typed)
      return
    }
    res.redirect(303, playerHrefs.page(code))
  }

  private page(req: Request, res: Response): void {
    const typed = req.params['code'] ?? ''
    const found = this.find(req, res, typed)
    if (found === undefined) return
    // One address per code: a code typed in lower case or with its dash goes to the printed one.
    if (typed !== found.code) {
      res.redirect(303, playerHrefs.page(found.code))
      return
    }
    const page = renderPlayerPage(found)
    res.set(HEADERS).status(page.status).type(page.contentType).send(page.body)
  }

  private async part(req: Request, res: Response): Promise<void> {
    const typed = req.params['code'] ?? ''
    const after = Number(req.query['after'])
    const first = this.find(req, res, typed)
    if (first === undefined) return
    if (first.version === after) {
      const news = await this.news(res)
      if (!news || this.ctx.closing()) {
        res.set(HEADERS).status(204).end()
        return
      }
      // Looked for again: the change may be the code's own revocation.
      const found = this.find(req, res, typed)
      if (found === undefined) return
      if (found.version === after) {
        res.set(HEADERS).status(204).end()
        return
      }
      res.set(HEADERS).json(playerPartAnswer(found))
      return
    }
    res.set(HEADERS).json(playerPartAnswer(first))
  }

  /** Resolves true at the next change, false after `PLAYER_POLL_MS` or when the phone goes. */
  private news(res: Response): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (news: boolean): void => {
        clearTimeout(timer)
        this.waiters.delete(wake)
        res.off('close', gone)
        resolve(news)
      }
      const wake = (): void => done(true)
      const gone = (): void => done(false)
      const timer = setTimeout(() => done(false), PLAYER_POLL_MS)
      // A phone's wait never keeps the process alive: `serve` ends when the director stops it.
      timer.unref()
      this.waiters.add(wake)
      res.on('close', gone)
    })
  }
}
