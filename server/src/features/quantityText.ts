/**
 * Kubernetes quantities for display in hovers: parse what the user wrote into milli-units and print
 * a computed amount the way people write that resource (millicores for cpu, binary units for memory).
 */
const DECIMAL: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};
const BINARY: Record<string, number> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** Milli-units of a quantity (`250m` → 250, `0.5` → 500, `128Mi` → 134217728000), or undefined. */
export function quantityToMilli(q: string | number | undefined): number | undefined {
  if (q === undefined) return undefined;
  if (typeof q === 'number') return Number.isFinite(q) ? q * 1000 : undefined;
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei)|([numkMGTPE]?))\s*$/.exec(q);
  if (!m) return undefined;
  const base = Number(m[1]);
  let factor = 1;
  if (m[2]) factor = 10 ** Number(m[2].slice(1));
  else if (m[3]) factor = BINARY[m[3]]!;
  else factor = DECIMAL[m[4] ?? '']!;
  const milli = base * factor * 1000;
  return Number.isFinite(milli) ? milli : undefined;
}

function trimNumber(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** An amount in milli-units as a readable quantity for `resource`. */
export function formatMilli(milli: number, resource: string): string {
  if (resource === 'memory' || resource.endsWith('storage')) {
    const bytes = milli / 1000;
    for (const unit of ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki'] as const) {
      if (bytes >= BINARY[unit]!) return `${trimNumber(bytes / BINARY[unit]!)}${unit}`;
    }
    return trimNumber(bytes);
  }
  if (Number.isInteger(milli / 1000)) return String(milli / 1000);
  return `${trimNumber(milli)}m`;
}
