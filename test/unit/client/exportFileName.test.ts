/** The default file names of the preview's exports follow the HPA (issue 17 item 9). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exportFileName } from '../../../client/src/preview/exportFileName';

test('an export is offered under the HPA name and what it holds', () => {
  assert.equal(exportFileName('web', 'csv'), 'web-timeline.csv');
  assert.equal(exportFileName('web', 'svg'), 'web-chart.svg');
  assert.equal(exportFileName('queue-worker.v2', 'svg'), 'queue-worker.v2-chart.svg');
});

test('a name that is not a file name keeps only safe characters, and nothing left falls back', () => {
  assert.equal(exportFileName('examples/web hpa.yaml', 'csv'), 'examples-web-hpa.yaml-timeline.csv');
  assert.equal(exportFileName('../../etc/passwd', 'csv'), 'etc-passwd-timeline.csv');
  assert.equal(exportFileName('', 'svg'), 'hpa-preview-chart.svg');
  assert.equal(exportFileName('日本', 'csv'), 'hpa-preview-timeline.csv');
});
