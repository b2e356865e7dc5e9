/**
 * Kubernetes quantities for hovers, through the engine's parser and printer: what the user wrote
 * into milli-units, and a computed amount back the way people write that resource.
 */
import { formatMilli as engineFormatMilli, parseQuantity } from '../../../common/engine/index';

/** Milli-units of a quantity (`250m` → 250, `0.5` → 500, `128Mi` → 134217728000), or undefined. */
export function quantityToMilli(q: string | number | undefined): number | undefined {
  if (q === undefined) return undefined;
  try {
    return parseQuantity(q);
  } catch {
    return undefined;
  }
}

export function formatMilli(milli: number, resource: string): string {
  return engineFormatMilli(milli, resource);
}
