/*
 * How the authority answers a request it turns down: one line of JSON, `{ error, reason }`, the
 * CouchDB protocol's own shape, so desks read every refusal alike and nobody sees a stack trace.
 */
import type { Request, Response } from 'express'
import type { RuleError } from '../../shared/result'

export function answerError(res: Response, status: number, error: RuleError): void {
  res.status(status).json({ error: error.code, reason: error.message })
}

/** Express's own error page shows a stack trace: a bad request gets one line of JSON instead. */
export function jsonErrors(
  error: unknown,
  _req: Request,
  res: Response,
  next: (e?: unknown) => void,
): void {
  if (res.headersSent) return next(error)
  const status = (error as { status?: unknown } | null)?.status
  const code = typeof status === 'number' && status >= 400 && status < 500 ? status : 500
  answerError(res, code, {
    code: code === 500 ? 'venue.server' : 'venue.bad-request',
    message:
      code === 500
        ? 'The authority could not answer this request.'
        : `The request could not be read: ${error instanceof Error ? error.message : String(error)}`,
  })
}
