/**
 * A random RFC 4122 version-4 id, as `crypto.randomUUID` gives, from `crypto.getRandomValues`:
 * `randomUUID` exists only in a secure context, so a desk opened at a plain-http venue address
 * (issue 21) got a blank page; `getRandomValues` exists everywhere.
 */
export function randomUuid(
  fill: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = new Uint8Array(16)
  fill(bytes)
  // The version (4) and variant (10xx) bits, so the id reads as a v4 UUID wherever it is parsed.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
