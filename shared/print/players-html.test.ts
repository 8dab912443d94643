import { describe, expect, test } from 'vitest'
import { codeSlipsHtml, posterHtml } from './players-html'

const SVG =
  '<?xml version="1.0" encoding="utf-8"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>\n'

describe('players find their pages on paper (issue 30: "a printable poster", codes handed out)', () => {
  test('the poster carries the /live address and its QR code drawn inline, nothing loaded', () => {
    const page = posterHtml({
      event: 'Spring <Open>',
      address: 'http://192.168.1.20:8080/live',
      qrSvg: SVG,
      page: 'http://192.168.1.20:8080/me/',
      pageSize: 'A4',
    })
    expect(page).toContain('<h1>Spring &lt;Open&gt;</h1>')
    expect(page).toContain('<p class="address">http://192.168.1.20:8080/live</p>')
    expect(page).toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29">')
    expect(page).not.toContain('<?xml')
    expect(page).toContain('open http://192.168.1.20:8080/me and type your code')
    expect(page).not.toMatch(/<img|<script/)
  })

  test('a slip per player: name, division and number, the code typed in two groups, its QR code and address', () => {
    const page = codeSlipsHtml({
      event: 'Spring Open',
      page: 'http://192.168.1.20:8080/me/',
      pageSize: 'Letter',
      slips: [
        {
          code: { division: 'A', player: 3, name: 'Ann & Bo', code: 'ACDEFGHJ', issue: 1 },
          qrSvg: SVG,
        },
        {
          code: { division: 'B', player: 1, name: 'Cy', code: 'KMNPQRTU', issue: 2 },
          qrSvg: SVG,
        },
      ],
    })
    expect(page.match(/class="slip"/g)).toHaveLength(2)
    expect(page).toContain('<div class="name">Ann &amp; Bo</div>')
    expect(page).toContain('<div>Division A · #3</div>')
    expect(page).toContain('<div class="typed">ACDE-FGHJ</div>')
    expect(page).toContain('<div class="where">http://192.168.1.20:8080/me/KMNPQRTU</div>')
    expect(page).toContain('size: letter')
  })

  test('a QR code that is not an SVG is a bug, not a blank square', () => {
    expect(() =>
      posterHtml({ event: 'E', address: 'a', qrSvg: '<p>no</p>', page: 'p', pageSize: 'A4' }),
    ).toThrow(/not an SVG/)
  })
})
