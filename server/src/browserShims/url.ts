/**
 * `node:url` in the browser server bundle (see README.md): `fileURLToPath` as Node does it on POSIX
 * systems (the browser server never sees a Windows path of its own).
 */
export function fileURLToPath(url: string | URL): string {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  if (parsed.protocol !== 'file:') throw new TypeError('The URL must be of scheme file');
  if (parsed.hostname !== '' && parsed.hostname !== 'localhost')
    throw new TypeError('File URL host must be "localhost" or empty on this platform');
  if (/%2f/i.test(parsed.pathname))
    throw new TypeError('File URL path must not include encoded / characters');
  return decodeURIComponent(parsed.pathname);
}

/**
 * `pathToFileURL` for an absolute POSIX path, as Node writes it: the characters the URL parser would
 * read as syntax or drop (`%`, `\`, tab and line breaks) percent-encoded first, the rest by the
 * pathname setter (which encodes `?`, `#` and spaces).
 */
export function pathToFileURL(path: string): URL {
  const url = new URL('file:///');
  url.pathname = path
    .replace(/%/g, '%25')
    .replace(/\\/g, '%5C')
    .replace(/\n/g, '%0A')
    .replace(/\r/g, '%0D')
    .replace(/\t/g, '%09');
  return url;
}
