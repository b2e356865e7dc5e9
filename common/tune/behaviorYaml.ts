/**
 * A behavior block as YAML, the one writer for what the tuner suggests: `hpa-lint tune` prints it
 * and the preview's Suggest panel shows it, so both show every field the block sets, `tolerance`
 * included, in the order the API documents them. Apply does not use it: the server writes the same
 * block into the file in the file's own layout (server/src/edits/behaviorEdit.ts).
 */
import type { HPABehavior, HPAScalingRules, Quantity } from '../engine/types';

/** A quantity as YAML: a number as is, a string quoted (`"50m"`), so it reads back as it was. */
function quantityText(value: Quantity): string {
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

function rulesLines(key: string, rules: HPAScalingRules | null | undefined, indent: string): string[] {
  if (!rules) return [];
  const inner = `${indent}  `;
  const lines = [`${indent}${key}:`];
  if (typeof rules.stabilizationWindowSeconds === 'number')
    lines.push(`${inner}stabilizationWindowSeconds: ${rules.stabilizationWindowSeconds}`);
  if (rules.selectPolicy) lines.push(`${inner}selectPolicy: ${rules.selectPolicy}`);
  if (rules.policies) {
    // An empty list written as `policies:` alone would read back as null, not [].
    if (rules.policies.length === 0) lines.push(`${inner}policies: []`);
    else {
      lines.push(`${inner}policies:`);
      for (const p of rules.policies)
        lines.push(
          `${inner}  - type: ${p.type}`,
          `${inner}    value: ${p.value}`,
          `${inner}    periodSeconds: ${p.periodSeconds}`,
        );
    }
  }
  if (rules.tolerance !== undefined) lines.push(`${inner}tolerance: ${quantityText(rules.tolerance)}`);
  return lines;
}

/** The block's lines, `behavior:` at `indent`. */
export function behaviorYamlLines(behavior: HPABehavior, indent = ''): string[] {
  return [
    `${indent}behavior:`,
    ...rulesLines('scaleUp', behavior.scaleUp, `${indent}  `),
    ...rulesLines('scaleDown', behavior.scaleDown, `${indent}  `),
  ];
}

/** The block as YAML text ending in a line break, `behavior:` at `indent`. */
export function behaviorYaml(behavior: HPABehavior, indent = ''): string {
  return `${behaviorYamlLines(behavior, indent).join('\n')}\n`;
}
