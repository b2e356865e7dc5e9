/**
 * The `behavior` block a client asks to write (the preview's "Apply" of a tuner suggestion), checked
 * field by field and turned into the plain value `spec.behavior` must read as afterwards: the API's
 * order of fields, unset fields (undefined, null, no policies) left out, and `{}` for a direction or
 * a block that leaves everything to the API defaults. The request comes over the wire, so anything
 * else is named rather than written.
 */
import type { PlainMap, PlainValue } from './plainYamlText';

/** The field of the asked block that is not a behavior field, as a path for the message. */
export class MalformedBehavior extends Error {
  constructor(readonly path: string) {
    super(`not a behavior field: ${path}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function finiteNumber(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new MalformedBehavior(path);
  return value;
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new MalformedBehavior(path);
  return value;
}

function rulesValue(rules: unknown, path: string): PlainMap {
  if (!isRecord(rules)) throw new MalformedBehavior(path);
  const out: PlainMap = {};
  const window = rules.stabilizationWindowSeconds;
  if (window !== undefined && window !== null)
    out.stabilizationWindowSeconds = finiteNumber(window, `${path}.stabilizationWindowSeconds`);
  if (rules.selectPolicy !== undefined) out.selectPolicy = text(rules.selectPolicy, `${path}.selectPolicy`);
  const policies = rules.policies;
  if (policies !== undefined && policies !== null) {
    if (!Array.isArray(policies)) throw new MalformedBehavior(`${path}.policies`);
    const written: PlainValue[] = policies.map((policy: unknown, i) => {
      const at = `${path}.policies[${i}]`;
      if (!isRecord(policy)) throw new MalformedBehavior(at);
      return {
        type: text(policy.type, `${at}.type`),
        value: finiteNumber(policy.value, `${at}.value`),
        periodSeconds: finiteNumber(policy.periodSeconds, `${at}.periodSeconds`),
      };
    });
    if (written.length > 0) out.policies = written;
  }
  const tolerance = rules.tolerance;
  if (tolerance !== undefined && tolerance !== null)
    out.tolerance =
      typeof tolerance === 'number'
        ? finiteNumber(tolerance, `${path}.tolerance`)
        : text(tolerance, `${path}.tolerance`);
  return out;
}

/** The plain value of `spec.behavior` once `behavior` is written; throws MalformedBehavior. */
export function behaviorValue(behavior: unknown): PlainMap {
  if (!isRecord(behavior)) throw new MalformedBehavior('behavior');
  const out: PlainMap = {};
  for (const direction of ['scaleUp', 'scaleDown'] as const) {
    const rules = behavior[direction];
    if (rules !== undefined && rules !== null) out[direction] = rulesValue(rules, `behavior.${direction}`);
  }
  return out;
}
