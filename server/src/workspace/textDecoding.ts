/**
 * A manifest file's bytes as text, the way kubectl reads them: UTF-8 (a UTF-8 byte-order mark is
 * dropped), and UTF-16 or UTF-32 when a byte-order mark says so. Bytes that are not text in the
 * encoding read become U+FFFD, which the linter reports once for the file (lint/lint.ts) instead of
 * linting what the decoder guessed.
 */

/** UTF-32 marks first: the UTF-32LE mark begins with the UTF-16LE one. */
const MARKS: readonly {
  bytes: readonly number[];
  encoding: 'utf-32le' | 'utf-32be' | 'utf-16le' | 'utf-16be';
}[] = [
  { bytes: [0xff, 0xfe, 0x00, 0x00], encoding: 'utf-32le' },
  { bytes: [0x00, 0x00, 0xfe, 0xff], encoding: 'utf-32be' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

function startsWith(bytes: Uint8Array, mark: readonly number[]): boolean {
  if (bytes.length < mark.length) return false;
  return mark.every((b, i) => bytes[i] === b);
}

/** One UTF-32 code unit per 4 bytes; what is not a Unicode scalar value becomes U+FFFD. */
function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  let chunk: number[] = [];
  for (let i = 4; i + 4 <= bytes.length; i += 4) {
    const cp = view.getUint32(i, littleEndian);
    chunk.push(cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? 0xfffd : cp);
    if (chunk.length === 4096) {
      parts.push(String.fromCodePoint(...chunk));
      chunk = [];
    }
  }
  if (bytes.length % 4 !== 0) chunk.push(0xfffd);
  parts.push(String.fromCodePoint(...chunk));
  return parts.join('');
}

export function decodeManifestBytes(bytes: Uint8Array): string {
  for (const { bytes: mark, encoding } of MARKS) {
    if (!startsWith(bytes, mark)) continue;
    if (encoding === 'utf-32le' || encoding === 'utf-32be')
      return decodeUtf32(bytes, encoding === 'utf-32le');
    return new TextDecoder(encoding, { ignoreBOM: false }).decode(bytes);
  }
  // TextDecoder drops a UTF-8 byte-order mark and turns invalid bytes into U+FFFD.
  return new TextDecoder('utf-8').decode(bytes);
}
