/**
 * A complete autoscaling/v2 HPA (every field the rules read, every metric type, both behavior
 * directions) and the Deployment it scales, as plain trees. A case replaces the value at some paths
 * with hostile YAML text and writes the tree back out as block YAML, so every field of an HPA gets
 * every wrong type in turn.
 */

/** A YAML snippet written verbatim where a value goes. */
export interface Raw {
  raw: string;
}

export type Tree = string | number | boolean | null | Raw | Tree[] | { [key: string]: Tree };

export type TreePath = (string | number)[];

export function isRaw(node: Tree): node is Raw {
  return typeof node === 'object' && node !== null && !Array.isArray(node) && 'raw' in node;
}

function isMapNode(node: Tree): node is { [key: string]: Tree } {
  return typeof node === 'object' && node !== null && !Array.isArray(node) && !isRaw(node);
}

export const TEMPLATE_HPA: Tree = {
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'fuzz-web', namespace: 'fuzz', labels: { app: 'web' } },
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'fuzz-web' },
    minReplicas: 2,
    maxReplicas: 10,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } },
      },
      {
        type: 'Resource',
        resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '512Mi' } },
      },
      {
        type: 'ContainerResource',
        containerResource: {
          name: 'cpu',
          container: 'app',
          target: { type: 'Utilization', averageUtilization: 70 },
        },
      },
      {
        type: 'Pods',
        pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '100' } },
      },
      {
        type: 'Object',
        object: {
          describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' },
          metric: { name: 'requests', selector: { matchLabels: { path: '/' } } },
          target: { type: 'Value', value: '10k' },
        },
      },
      {
        type: 'External',
        external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } },
      },
    ],
    behavior: {
      scaleUp: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        tolerance: '0.05',
        policies: [
          { type: 'Percent', value: 100, periodSeconds: 15 },
          { type: 'Pods', value: 4, periodSeconds: 15 },
        ],
      },
      scaleDown: {
        stabilizationWindowSeconds: 300,
        selectPolicy: 'Min',
        policies: [{ type: 'Percent', value: 10, periodSeconds: 60 }],
      },
    },
  },
};

export const TEMPLATE_DEPLOYMENT: Tree = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'fuzz-web', namespace: 'fuzz' },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: {
        containers: [
          {
            name: 'app',
            image: 'nginx:1.27',
            resources: { requests: { cpu: '250m', memory: '256Mi' }, limits: { cpu: '1' } },
          },
          { name: 'sidecar', image: 'busybox', resources: { requests: { cpu: '50m' } } },
        ],
      },
    },
  },
};

/** Every path to a value in the tree (maps, lists and leaves; not the root). */
export function allPaths(tree: Tree, prefix: TreePath = []): TreePath[] {
  const out: TreePath[] = [];
  if (Array.isArray(tree)) {
    tree.forEach((child, i) => {
      out.push([...prefix, i]);
      out.push(...allPaths(child, [...prefix, i]));
    });
  } else if (isMapNode(tree)) {
    for (const [key, child] of Object.entries(tree)) {
      out.push([...prefix, key]);
      out.push(...allPaths(child, [...prefix, key]));
    }
  }
  return out;
}

/** A copy of the tree with the value at `path` replaced. */
export function replaceAt(tree: Tree, path: TreePath, value: Tree): Tree {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(tree) && typeof head === 'number') {
    return tree.map((child, i) => (i === head ? replaceAt(child, rest, value) : child));
  }
  if (isMapNode(tree) && typeof head === 'string') {
    const copy: { [key: string]: Tree } = {};
    for (const [key, child] of Object.entries(tree))
      copy[key] = key === head ? replaceAt(child, rest, value) : child;
    return copy;
  }
  return tree;
}

/** A copy of the tree with the key at `path` renamed (to a duplicate, a prototype key, a merge key...). */
export function renameKeyAt(tree: Tree, path: TreePath, newKey: string): Tree {
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1];
  const rename = (node: Tree): Tree => {
    if (!isMapNode(node) || typeof key !== 'string') return node;
    const entries = Object.entries(node).map(([k, v]): [string, Tree] => [k === key ? newKey : k, v]);
    // A duplicate key cannot live in a JS object: keep it as a raw line instead.
    return { raw: flowMap(entries) };
  };
  return parentPath.length === 0
    ? rename(tree)
    : replaceAt(tree, parentPath, rename(valueAt(tree, parentPath)));
}

function valueAt(tree: Tree, path: TreePath): Tree {
  let node: Tree = tree;
  for (const step of path) {
    if (Array.isArray(node) && typeof step === 'number') node = node[step] ?? null;
    else if (isMapNode(node) && typeof step === 'string') node = node[step] ?? null;
    else return null;
  }
  return node;
}

function flowMap(entries: [string, Tree][]): string {
  return `{${entries.map(([k, v]) => `${k}: ${flow(v)}`).join(', ')}}`;
}

/** One-line flow YAML for a subtree. */
export function flow(node: Tree): string {
  if (isRaw(node)) return node.raw === '' ? 'null' : node.raw;
  if (Array.isArray(node)) return `[${node.map(flow).join(', ')}]`;
  if (isMapNode(node)) return flowMap(Object.entries(node));
  return scalar(node);
}

function scalar(value: string | number | boolean | null): string {
  if (value === null) return 'null';
  if (typeof value === 'string') {
    // Quote what YAML would otherwise read as another type, or as syntax.
    return /^[A-Za-z][\w./-]*$/.test(value) && !/^(true|false|null|yes|no|on|off|~)$/i.test(value)
      ? value
      : JSON.stringify(value);
  }
  return String(value);
}

/** Block YAML for a document, two-space indented, list items in `- key: value` form. */
export function toBlockYaml(tree: Tree, indent = 0): string {
  return blockLines(tree, indent).join('\n') + '\n';
}

function blockLines(node: Tree, indent: number): string[] {
  const pad = ' '.repeat(indent);
  if (Array.isArray(node)) {
    if (node.length === 0) return [`${pad}[]`];
    const lines: string[] = [];
    for (const item of node) {
      if (isComposite(item)) {
        const child = blockLines(item, indent + 2);
        lines.push(`${pad}- ${child[0]!.slice(indent + 2)}`, ...child.slice(1));
      } else {
        lines.push(`${pad}- ${flow(item)}`);
      }
    }
    return lines;
  }
  if (isMapNode(node)) {
    const entries = Object.entries(node);
    if (entries.length === 0) return [`${pad}{}`];
    const lines: string[] = [];
    for (const [key, value] of entries) {
      if (isComposite(value)) lines.push(`${pad}${key}:`, ...blockLines(value, indent + 2));
      else lines.push(`${pad}${key}: ${isRaw(value) ? value.raw : flow(value)}`.trimEnd());
    }
    return lines;
  }
  return [`${pad}${flow(node)}`];
}

function isComposite(node: Tree): boolean {
  if (Array.isArray(node)) return node.length > 0;
  return isMapNode(node) && Object.keys(node).length > 0;
}
