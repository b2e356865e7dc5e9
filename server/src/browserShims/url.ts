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
