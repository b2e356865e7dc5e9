/**
 * Kubernetes resource quantities, converted to milli-units the way the controller does before any
 * arithmetic (`Quantity.MilliValue()`: exact decimal arithmetic, rounded up to a whole milli-unit).
 * Decimal strings are handled with BigInt so "0.1" is exactly 100 m, never 100.00000000000001.
 */
import type { Quantity } from './types';

export class QuantityError extends Error {
  constructor(
    readonly input: unknown,
    detail: string,
  ) {
    super(`invalid quantity ${JSON.stringify(input)}: ${detail}`);
    this.name = 'QuantityError';
  }
}

/** Decimal SI suffixes as powers of ten. */
const DECIMAL_SUFFIX: Record<string, number> = {
  n: -9,
  u: -6,
  m: -3,
  '': 0,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
};

/** Binary suffixes as powers of 1024. */
const BINARY_SUFFIX: Record<string, number> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };

const QUANTITY_PATTERN = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])|[eE]([+-]?\d+))?$/;

/** Exact rational value of a quantity: numerator / 10^scale (scale may be negative). */
interface ExactQuantity {
  negative: boolean;
  digits: bigint;
  /** Power of ten to multiply `digits` with. */
  exponent: number;
  /** Power of 1024 to multiply with. */
  binaryPower: number;
}

function parseExact(q: Quantity): ExactQuantity {
  const text = typeof q === 'number' ? numberToText(q) : String(q).trim();
  const match = QUANTITY_PATTERN.exec(text);
  if (!match)
    throw new QuantityError(q, 'expected a number with an optional suffix such as 250m, 1.5, 2Gi or 1e3');
  const [, sign, number, suffix, exp] = match as unknown as [
    string,
    string,
    string,
    string | undefined,
    string | undefined,
  ];
  const [intPart, fracPart = ''] = number.split('.');
  const digits = BigInt((intPart ?? '') + fracPart || '0');
  let exponent = -fracPart.length;
  let binaryPower = 0;
  if (exp !== undefined) {
    exponent += Number(exp);
  } else if (suffix !== undefined && suffix in BINARY_SUFFIX) {
    binaryPower = BINARY_SUFFIX[suffix] as number;
  } else {
    exponent += DECIMAL_SUFFIX[suffix ?? ''] as number;
  }
  if (Math.abs(exponent) > 400) throw new QuantityError(q, 'exponent out of range');
  return { negative: sign === '-', digits, exponent, binaryPower };
}

function numberToText(n: number): string {
  if (!Number.isFinite(n)) throw new QuantityError(n, 'not a finite number');
  // toString may give "1e+21"; the pattern accepts a signed exponent.
  return String(n);
}

/** Ceiling division for non-negative bigints. */
function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/**
 * A Kubernetes quantity in milli-units: "250m" -> 250, "1" -> 1000, "1.5" -> 1500,
 * "2Gi" -> 2*1024^3*1000, "1e3" -> 1000000. Plain numbers count as whole units (2 -> 2000).
 * Like the API machinery, a value finer than 1 m is rounded up (away from zero).
 * @throws QuantityError on anything that is not a quantity.
 */
export function parseQuantity(q: Quantity): number {
  if (typeof q !== 'string' && typeof q !== 'number')
    throw new QuantityError(q, 'expected a string or a number');
  // Targets are parsed on every sync of a simulation: remember recent answers.
  const cached = milliCache.get(q);
  if (cached !== undefined) return cached;
  const value = parseQuantityUncached(q);
  if (milliCache.size >= MILLI_CACHE_LIMIT) milliCache.clear();
  milliCache.set(q, value);
  return value;
}

/**
 * `parseQuantity` for values read from a manifest, where anything may be written: milli-units, or
 * undefined when the value is not a finite quantity (the caller reports that in its own words).
 */
export function quantityMilliOrUndefined(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  try {
    const milli = parseQuantity(value);
    return Number.isFinite(milli) ? milli : undefined;
  } catch {
    return undefined;
  }
}

const MILLI_CACHE_LIMIT = 1000;
const milliCache = new Map<Quantity, number>();

function parseQuantityUncached(q: Quantity): number {
  const { negative, digits, exponent, binaryPower } = parseExact(q);
  const numerator = digits * 1024n ** BigInt(binaryPower);
  const milliExponent = exponent + 3;
  let milli: bigint;
  if (milliExponent >= 0) {
    milli = numerator * 10n ** BigInt(milliExponent);
  } else {
    milli = ceilDiv(numerator, 10n ** BigInt(-milliExponent));
  }
  const value = Number(milli);
  return negative && value !== 0 ? -value : value;
}

/** A quantity as a double in whole units ("50m" -> 0.05), like `AsApproximateFloat64`; used for tolerances. */
export function quantityToNumber(q: Quantity): number {
  if (typeof q !== 'string' && typeof q !== 'number')
    throw new QuantityError(q, 'expected a string or a number');
  if (typeof q === 'number') {
    if (!Number.isFinite(q)) throw new QuantityError(q, 'not a finite number');
    return q;
  }
  const { negative, digits, exponent, binaryPower } = parseExact(q);
  // Let the runtime round the decimal once, exactly as a parsed literal would be.
  const value = Number(`${digits}e${exponent}`) * 1024 ** binaryPower;
  return negative ? -value : value;
}

const BINARY_UNITS: [string, number][] = [
  ['Ei', 1024 ** 6],
  ['Pi', 1024 ** 5],
  ['Ti', 1024 ** 4],
  ['Gi', 1024 ** 3],
  ['Mi', 1024 ** 2],
  ['Ki', 1024],
];

function trimDecimals(n: number, places: number): string {
  return String(Number(n.toFixed(places)));
}

/**
 * Milli-units back to the form people write: "250m", "1.5", "2"; with `resource` "memory" (or
 * ephemeral-storage) bytes in binary units: "512Mi", "1.5Gi". Values that are not exact in a unit
 * are rounded to two decimals, which is for reading, not for writing back into a manifest.
 */
export function formatMilli(milli: number, resource?: string): string {
  if (!Number.isFinite(milli)) return String(milli);
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  if (resource === 'memory' || resource === 'ephemeral-storage') {
    const bytes = abs / 1000;
    for (const [unit, size] of BINARY_UNITS) {
      if (bytes >= size) return `${sign}${trimDecimals(bytes / size, 2)}${unit}`;
    }
    if (Number.isInteger(bytes)) return `${sign}${bytes}`;
  }
  if (abs === 0) return '0';
  if (abs < 1000 || !Number.isInteger(abs / 10)) {
    // Below one unit, or finer than 0.01: milli-units read best.
    if (abs >= 1000 && Number.isInteger(abs)) return `${sign}${trimDecimals(abs / 1000, 3)}`;
    return `${sign}${trimDecimals(abs, 1)}m`;
  }
  return `${sign}${trimDecimals(abs / 1000, 3)}`;
}
