/**
 * The short form of `npm run fuzz`: a few hundred generated cases (fixed seed) and every big input
 * (10,000-level nesting, 10,000 documents, the alias bomb, a file just over the size guard) through
 * the server's document pipeline, the language features and the CLI, in-process. No exception may
 * escape, every range must lie inside its document, and the normal document must keep its
 * diagnostics. The real 50 MB file and the latency and memory figures are `npm run fuzz`'s.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_SETTINGS } from '../../server/src/settings';
import { runFuzz } from './runner';

test('fuzz (short): no exception, ranges inside documents, normal document unaffected', async () => {
  const report = await runFuzz({
    cases: 100,
    seed: 20_261_129,
    hugeBytes: DEFAULT_SETTINGS.maxFileSizeBytes + 1,
    cliEvery: 6,
    log: (line) => console.log(line),
  });
  if (report.corpusNote) console.log(`note: ${report.corpusNote}`);
  assert.equal(report.casesTried, 100 + 7);
  assert.ok(report.cliRuns > 0);
  assert.deepEqual(report.failures, []);
  assert.equal(report.exceptions, 0);
});
