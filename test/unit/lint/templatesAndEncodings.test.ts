/**
 * No file is dropped without a word: valid YAML whose strings hold `{{ }}` is linted like any other
 * file; a real template (not YAML until rendered, or with markers as YAML structure) gets one info
 * finding; a placeholder where the API wants an integer is a schema finding; UTF-16 and UTF-32 files
 * with a byte-order mark are decoded as kubectl decodes them, and undecodable text gets one finding.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeManifestBytes } from '../../../server/src/workspace/textDecoding';
import { main } from '../../../server/src/cli';
import type { CliIO } from '../../../server/src/cli/io';
import { lintFiles } from '../../support/inProcessLint';

const SKIPPED_TEMPLATE =
  'Not linted: a template (Helm or Jinja) that is not YAML until it is rendered; lint the output of helm template instead';

const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: api
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: api }
  minReplicas: 1
  maxReplicas: 5
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: 60 }
`;

const QUOTED_TEMPLATE_KEDA = `apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata:
  name: api-lag
spec:
  scaleTargetRef:
    name: api
  triggers:
    - type: kafka
      metadata:
        bootstrapServers: "{{ .KAFKA_BROKERS }}"
        lagThreshold: "50"
`;

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  template:
    spec:
      containers:
        - name: api
          image: "registry/api:{{ .Values.tag }}"
          resources:
            requests: { cpu: 100m }
`;

test('valid YAML with {{ }} in its strings is linted: the ScaledObject conflicts with the HPA', () => {
  const files = { 'hpa.yaml': HPA, 'keda.yaml': QUOTED_TEMPLATE_KEDA, 'deploy.yaml': DEPLOYMENT };
  const rows = lintFiles(files, 'keda.yaml');
  assert.deepEqual(
    rows.map((r) => [r[0], r[2], r[3]]),
    [['duplicate-target', 6, 10]],
  );
  assert.match(rows[0]![6], /is also scaled by HorizontalPodAutoscaler "api" \(hpa\.yaml\)/);
  assert.deepEqual(lintFiles(files, 'deploy.yaml'), []);
});

test('a Helm template that is not YAML gets one info finding at its first marker, nothing else', () => {
  const chart = `{{- if .Values.autoscaling.enabled }}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "app.fullname" . }}
spec:
  minReplicas: {{ .Values.autoscaling.minReplicas }}
  maxReplicas: 0
{{- end }}
---
apiVersion: v1
kind: Service
metadata:
  name: "{{ .Release.Name }}"
`;
  assert.deepEqual(lintFiles({ 'templates/hpa.yaml': chart }, 'templates/hpa.yaml'), [
    ['file-skipped', 'info', 0, 0, 0, 2, SKIPPED_TEMPLATE],
  ]);
});

test('markers that parse as YAML structure ({{ x }} as a flow mapping) are a template too', () => {
  const structural = HPA.replace('minReplicas: 1', 'minReplicas: {{ .Values.min }}');
  assert.deepEqual(lintFiles({ 'hpa.yaml': structural }, 'hpa.yaml'), [
    ['file-skipped', 'info', 6, 15, 6, 17, SKIPPED_TEMPLATE],
  ]);
});

test('a sed placeholder where the API wants an integer is a schema finding', () => {
  const sed = HPA.replace('minReplicas: 1', 'minReplicas: minREPLICAS');
  const rows = lintFiles({ 'hpa.yaml': sed, 'deploy.yaml': DEPLOYMENT }, 'hpa.yaml');
  assert.deepEqual(
    rows.map((r) => [r[0], r[1], r[2], r[3]]),
    [['schema', 'error', 6, 15]],
  );
});

test('the file-skipped finding can be turned off like any rule', () => {
  const chart = '{{- if .Values.enabled }}\nkind: HorizontalPodAutoscaler\n{{- end }}\n';
  assert.deepEqual(lintFiles({ 'c.yaml': chart }, 'c.yaml', { rules: { 'file-skipped': 'off' } }), []);
});

function utf16(text: string, bigEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    out[2 + i * 2] = bigEndian ? unit >> 8 : unit & 0xff;
    out[3 + i * 2] = bigEndian ? unit & 0xff : unit >> 8;
  }
  return out;
}

function utf32(text: string, bigEndian: boolean): Uint8Array {
  const points = [...text].map((c) => c.codePointAt(0)!);
  const view = new DataView(new ArrayBuffer(4 + points.length * 4));
  view.setUint32(0, 0xfeff, !bigEndian);
  points.forEach((p, i) => view.setUint32(4 + i * 4, p, !bigEndian));
  return new Uint8Array(view.buffer);
}

test('UTF-16 and UTF-32 with a byte-order mark decode to the text; a UTF-8 mark is dropped', () => {
  const text = 'kind: Deployment # 日本語 😀\r\n';
  assert.equal(decodeManifestBytes(utf16(text, false)), text);
  assert.equal(decodeManifestBytes(utf16(text, true)), text);
  assert.equal(decodeManifestBytes(utf32(text, false)), text);
  assert.equal(decodeManifestBytes(utf32(text, true)), text);
  assert.equal(decodeManifestBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x6b, 0x3a])), 'k:');
});

async function lintDir(files: Record<string, Uint8Array | string>) {
  const dir = await mkdtemp(join(tmpdir(), 'hpa-enc-'));
  try {
    for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
    const out: string[] = [];
    const io: CliIO = {
      stdout: (t) => void out.push(t),
      stderr: () => undefined,
      readFile: async (p) => decodeManifestBytes(await import('node:fs').then((fs) => fs.readFileSync(p))),
      cwd: dir,
    };
    await main(['--format', 'json', '--no-kustomize', dir], io);
    return (
      JSON.parse(out.join('')) as {
        file: string;
        diagnostics: { rule: string; severity: string; range: { start: { line: number } } }[];
      }[]
    ).map((f) => ({
      file: f.file.slice(dir.length + 1),
      findings: f.diagnostics.map((d) => [d.rule, d.severity, d.range.start.line]),
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('hpa-lint: a UTF-16 Deployment with spec.replicas under an HPA is read and faulted', async () => {
  const deployment = `apiVersion: apps/v1\r\nkind: Deployment\r\nmetadata:\r\n  name: api\r\nspec:\r\n  replicas: 3\r\n  template:\r\n    spec:\r\n      containers:\r\n        - name: api\r\n          resources: { requests: { cpu: 100m } }\r\n`;
  const result = await lintDir({ 'deploy.yaml': utf16(deployment, false), 'hpa.yaml': HPA });
  assert.deepEqual(result, [
    { file: 'deploy.yaml', findings: [['replicas-conflict', 'warning', 5]] },
    { file: 'hpa.yaml', findings: [] },
  ]);
});

test('hpa-lint: text that is not UTF-8 (nor marked UTF-16/32) gets one finding, no other', async () => {
  // Latin-1 bytes (0xE9) and a UTF-16 file without its mark.
  const latin1 = Buffer.from(
    'kind: Deployment\nmetadata:\n  name: caf\xe9\nspec:\n  replicas: x\n',
    'latin1',
  );
  const unmarked = utf16(HPA, false).slice(2);
  const result = await lintDir({ 'latin1.yaml': latin1, 'unmarked.yaml': unmarked });
  assert.deepEqual(result, [
    { file: 'latin1.yaml', findings: [['file-skipped', 'info', 2]] },
    { file: 'unmarked.yaml', findings: [['file-skipped', 'info', 0]] },
  ]);
});
