/**
 * Kubernetes quantities as the rules need them: milli-units, or undefined when the text is not a
 * quantity (the caller reports that). The arithmetic is the engine's, so rules and simulator agree.
 */
import { parseQuantity } from '../../../common/engine/quantity';

export function quantityMilli(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  try {
    const milli = parseQuantity(value);
    return Number.isFinite(milli) ? milli : undefined;
  } catch {
    return undefined;
  }
}
