/**
 * The HTTP side: a range query through a `fetch`-like function the caller passes (Node's global
 * fetch in the CLI and the extension host), with a timeout, an optional bearer token and one
 * clear error per way it can fail. common has no DOM or Node types, so the few shapes used are
 * declared here; the timer and AbortController come from the global scope, which both Node and
 * browsers provide.
 */
import { PrometheusError, redactUrl } from './errors';
import { parseQueryRange, prometheusErrorText, type RawSeries } from './queryRangeResponse';

export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

interface AbortControllerLike {
  readonly signal: AbortSignalLike;
  abort(): void;
}

export interface FetchResponseLike {
  readonly status: number;
  readonly statusText: string;
  text(): Promise<string>;
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignalLike },
) => Promise<FetchResponseLike>;

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  AbortController: new () => AbortControllerLike;
}
const timers = globalThis as unknown as Timers;

export interface PrometheusConnection {
  /** The server's base URL, e.g. `http://127.0.0.1:9090` or `https://host/prometheus`. */
  url: string;
  fetch: FetchLike;
  /** Sent as `Authorization: Bearer ...`; never written into a message. */
  token?: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
  /** Aborting it cancels the request in flight (code `cancelled`). */
  signal?: AbortSignalLike;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** The base URL without trailing slashes; `badUrl` unless it is http(s) with a host. */
export function checkBaseUrl(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/i.test(trimmed)) {
    throw new PrometheusError(
      'badUrl',
      `"${redactUrl(url)}" is not an http:// or https:// URL of a Prometheus server`,
    );
  }
  return trimmed;
}

/** Node's fetch wraps the socket error in `cause`; its code says which failure it was. */
function networkCode(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return '';
}

function describeFailure(
  err: unknown,
  where: string,
  timedOut: boolean,
  cancelled: boolean,
  timeoutMs: number,
): PrometheusError {
  if (timedOut) return new PrometheusError('timeout', `${where} did not answer within ${timeoutMs / 1000} s`);
  if (cancelled) return new PrometheusError('cancelled', `the request to ${where} was cancelled`);
  const code = networkCode(err);
  if (code === 'ECONNREFUSED') {
    return new PrometheusError(
      'refused',
      `${where} refused the connection: is Prometheus running there (or the port-forward up)?`,
    );
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return new PrometheusError('timeout', `${where} did not accept the connection in time`);
  }
  const detail = code !== '' ? code : err instanceof Error ? err.message : String(err);
  return new PrometheusError('unreachable', `${where} cannot be reached (${detail})`);
}

/**
 * POSTs one range query (POST so a long query is not cut by a URL length limit) and returns its series.
 * Every failure is a PrometheusError.
 */
export async function queryRange(
  conn: PrometheusConnection,
  query: string,
  start: number,
  end: number,
  step: number,
): Promise<RawSeries[]> {
  const base = checkBaseUrl(conn.url);
  const where = redactUrl(base);
  const timeoutMs = conn.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (conn.signal?.aborted) throw new PrometheusError('cancelled', `the request to ${where} was cancelled`);
  const controller = new timers.AbortController();
  let timedOut = false;
  let cancelled = false;
  const timer = timers.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCancel = () => {
    cancelled = true;
    controller.abort();
  };
  conn.signal?.addEventListener('abort', onCancel);
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  };
  if (conn.token) headers.Authorization = `Bearer ${conn.token}`;
  const body = [
    ['query', query],
    ['start', String(start)],
    ['end', String(end)],
    ['step', String(step)],
  ]
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join('&');
  try {
    let status: number;
    let statusText: string;
    let text: string;
    try {
      const response = await conn.fetch(`${base}/api/v1/query_range`, {
        method: 'POST',
        headers,
        body,
        signal: controller.signal,
      });
      status = response.status;
      statusText = response.statusText;
      text = await response.text();
    } catch (err) {
      throw describeFailure(err, where, timedOut, cancelled, timeoutMs);
    }
    if (status >= 400) {
      const prom = prometheusErrorText(text);
      if (prom && (prom.errorType === 'bad_data' || prom.errorType === 'execution')) {
        throw new PrometheusError(
          'promql',
          `Prometheus refused the query (${prom.errorType}): ${prom.error}`,
          status,
        );
      }
      const reason = prom ? `: ${prom.error}` : statusText ? ` ${statusText}` : '';
      const hint =
        status === 401 || status === 403
          ? ' (check the bearer token)'
          : status === 404
            ? " (is the URL the server's base, without /api/v1?)"
            : '';
      throw new PrometheusError('http', `${where} answered HTTP ${status}${reason}${hint}`, status);
    }
    return parseQueryRange(text);
  } finally {
    timers.clearTimeout(timer);
    conn.signal?.removeEventListener('abort', onCancel);
  }
}
