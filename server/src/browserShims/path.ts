/**
 * `node:path` in the browser server bundle (see README.md): the POSIX functions server/src uses.
 * There is no current folder in a worker: `resolve` resolves against '/'.
 */

function normalizeSegments(path: string, absolute: boolean): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(segment);
  }
  return out.join('/');
}

export function normalize(path: string): string {
  if (path === '') return '.';
  const absolute = path.startsWith('/');
  const trailing = path.endsWith('/');
  let body = normalizeSegments(path, absolute);
  if (body === '' && !absolute) body = '.';
  if (body !== '' && trailing) body += '/';
  return absolute ? `/${body}` : body;
}

export function join(...paths: string[]): string {
  const joined = paths.filter((p) => p !== '').join('/');
  return joined === '' ? '.' : normalize(joined);
}

export function resolve(...paths: string[]): string {
  let resolved = '';
  for (let i = paths.length - 1; i >= 0 && !resolved.startsWith('/'); i--) {
    const path = paths[i]!;
    if (path === '') continue;
    resolved = resolved === '' ? path : `${path}/${resolved}`;
  }
  const body = normalizeSegments(resolved, true);
  return `/${body}`;
}

/** The path up to its last segment (trailing slashes are not a segment), as Node's posix.dirname. */
export function dirname(path: string): string {
  if (path === '') return '.';
  const rooted = path.startsWith('/');
  let end = -1;
  let inLastSegment = false;
  for (let i = path.length - 1; i >= 1; i--) {
    if (path[i] === '/') {
      if (inLastSegment) {
        end = i;
        break;
      }
    } else {
      inLastSegment = true;
    }
  }
  if (end === -1) return rooted ? '/' : '.';
  if (rooted && end === 1) return '//';
  return path.slice(0, end);
}

/** The last segment, trailing slashes dropped. */
export function basename(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  return path.slice(path.lastIndexOf('/', end - 1) + 1, end);
}

export function relative(from: string, to: string): string {
  const a = resolve(from).split('/').filter(Boolean);
  const b = resolve(to).split('/').filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
}

export function isAbsolute(path: string): boolean {
  return path.startsWith('/');
}

export const sep = '/';
export const delimiter = ':';

export const posix = { normalize, join, resolve, dirname, basename, relative, isAbsolute, sep, delimiter };
