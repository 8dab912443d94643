import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

/*
 * docs/architecture.md is kept true by this check (issue 20): every repo path it names exists
 * (a folder where it ends in `/`), and a function it cites as "`name` (`file.ts`)" is still
 * exported by that file. It lives on the electron side because it reads files: shared/ is pure.
 */

const ROOT = join(import.meta.dirname, '..')
const DOC = 'docs/architecture.md'
const TOP_FOLDERS = ['shared', 'electron', 'renderer', 'e2e', 'docs'] as const

interface Named {
  readonly path: string
  readonly line: number
}

interface Cited extends Named {
  readonly name: string
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length

/** The folder a table row starts with (`| \`shared/desk/\` | …`): its bare file names are in it. */
const rowFolder = (row: string): string | undefined =>
  /^\|\s*`((?:shared|electron|renderer)\/[\w./-]*\/)`\s*\|/.exec(row)?.[1]

/**
 * Repo paths named in the text: a top-level folder then a path, not inside another path (so
 * `../shared/design.md`, outside the repo, is not taken). A sentence's full stop is not part of
 * the path. In a table row that starts with a folder, bare file names are in that folder.
 */
function namedPaths(text: string): readonly Named[] {
  const found: Named[] = []
  const pathPattern = new RegExp(`(?<![\\w/.-])(?:${TOP_FOLDERS.join('|')})/[\\w./-]*`, 'g')
  for (const match of text.matchAll(pathPattern)) {
    found.push({ path: match[0].replace(/\.+$/, ''), line: lineOf(text, match.index) })
  }
  text.split('\n').forEach((row, i) => {
    const folder = rowFolder(row)
    if (folder === undefined) return
    const cells = row.slice(row.indexOf('|', 1))
    for (const bare of cells.matchAll(/`([\w.-]+\.ts)`/g)) {
      found.push({ path: `${folder}${bare[1] ?? ''}`, line: i + 1 })
    }
  })
  return found
}

/**
 * "`name` (`path.ts`": the document says `name` is exported by that file. A bare file name is
 * resolved in its table row's folder; elsewhere a bare name is not checked.
 */
function citedExports(text: string): readonly Cited[] {
  const rows = text.split('\n')
  const cited: Cited[] = []
  for (const match of text.matchAll(/`(\w+)`\s*\(`([\w./-]+\.ts)`/g)) {
    const [, name, named] = match
    if (name === undefined || named === undefined) continue
    const line = lineOf(text, match.index)
    const folder = named.includes('/') ? '' : rowFolder(rows[line - 1] ?? '')
    if (folder !== undefined) cited.push({ name, path: `${folder}${named}`, line })
  }
  return cited
}

function exportsName(source: string, name: string): boolean {
  return new RegExp(`^export\\b[^\\n]*\\b${name}\\b`, 'm').test(source)
}

function missingPaths(
  named: readonly Named[],
  exists: (path: string) => boolean,
): readonly string[] {
  return named.filter((n) => !exists(n.path)).map((n) => `${DOC}:${String(n.line)} ${n.path}`)
}

function existsInRepo(path: string): boolean {
  const full = join(ROOT, path)
  if (!existsSync(full)) return false
  return path.endsWith('/') ? statSync(full).isDirectory() : statSync(full).isFile()
}

describe('the architecture document names only paths that exist (issue 20)', () => {
  test.each([
    {
      name: 'a file and a folder in backticks',
      text: 'see `shared/desk/result-line.ts` and `shared/pairing/`',
      paths: ['shared/desk/result-line.ts', 'shared/pairing/'],
    },
    {
      name: 'a full stop ends the sentence, not the path',
      text: 'it lives in electron/ipc-contract.ts.',
      paths: ['electron/ipc-contract.ts'],
    },
    {
      name: 'a path outside the repo is not ours',
      text: 'the first design is ../shared/design.md',
      paths: [],
    },
    {
      name: 'a glob over folders names no path',
      text: '`{shared,electron,renderer}/**/*.test.ts` and vue/pinia/dexie/electron imports',
      paths: [],
    },
    {
      name: 'bare file names in a folder’s table row are in that folder',
      text: '| `shared/results/` | One game (`game-result.ts`) and its letter (`outcome-letter.ts`). |',
      paths: [
        'shared/results/',
        'shared/results/game-result.ts',
        'shared/results/outcome-letter.ts',
      ],
    },
  ])('$name', ({ text, paths }) => {
    expect(namedPaths(text).map((n) => n.path)).toEqual(paths)
  })

  test('a path that does not exist is reported with its line', () => {
    const text =
      'one\n`shared/desk/result-line.ts`\n`shared/desk/no-such-file.ts` and `shared/nowhere/`'
    expect(missingPaths(namedPaths(text), existsInRepo)).toEqual([
      `${DOC}:3 shared/desk/no-such-file.ts`,
      `${DOC}:3 shared/nowhere/`,
    ])
  })

  test('a file named as a folder (or a folder as a file) is reported', () => {
    const text = '`shared/desk/result-line.ts/` and `shared/desk`'
    expect(missingPaths(namedPaths(text), existsInRepo)).toHaveLength(2)
  })

  test.each([
    { source: 'export function lineStep(\n', name: 'lineStep', exported: true },
    { source: 'export const LOG_VERSION = 1\n', name: 'LOG_VERSION', exported: true },
    { source: 'export async function savePdf(\n', name: 'savePdf', exported: true },
    { source: 'export { fontesPods } from "./fontes"\n', name: 'fontesPods', exported: true },
    { source: 'function lineStep(\n', name: 'lineStep', exported: false },
    { source: 'export function lineSteps(\n', name: 'lineStep', exported: false },
  ])('an export is found by its name: $source', ({ source, name, exported }) => {
    expect(exportsName(source, name)).toBe(exported)
  })

  test.each([
    {
      name: 'a function and its file',
      text: 'then `lineStep` (`shared/desk/result-entry.ts`) parses',
      cited: ['lineStep shared/desk/result-entry.ts'],
    },
    {
      name: 'across a line break',
      text: 'calls `parseResultLine`\n   (`shared/desk/result-line.ts`): a table',
      cited: ['parseResultLine shared/desk/result-line.ts'],
    },
    {
      name: 'a bare file in a folder’s table row',
      text: '| `shared/tournament/` | The log: `apply` and `fold` (`apply.ts`) |',
      cited: ['fold shared/tournament/apply.ts'],
    },
    {
      name: 'a bare file outside a table row is not guessed at',
      text: 'beside its concern, `registerPlayer` (`players.ts`)',
      cited: [],
    },
  ])('a cited export: $name', ({ text, cited }) => {
    expect(citedExports(text).map((c) => `${c.name} ${c.path}`)).toEqual(cited)
  })

  const text = readFileSync(join(ROOT, DOC), 'utf8')

  test('every shared/, electron/, renderer/ and e2e/ path it names exists', () => {
    const named = namedPaths(text)
    // The document cites the shared/ folders it describes; an empty list would check nothing.
    expect(named.filter((n) => n.path.startsWith('shared/')).length).toBeGreaterThan(50)
    expect(missingPaths(named, existsInRepo)).toEqual([])
  })

  test('it names every folder of shared/', () => {
    const folders = new Set(namedPaths(text).map((n) => n.path))
    const onDisk = readdirSync(join(ROOT, 'shared'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `shared/${entry.name}/`)
    expect(onDisk.length).toBeGreaterThan(5)
    expect(onDisk.filter((f) => !folders.has(f))).toEqual([])
  })

  test('every function it cites as "`name` (`file.ts`)" is exported by that file', () => {
    const cited = citedExports(text)
    expect(cited.length).toBeGreaterThan(15)
    const wrong = cited
      .filter(
        (c) =>
          !existsInRepo(c.path) || !exportsName(readFileSync(join(ROOT, c.path), 'utf8'), c.name),
      )
      .map((c) => `${DOC}:${String(c.line)} ${c.name} in ${c.path}`)
    expect(wrong).toEqual([])
  })
})
