// The markup helpers are shared with the phones' pages the authority serves (shared/venue/live-pages.ts).
export { escapeHtml, html, raw, type Html } from '../reports/html'
