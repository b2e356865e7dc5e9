/**
 * The bundles validate with ajv's standalone code generated at build time
 * (server/src/schema/standaloneSchemaCode.ts), the sources with validators ajv compiles at run time.
 * Here both run side by side on every value the schema rule checks (schemaCrossCheck.ts) while
 * this file lints every YAML file of the corpora and fixtures and runs the rule tests
 * (test/unit/rules/, imported below) and the "did you mean" tests again: any difference in
 * an answer or an error object fails the lint that met it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { FileModel } from '../../../server/src/yaml/documents';
import { lintFile } from '../../../server/src/lint/lint';
import { schemaDocuments } from '../../../server/src/schema/schemaDocuments';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { setLocale } from '../../../server/src/localize';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { crossChecking, evaluateStandalone, installSchemaCrossCheck } from './schemaCrossCheck';
import { ROOT, SHARED, yamlFilesUnder } from '../../support/corpusFiles';

const YAML_ROOTS = [join(SHARED, 'corpus'), join(ROOT, 'examples'), join(ROOT, 'test', 'fixtures')];

const counts = installSchemaCrossCheck();

describe('standalone schema validators', () => {
  test('every corpus and fixture file lints with both validators agreeing', (t) => {
    setLocale('en');
    const files = YAML_ROOTS.flatMap(yamlFilesUnder);
    assert.ok(files.length > 400, `the corpora are there (${files.length} YAML files)`);
    const before = { ...counts };
    for (const path of files) {
      const workspace = new WorkspaceIndex();
      const model = new FileModel(path, readFileSync(path, 'utf8'), undefined);
      workspace.setFile(model);
      lintFile(model, workspace, { ...DEFAULT_SETTINGS, rules: {} });
    }
    assert.ok(counts.values - before.values > 250, `values compared: ${counts.values - before.values}`);
    t.diagnostic(
      `compared ${counts.values - before.values} values, ${counts.withErrors - before.withErrors} with errors`,
    );
    assert.ok(
      counts.withErrors - before.withErrors > 10,
      `with errors: ${counts.withErrors - before.withErrors}`,
    );
  });

  test('a difference in the error objects is caught', () => {
    // The same schema under ajv without `verbose`: same answers, errors without parentSchema.
    const hpa = schemaDocuments().hpa;
    const plain = new Ajv({ allErrors: true, strict: false, code: { source: true } });
    plain.addSchema(hpa, 'hpa');
    const terse = evaluateStandaloneSingle(standaloneCode(plain, { hpa: 'hpa' }));
    const verbose = new Ajv({ allErrors: true, strict: false, verbose: true }).compile(hpa);
    const tally = { values: 0, withErrors: 0, keywords: new Set<string>() };
    const both = crossChecking(verbose, terse, 'hpa', tally);
    assert.equal(
      both({
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        spec: { maxReplicas: 2, scaleTargetRef: { kind: 'Deployment', name: 'web' } },
      }),
      true,
    );
    assert.throws(
      () => both({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', spce: {} }),
      /different errors/,
    );
  });
});

/** A standalone module with one validator named `hpa` (no loadSchemaValidators export). */
function evaluateStandaloneSingle(code: string) {
  return evaluateStandalone(
    `${code}\nexports.loadSchemaValidators = () => ({ hpa: exports.hpa, workloads: {}, lintConfig: exports.hpa });`,
  ).hpa;
}

// The rule tests once more, now through the cross-checking validators.
const RULES = join(__dirname, '..', 'rules');
for (const file of [
  ...readdirSync(RULES)
    .filter((f) => /^rules-.*\.test\.ts$|^kubernetesVersions\.test\.ts$/.test(f))
    .map((f) => join(RULES, f)),
  join(__dirname, '..', 'features', 'didYouMean.test.ts'),
].sort())
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- registers that file's tests here
  require(file);

after(() => {
  // Every kind of schema complaint the rule reports was compared at least once.
  for (const keyword of ['additionalProperties', 'type', 'required', 'enum'])
    assert.ok(counts.keywords.has(keyword), `no ${keyword} error was compared`);
});
