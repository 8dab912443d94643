import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { OpenFileRequest, SaveFileRequest, TextEncodingName } from '../ipc-contract'
import { openTextFile, saveTextFile, writeFileAtomic } from './files'
import { fakeDialog } from './test-support/fake-electron'

vi.mock('electron', async () => (await import('./test-support/fake-electron')).fakeElectronModule())

let folder: string

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'rackside-files-'))
  fakeDialog.showSaveDialog.mockReset()
  fakeDialog.showOpenDialog.mockReset()
})

afterEach(async () => {
  await rm(folder, { recursive: true, force: true })
})

const saveRequest = (contents: string, encoding: TextEncodingName): SaveFileRequest => ({
  title: 'Save the tournament',
  suggestedName: 'open.t',
  filters: [{ name: '.t file', extensions: ['t'] }],
  contents,
  encoding,
})

const openRequest = (encoding: TextEncodingName): OpenFileRequest => ({
  title: 'Open a tournament',
  filters: [{ name: '.t file', extensions: ['t'] }],
  encoding,
})

function chooseSavePath(path: string): void {
  fakeDialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: path })
}

function chooseOpenPath(path: string): void {
  fakeDialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [path] })
}

describe('saving and opening text (tsh .t files are Latin-1, ours UTF-8: formats.md)', () => {
  test.each([
    ['latin1', [0xd1, 0x61, 0x6e, 0x64, 0xfa]],
    ['utf8', [0xc3, 0x91, 0x61, 0x6e, 0x64, 0xc3, 0xba]],
  ] as const)('"Ñandú" round trips as %s with exactly its bytes', async (encoding, bytes) => {
    const path = join(folder, 'open.t')
    chooseSavePath(path)
    await expect(saveTextFile(undefined, saveRequest('Ñandú', encoding))).resolves.toEqual({
      status: 'saved',
      location: path,
    })
    expect([...(await readFile(path))]).toEqual(bytes)

    chooseOpenPath(path)
    await expect(openTextFile(undefined, openRequest(encoding))).resolves.toEqual({
      status: 'opened',
      name: 'open.t',
      contents: 'Ñandú',
    })
  })

  test('a UTF-8 byte order mark is not part of the text', async () => {
    const path = join(folder, 'players.csv')
    await writeFile(path, Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('Ñandú,1500')]))
    chooseOpenPath(path)
    await expect(openTextFile(undefined, openRequest('utf8'))).resolves.toEqual({
      status: 'opened',
      name: 'players.csv',
      contents: 'Ñandú,1500',
    })
  })

  test('a Latin-1 file opened as UTF-8 fails, naming the file and the likely encoding', async () => {
    const path = join(folder, 'old.t')
    await writeFile(path, Buffer.from([0xd1, 0x61, 0x6e, 0x64, 0xfa]))
    chooseOpenPath(path)
    const outcome = await openTextFile(undefined, openRequest('utf8'))
    expect(outcome).toEqual({ status: 'failed', message: expect.stringContaining(path) })
    expect(outcome).toEqual({ status: 'failed', message: expect.stringContaining('Latin-1') })
  })

  test('a name Latin-1 cannot hold fails, naming the file and the character; nothing is written', async () => {
    const path = join(folder, 'open.t')
    chooseSavePath(path)
    const outcome = await saveTextFile(undefined, saveRequest('Ana 1500\nŁukasz 1600\n', 'latin1'))
    expect(outcome).toEqual({ status: 'failed', message: expect.stringContaining(path) })
    expect(outcome).toEqual({
      status: 'failed',
      message: expect.stringContaining('line 2 has "Ł"'),
    })
    expect(await readdir(folder)).toEqual([])
  })

  test('cancelling the save dialog writes nothing', async () => {
    fakeDialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' })
    await expect(saveTextFile(undefined, saveRequest('x', 'utf8'))).resolves.toEqual({
      status: 'cancelled',
    })
    expect(await readdir(folder)).toEqual([])
  })

  test('cancelling the open dialog reads nothing', async () => {
    fakeDialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] })
    await expect(openTextFile(undefined, openRequest('utf8'))).resolves.toEqual({
      status: 'cancelled',
    })
  })

  test('the renderer suggests a name, never a folder', async () => {
    fakeDialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' })
    await saveTextFile(undefined, {
      ...saveRequest('x', 'utf8'),
      suggestedName: '../../etc/open.t',
    })
    expect(fakeDialog.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: 'open.t' }),
    )
  })

  test.each([
    ['a folder that does not exist', (dir: string) => join(dir, 'missing', 'open.t')],
    ['a path that is a folder', (dir: string) => dir],
  ])('a write error on %s returns failed, naming the path', async (_name, pathIn) => {
    const path = pathIn(folder)
    chooseSavePath(path)
    const outcome = await saveTextFile(undefined, saveRequest('Ñandú', 'utf8'))
    expect(outcome).toEqual({ status: 'failed', message: expect.stringContaining(`"${path}"`) })
  })

  test('a missing file returns failed, naming the path', async () => {
    const path = join(folder, 'gone.t')
    chooseOpenPath(path)
    await expect(openTextFile(undefined, openRequest('latin1'))).resolves.toEqual({
      status: 'failed',
      message: expect.stringContaining(`"${path}"`),
    })
  })

  test('a dialog that fails returns failed instead of throwing', async () => {
    fakeDialog.showSaveDialog.mockRejectedValueOnce(new Error('no display'))
    await expect(saveTextFile(undefined, saveRequest('x', 'utf8'))).resolves.toEqual({
      status: 'failed',
      message: expect.stringContaining('no display'),
    })
  })
})

describe('writeFileAtomic: the whole file or nothing', () => {
  test('replaces an existing file entirely and leaves no temporary file', async () => {
    const path = join(folder, 'open.t')
    await writeFile(path, 'a much longer old tournament that must not leave a tail behind\n')
    await writeFileAtomic(path, Buffer.from('new\n'))
    expect(await readFile(path, 'utf8')).toBe('new\n')
    expect(await readdir(folder)).toEqual(['open.t'])
  })

  test('when the final step fails the old contents stay and the temporary file is removed', async () => {
    // A non-empty folder cannot be replaced by a file: the rename, the last step, fails.
    const path = join(folder, 'open.t')
    await mkdir(path)
    await writeFile(join(path, 'keep.txt'), 'old')
    await expect(writeFileAtomic(path, Buffer.from('new'))).rejects.toThrow()
    expect(await readdir(folder)).toEqual(['open.t'])
    expect(await readFile(join(path, 'keep.txt'), 'utf8')).toBe('old')
  })
})
