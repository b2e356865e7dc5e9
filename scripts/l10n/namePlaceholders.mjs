// Moves server messages still written with positional placeholders (`t('{0}: Required value', path)`)
// to named ones (`t('{path}: Required value', { path })`): the calls under server/src and the keys and
// values of common/l10n/bundles/<locale>/server.json. For a branch written before the move: merge it,
// run `node scripts/l10n/namePlaceholders.mjs`, then prettier on the files it lists. A bundle left at
// the old place (server/l10n/bundle.l10n.<locale>.json) is folded into the new one and removed.
// A message it has no names for stops the run and is listed: add its names to NAMES below.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** English message -> the names of {0}, {1}, ... in order. */
const NAMES = {
  // Messages of branches still open when the move was made (repos: kustomize, vpa-conflict, injected containers).
  '{0} is missing: the controller looks {1} up in the core API group, which does not serve it, and fails with FailedGetScale on every sync; set {2}':
    ['path', 'kind', 'fix'],
  '{0} (rendered overlay {1})': ['message', 'overlay'],
  'kustomize could not render this overlay: {0}': ['reason'],
  'This overlay is not rendered, so its patches are checked only one by one: {0}': ['howToEnable'],
  'container "{0}" is not in {1}: {2} injects it at admission ({3} on the Pod template), so this metric relies on that injection':
    ['container', 'workload', 'injector', 'marker'],
  'container "{0}" is not in {1}: this metric relies on {2} injecting it at admission (enabled for the namespace, or add {3} to the Pod template)':
    ['container', 'workload', 'injector', 'marker'],
  'VerticalPodAutoscaler "{0}" (updateMode {1}) also controls the {2} request of {3} "{4}": it changes the request this HPA divides by, and the two autoscalers work against each other; scale on another metric or set the VPA to Initial or Off for {2}':
    ['vpa', 'mode', 'resource', 'kind', 'name'],
  '{0}: {1} no longer serves {2} (removed in Kubernetes 1.16): the HPA cannot read the scale (FailedGetScale); use apps/v1':
    ['path', 'apiVersion', 'kind'],
  'cannot read {0}: {1}': ['file', 'reason'],
  'File skipped: {0} bytes is more than hpa.maxFileSizeBytes ({1})': ['size', 'limit'],
  '{0} needs a value': ['flag'],
  'unknown format "{0}": use stylish, json or sarif': ['format'],
  'unknown rule "{0}"': ['rule'],
  '--rule {0}: expected ID=off|info|warning|error': ['spec'],
  'unknown option {0}': ['option'],
  'YAML syntax error ({0}): {1}': ['code', 'detail'],
  '{0} "{1}" does not request {2} on every container: {2} utilization cannot be computed': [
    'kind',
    'name',
    'resource',
  ],
  '{0} "{1}" is not in the workspace: Pod requests are unknown, so utilization targets use assumed requests':
    ['kind', 'name'],
  '{0} s': ['seconds'],
  '{0} min': ['minutes'],
  '{0} min {1} s': ['minutes', 'seconds'],
  'container "{0}" not found in {1} (its containers: {2})': ['container', 'workload', 'containers'],
  '{0} is no longer served since Kubernetes {1}: use autoscaling/v2': ['apiVersion', 'release'],
  ' and {0} more': ['count'],
  '{0} "{1}" is also scaled by {2}: autoscalers on one workload fight over its replicas (AmbiguousSelector)':
    ['kind', 'name', 'autoscalers'],
  '{0}: Required value: must specify at least one Policy': ['path'],
  '{0}: Invalid value: {1}: must be greater than 0': ['path', 'value'],
  '{0}: Invalid value: {1}: must be greater than or equal to `minReplicas`': ['path', 'value'],
  '{0}: Required value: must populate information for the given metric source': ['path'],
  '{0}: Forbidden: must populate the given metric source only': ['path'],
  '{0}: Required value: must specify a resource name': ['path'],
  '{0}: Required value: must specify a container': ['path'],
  '{0}: Required value: must specify a metric name': ['path'],
  '{0}: Invalid value: {1}: {2}': ['path', 'value', 'detail'],
  '{0}: Invalid value: {1}: quantities must match the regular expression {2}': ['path', 'value', 'pattern'],
  '{0}: Invalid value: {1}: must be positive': ['path', 'value'],
  '{0}: Required value: must set either a target raw value or a target utilization': ['path'],
  '{0}: Forbidden: may not set both a target raw value and a target utilization': ['path'],
  '{0}: Required value: must specify a positive target averageValue': ['path'],
  '{0}: Required value: must set either a target value or averageValue': ['path'],
  '{0}: Required value: must set either a target value for metric or a per-pod target': ['path'],
  '{0}: Forbidden: may not set both a target value for metric and a per-pod target': ['path'],
  '{0}: minReplicas 0 is accepted only when the alpha feature gate HPAScaleToZero is enabled (it is off by default); otherwise: must be greater than or equal to 1':
    ['path'],
  '{0}: Invalid value: 0: must be greater than or equal to 1 (scaling to zero also needs at least one Object or External metric)':
    ['path'],
  '{0}: Invalid value: {1}: must be greater than or equal to 1': ['path', 'value'],
  '{0} utilization cannot be computed: {1} has no {0} request in container {2} (missing request for {0})': [
    'resource',
    'workload',
    'containers',
  ],
  'Container "{0}" has no {1} request, but {3} "{2}" scales on {1} utilization: add resources.requests.{1}': [
    'container',
    'resource',
    'name',
    'kind',
  ],
  'periodSeconds {0} is shorter than the controller’s {1}-second sync period: the HPA acts once per sync, so this policy allows its value on every sync':
    ['period', 'sync'],
  '{0}: Invalid value: {1}: must be greater than zero': ['path', 'value'],
  '{0}: Invalid value: {1}: must be less than or equal to {2}': ['path', 'value', 'max'],
  'spec.replicas: 0 puts {0} "{1}" in maintenance mode: the controller stands aside (ScalingDisabled) until replicas is raised again':
    ['kind', 'name'],
  'spec.replicas is managed by {0} "{1}": every apply resets it to {2} and undoes the autoscaler’s choice; remove the field':
    ['kind', 'name', 'replicas'],
  '{0}: Invalid value: {1}: unexpected GroupVersion string': ['path', 'value'],
  '{0}: Invalid value: {1}: apiVersion must specify API group': ['path', 'value'],
  '{0}: {1} no longer serves {2} (removed in Kubernetes 1.16): the HPA cannot read the scale; use apps/v1': [
    'path',
    'apiVersion',
    'kind',
  ],
  '{0}: Required value': ['path'],
  'minReplicas and maxReplicas are both {0}: the HPA can never change the replica count': ['replicas'],
  'unknown field "{0}"': ['path'],
  '{0}: Invalid value: {1}: expected {2}': ['path', 'value', 'expected'],
  '{0}: Unsupported value: {1}: supported values: {2}': ['path', 'value', 'supported'],
  "{0}: Invalid value: {1}: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character":
    ['path', 'value'],
  '{0}: Invalid value: {1}: must be no more than {2} characters': ['path', 'value', 'limit'],
  'Under full load the autoscaler never reaches {0} replicas from {1}: the scale-up policies cannot get there':
    ['max', 'min'],
  'Under full load, scaling from {0} to {1} replicas takes {2}, more than the budget of {3} (hpa.slowRampBudgetSeconds)':
    ['min', 'max', 'duration', 'budget'],
  '{0}: Invalid value: {1}: must be greater than or equal to zero': ['path', 'value'],
  '{0} "{1}" in namespace "{2}" is not in the workspace: its requests and replicas are not checked': [
    'kind',
    'name',
    'namespace',
  ],
  '{0} has no scale subresource: the autoscaler cannot read or set its replicas (FailedGetScale)': ['kind'],
  '{0}: Invalid value: {1}: must be a quantity such as 0.05 or 50m': ['path', 'value'],
  '{0}: Invalid value: {1}: must be greater than or equal to 0': ['path', 'value'],
  '{0}: Invalid value: {1}: must be greater than {2}': ['path', 'value', 'min'],
  '{0}: minReplicas {1} is accepted only when the alpha feature gate HPAScaleToZero is enabled (it is off by default); otherwise: must be greater than or equal to {2}':
    ['path', 'value', 'min'],
  '{0}: Invalid value: {1}: must be greater than or equal to {2} (scaling to zero also needs at least one Object or External metric)':
    ['path', 'value', 'min'],
  '{0}: Invalid value: {1}: must be greater than or equal to {2}': ['path', 'value', 'min'],
};

const ROOT = join(import.meta.dirname, '..', '..');
const SKIPPED = new Set(['features']); // the features have their own keyed bundles

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIPPED.has(name)) return [];
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** The end of a string literal starting at `i` (a quote), template literals with `${}` included. */
function skipString(src, i) {
  const quote = src[i++];
  while (src[i] !== quote) {
    if (src[i] === '\\') i += 2;
    else if (quote === '`' && src[i] === '$' && src[i + 1] === '{') i = skipBalanced(src, i + 1) + 1;
    else i++;
  }
  return i;
}

/** The index of the bracket closing the one at `i`. */
function skipBalanced(src, i) {
  let depth = 0;
  for (; i < src.length; i++) {
    const c = src[i];
    if (c === "'" || c === '"' || c === '`') i = skipString(src, i);
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && --depth === 0) return i;
  }
  throw new Error('unbalanced brackets');
}

/** The top-level arguments of the call whose `(` is at `open`, as source text. */
function callArguments(src, open) {
  const close = skipBalanced(src, open);
  const args = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < close; i++) {
    const c = src[i];
    if (c === "'" || c === '"' || c === '`') i = skipString(src, i);
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      args.push(src.slice(start, i));
      start = i + 1;
    }
  }
  args.push(src.slice(start, close));
  return { close, args: args.map((a) => a.trim()).filter((a) => a !== '') };
}

/** The value of a '…' or "…" literal; undefined for anything else. */
function literalValue(text) {
  if (text[0] === '"') return JSON.parse(text);
  if (text[0] !== "'") return undefined;
  return JSON.parse(`"${text.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`);
}

const rename = (template, names) =>
  template.replace(/\{(\d+)\}/g, (whole, i) => (names[i] ? `{${names[i]}}` : whole));

const unnamed = new Set();
/** Every message the code passes to t() after the move: what the bundles must hold, and no more. */
const used = new Set();
const changed = [];
for (const file of sourceFiles(join(ROOT, 'server', 'src'))) {
  let src = readFileSync(file, 'utf8');
  const edits = [];
  for (const match of src.matchAll(/(?<![\w.])t\(/g)) {
    const open = match.index + 1;
    const { close, args } = callArguments(src, open);
    if (args.length < 2 || args[1].startsWith('{')) {
      const plain = literalValue(args[0] ?? '');
      if (plain !== undefined) used.add(plain);
      continue;
    }
    const key = literalValue(args[0]);
    if (key !== undefined && !/\{\d+\}/.test(key)) used.add(key);
    if (key === undefined || !/\{\d+\}/.test(key)) continue;
    const names = NAMES[key];
    if (!names || names.length !== args.length - 1) {
      unnamed.add(key);
      continue;
    }
    const escapedQuote = args[0].includes('\\u2019');
    let literal = `'${rename(key, names).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
    if (escapedQuote) literal = literal.replace(/\u2019/g, '\\u2019');
    const record = names
      .map((name, i) => (args[i + 1] === name ? name : `${name}: ${args[i + 1]}`))
      .join(', ');
    used.add(rename(key, names));
    edits.push({ from: match.index, to: close + 1, text: `t(${literal}, { ${record} })` });
  }
  for (const edit of edits.reverse()) src = src.slice(0, edit.from) + edit.text + src.slice(edit.to);
  if (edits.length > 0) {
    writeFileSync(file, src);
    changed.push(file);
  }
}

const bundles = join(ROOT, 'common', 'l10n', 'bundles');
const dropped = new Set();
for (const locale of readdirSync(bundles)) {
  const file = join(bundles, locale, 'server.json');
  if (!existsSync(file)) continue;
  const renamed = (entries) =>
    Object.fromEntries(
      Object.entries(entries).map(([key, value]) => {
        const names = NAMES[key];
        if (!names && /\{\d+\}/.test(key)) unnamed.add(key);
        return names ? [rename(key, names), rename(value, names)] : [key, value];
      }),
    );
  // The current bundle wins: it carries the glossary's terms; the old file only adds what it lacks.
  const legacy = join(ROOT, 'server', 'l10n', `bundle.l10n.${locale}.json`);
  const entries = {
    ...(existsSync(legacy) ? renamed(JSON.parse(readFileSync(legacy, 'utf8'))) : {}),
    ...renamed(JSON.parse(readFileSync(file, 'utf8'))),
  };
  const out = {};
  for (const [key, value] of Object.entries(entries)) {
    if (used.has(key)) out[key] = value;
    else dropped.add(key);
  }
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  if (existsSync(legacy)) rmSync(legacy);
  changed.push(file);
}

for (const file of changed) console.log(file);
for (const key of dropped) console.error(`dropped (no longer in the code): ${JSON.stringify(key)}`);
if (unnamed.size > 0) {
  console.error('Messages without names (add them to NAMES, then run again):');
  for (const key of unnamed) console.error(`  ${JSON.stringify(key)}`);
  process.exitCode = 1;
}
