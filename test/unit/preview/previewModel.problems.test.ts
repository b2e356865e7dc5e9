/**
 * The preview model carries the errors of the HPA's own document (issue 17 item 2): a YAML error
 * that drops `behavior:`, a misspelt target field, `maxReplicas: 0`. Each is what the linter reports
 * for that document, with its 1-based line; a clean HPA has none, and another document's errors are
 * not this HPA's.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setLocale } from '../../../server/src/localize';
import { previewModelAt } from '../../../server/src/preview/previewModel';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { FileModel } from '../../../server/src/yaml/documents';

function modelOf(text: string, line = 0) {
  setLocale('en');
  const workspace = new WorkspaceIndex();
  const file = new FileModel('file:///w/hpa.yaml', text, 1);
  workspace.setFile(file);
  return previewModelAt(file, workspace, line);
}

const HEAD = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: api
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: api
`;

test('a clean HPA has no problems', () => {
  const model = modelOf(`${HEAD}  minReplicas: 1\n  maxReplicas: 5\n`);
  assert.ok(model);
  assert.equal(model.problems, undefined);
});

test('a YAML error inside behavior: is a problem on its line', () => {
  const model = modelOf(
    `${HEAD}  maxReplicas: 5\n  behavior:\n    scaleDown:\n      policies: [ {type: Pods, value: 1\n`,
  );
  assert.ok(model);
  const problems = model.problems ?? [];
  assert.ok(problems.length > 0, 'a problem');
  assert.equal(problems[0]!.rule, 'yaml-syntax');
  assert.match(problems[0]!.message, /^YAML syntax error/);
  assert.equal(problems[0]!.line, 13);
});

test('a misspelt averageUtilisation and maxReplicas: 0 are problems with their lines', () => {
  const model = modelOf(`${HEAD}  maxReplicas: 0
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilisation: 60
`);
  assert.ok(model);
  const problems = model.problems ?? [];
  const lines = problems.map((p) => p.line);
  assert.ok(lines.includes(10), `maxReplicas on line 10: ${JSON.stringify(problems)}`);
  assert.ok(lines.includes(17), `averageUtilisation on line 17: ${JSON.stringify(problems)}`);
  assert.ok(problems.some((p) => /averageUtilization/.test(p.message)));
});

test("another document's errors are not this HPA's", () => {
  const model = modelOf(
    `${HEAD}  maxReplicas: 5\n---\nkind: ConfigMap\napiVersion: v1\nmetadata: {name: x\n`,
    0,
  );
  assert.ok(model);
  assert.equal(model.problems, undefined);
});
