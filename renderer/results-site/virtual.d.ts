/** The results site's script, built by `resultsSite()` (vite.site.config.ts), for saved pages. */
declare module 'virtual:rackside-results-site' {
  const script: string
  export default script
}
