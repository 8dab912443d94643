/*
 * Where the authority listens (issue 21): the host and port asked for, a refusal worded for the
 * director when it cannot, and the addresses desks open (every LAN address when it listens on all
 * interfaces).
 */
import type { Server } from 'node:http'
import { networkInterfaces } from 'node:os'
import type { Express } from 'express'
import { err, ok, type Result } from '../../shared/result'

export function listen(app: Express, host: string, port: number): Promise<Result<Server>> {
  return new Promise((resolve) => {
    const server = app.listen(port, host)
    server.once('listening', () => resolve(ok(server)))
    server.once('error', (e: NodeJS.ErrnoException) => {
      const why =
        e.code === 'EADDRINUSE'
          ? `port ${String(port)} is already in use; choose another with --port`
          : e.code === 'EADDRNOTAVAIL'
            ? `${host} is not an address of this computer`
            : e.message
      resolve(err('venue.listen', `cannot listen on ${host}:${String(port)}: ${why}`))
    })
  })
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    // Desks hold live _changes requests open: they end now, they reconnect to the next authority.
    server.closeAllConnections()
  })
}

/** The port the server got (0 asks for any free one). */
export function portOf(server: Server, asked: number): number {
  const address = server.address()
  return typeof address === 'object' && address !== null ? address.port : asked
}

export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

export function lanAddresses(host: string, port: number, url: string): readonly string[] {
  if (host !== '0.0.0.0' && host !== '::') return [url]
  const found: string[] = []
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) {
      if (entry.family === 'IPv4' && !entry.internal) {
        found.push(`http://${entry.address}:${String(port)}`)
      }
    }
  }
  return found.length > 0 ? found : [url]
}
