// The printed words are shared with the phones' pages the authority serves (shared/venue/live-pages.ts).
export { dateRange, halves, seatName, signed, slug, startWord } from '../reports/format'
