import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ControllerOptions } from '../../common/engine';

test('placeholder', () => {
  const o: Partial<ControllerOptions> = { syncPeriodSeconds: 15 };
  assert.equal(o.syncPeriodSeconds, 15);
});
