import { describe, expect, test } from 'vitest'
import {
  isSafeArchiveName,
  MAX_ARCHIVE_FILES,
  parseTshArchive,
  serializeTshArchive,
} from './tsh-archive'

const archive = [
  'division A a.t',
  'config max_rounds = 3',
  '#begin_file name=a.t',
  'Alpha, Ann              1850 2; 420',
  'Bravo, Bob              1790 1; 380',
  '#end_file name=a.t',
  '#begin_file name=b.t',
  '#end_file name=b.t',
  '',
].join('\n')

describe('formats.md "tsh event": .tsh archives', () => {
  test('config lines and each division file are separated', () => {
    expect(parseTshArchive(archive)).toEqual({
      ok: true,
      value: {
        configText: 'division A a.t\nconfig max_rounds = 3',
        files: [
          {
            name: 'a.t',
            text: 'Alpha, Ann              1850 2; 420\nBravo, Bob              1790 1; 380',
          },
          { name: 'b.t', text: '' },
        ],
      },
    })
  })

  test('writing it back gives the same text, and CRLF archives read the same', () => {
    const parsed = parseTshArchive(archive)
    expect(parsed.ok && serializeTshArchive(parsed.value)).toEqual({ ok: true, value: archive })
    expect(parseTshArchive(archive.replace(/\n/g, '\r\n'))).toEqual(parsed)
  })

  test.each([
    ['../evil.t'],
    ['..'],
    ['sub/a.t'],
    ['sub\\a.t'],
    ['/etc/passwd'],
    ['C:a.t'],
    ['C:\\temp\\a.t'],
    ['\\\\server\\share\\a.t'],
    ['.hidden'],
    ['a.t\u0000x'],
    ['NUL.t'],
    [''],
  ])('unsafe name %j is refused on read and on write', (name) => {
    expect(isSafeArchiveName(name)).toBe(false)
    const text = `#begin_file name=${name}\nx 1 0; 0\n#end_file name=${name}\n`
    const read = parseTshArchive(text)
    expect(read.ok ? null : read.error.code).toBe('tsh.archive.unsafe-name')
    const written = serializeTshArchive({ configText: '', files: [{ name, text: '' }] })
    expect(written.ok ? null : written.error.code).toBe('tsh.archive.unsafe-name')
  })

  test.each([['a.t'], ['division-b.t'], ['A 2022.t']])('plain name %j is accepted', (name) => {
    expect(isSafeArchiveName(name)).toBe(true)
  })

  test.each([
    ['#begin_file name=a.t\nx\n', 'tsh.archive.unclosed', 1],
    ['#end_file name=a.t\n', 'tsh.archive.end', 1],
    ['#begin_file name=a.t\n#end_file name=b.t\n', 'tsh.archive.end', 2],
    ['#begin_file name=a.t\n#begin_file name=b.t\n', 'tsh.archive.nested', 2],
    [
      '#begin_file name=a.t\n#end_file name=a.t\n#begin_file name=a.t\n#end_file name=a.t\n',
      'tsh.archive.duplicate',
      3,
    ],
  ])('broken archive %j: %s on line %i', (text, code, line) => {
    expect(parseTshArchive(text)).toEqual({
      ok: false,
      error: expect.objectContaining({ code, line }),
    })
  })

  test('a division file holding a marker line cannot be wrapped', () => {
    const written = serializeTshArchive({
      configText: '',
      files: [{ name: 'a.t', text: '#end_file name=a.t' }],
    })
    expect(written.ok ? null : written.error.code).toBe('tsh.archive.marker')
  })
})

describe('hostile .tsh archives: limits refused with the line', () => {
  test('more division files than any event has are refused at the file past the limit', () => {
    const text = Array.from(
      { length: MAX_ARCHIVE_FILES + 1 },
      (_, i) => `#begin_file name=d${String(i)}.t\n#end_file name=d${String(i)}.t`,
    ).join('\n')
    const read = parseTshArchive(text)
    expect(read.ok ? null : [read.error.code, read.error.line]).toEqual([
      'tsh.archive.too-many',
      MAX_ARCHIVE_FILES * 2 + 1,
    ])
  })
})
