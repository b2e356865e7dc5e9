/**
 * Everything that can go wrong talking to Prometheus, as one error type with a code, so the CLI
 * prints one clear line and the preview can pick a localized sentence by code. Messages never carry
 * the bearer token or a password written into the URL.
 */

export type PrometheusErrorCode =
  | 'badUrl' // not an http(s) URL
  | 'unreachable' // DNS failure, no route, TLS failure: nothing answered
  | 'refused' // the host answered but nothing listens on that port
  | 'timeout' // no answer within the request timeout
  | 'cancelled' // the caller aborted the load
  | 'http' // HTTP 4xx/5xx without a PromQL error in the body
  | 'promql' // Prometheus refused the query (bad_data, execution...)
  | 'badResponse' // an answer that is not Prometheus' JSON, or not a range vector
  | 'empty' // the query matched no series
  | 'severalSeries' // one series was expected
  | 'badRange'; // start/end/step the API cannot serve

export class PrometheusError extends Error {
  constructor(
    readonly code: PrometheusErrorCode,
    message: string,
    /** HTTP status, when an answer came. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PrometheusError';
  }
}

/** The URL as it may be shown: a `user:password@` part is replaced by `***@`. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@');
}
