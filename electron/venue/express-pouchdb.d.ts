// express-pouchdb ships no types; only the call the venue server makes is declared.
declare module 'express-pouchdb' {
  import type { RequestHandler } from 'express'
  interface ExpressPouchOptions {
    readonly mode?: 'minimumForPouchDB' | 'fullCouchDB' | 'custom'
    readonly inMemoryConfig?: boolean
  }
  function expressPouchDB(pouch: unknown, options?: ExpressPouchOptions): RequestHandler
  export default expressPouchDB
}
