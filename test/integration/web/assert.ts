// The part of `node:assert/strict` the integration suites use, for the web worker pass: the host
// there has no Node modules, and the suites are the same files as in the Node pass. The web suite
// bundle (scripts/e2e/webWorker.mjs) resolves `node:assert/strict` to this file.

export class AssertionError extends Error {
  override name = 'AssertionError';
}

function fail(message: string | Error | undefined, fallback: string): never {
  if (message instanceof Error) throw message;
  throw new AssertionError(message ?? fallback);
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function ok(value: unknown, message?: string | Error): asserts value {
  if (!value) fail(message, `expected a truthy value, got ${show(value)}`);
}

export function equal<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T {
  if (!Object.is(actual, expected)) fail(message, `expected ${show(expected)}, got ${show(actual)}`);
}
export const strictEqual = equal;

export function notEqual(actual: unknown, expected: unknown, message?: string | Error): void {
  if (Object.is(actual, expected)) fail(message, `expected anything but ${show(expected)}`);
}

/** Strict structural equality of JSON-like values (what the suites compare): same prototypes, keys and values. */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof RegExp) return String(a) === String(b);
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (key) =>
      Object.prototype.hasOwnProperty.call(b, key) &&
      same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

export function deepEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T {
  if (!same(actual, expected)) fail(message, `expected ${show(expected)},\n     got ${show(actual)}`);
}
export const deepStrictEqual = deepEqual;

export function match(actual: string, pattern: RegExp, message?: string | Error): void {
  if (typeof actual !== 'string' || !pattern.test(actual))
    fail(message, `expected ${show(actual)} to match ${String(pattern)}`);
}

export function doesNotMatch(actual: string, pattern: RegExp, message?: string | Error): void {
  if (typeof actual !== 'string' || pattern.test(actual))
    fail(message, `expected ${show(actual)} not to match ${String(pattern)}`);
}
