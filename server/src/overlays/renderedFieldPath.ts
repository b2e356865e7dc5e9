/**
 * Where a finding sits in a rendered object, as a path of fields that can be followed in a source
 * file: map keys, and list items by their merge key (containers by `name`...) where they have one,
 * since a strategic-merge patch matches items by name and a rendered list's order is kustomize's.
 * And a rendered name against the name in a source file, which kustomize may have given a prefix or suffix.
 */
import type { YamlView } from '../yaml/yamlView';

export type Step = { key: string } | { index: number; name: string | undefined };

export interface FieldPath {
  steps: Step[];
  /** The finding was on the key rather than on the value. */
  onKey: boolean;
}

/** The fields from the object's root down to the node at `offset`. */
export function fieldPath(root: YamlView, offset: number): FieldPath {
  const steps: Step[] = [];
  let view = root;
  for (;;) {
    let next: YamlView | undefined;
    if (view.isMap) {
      for (const key of view.keys()) {
        const child = view.get(key);
        const keySpan = child.keySpan();
        if (offset >= keySpan.start && offset < keySpan.end) {
          steps.push({ key });
          return { steps, onKey: true };
        }
        const valueSpan = child.valueSpan();
        if (offset >= valueSpan.start && offset <= valueSpan.end) {
          steps.push({ key });
          next = child;
          break;
        }
      }
    } else if (view.isSeq) {
      const items = view.items();
      for (let index = 0; index < items.length; index++) {
        const span = items[index]!.valueSpan();
        if (offset >= span.start && offset <= span.end) {
          steps.push({ index, name: itemName(items[index]!) });
          next = items[index];
          break;
        }
      }
    }
    if (!next) return { steps, onKey: false };
    view = next;
  }
}

/** A list item's merge key, as strategic-merge patches match items (containers by name...). */
export function itemName(item: YamlView): string | undefined {
  return item.get('name').string ?? item.get('containerName').string;
}

/** The child a step leads to in a source object, or undefined when it is not there. */
export function follow(view: YamlView, step: Step): YamlView | undefined {
  if ('key' in step) {
    const child = view.get(step.key);
    return child.exists ? child : undefined;
  }
  const items = view.items();
  if (step.name !== undefined) return items.find((item) => itemName(item) === step.name);
  return items[step.index];
}

export function stepKey(step: Step | undefined): string | undefined {
  return step && 'key' in step ? step.key : undefined;
}

/** A source name and a rendered one: equal, or the rendered one with a namePrefix or nameSuffix. */
export function namesMatch(rendered: string | undefined, source: string | undefined): boolean {
  if (rendered === undefined || source === undefined) return false;
  return rendered === source || rendered.startsWith(source) || rendered.endsWith(source);
}
