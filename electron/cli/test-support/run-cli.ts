import { expect } from 'vitest'
import { run } from '../main'

/** Runs the CLI in-process and captures what the director would see. */
export async function runCli(...argv: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await run(argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  })
  // A stack frame line ("    at fn (file:1:2)") must never reach the director.
  expect(`${stdout}${stderr}`).not.toMatch(/^\s+at /m)
  return { code, stdout, stderr }
}
