/**
 * The host-side check of what the preview webview posts (common/preview/validate.ts), fuzzed:
 * whatever arrives — any JSON-like value, or a real message with one field swapped for anything —
 * the validator returns a boolean without throwing, and whatever it accepts has exactly the shape
 * the host reads (so a message with a wrong shape is dropped whole). The hand-written cases are the
 * preview helper's (test/unit/preview/validate.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isHostToWebview, isWebviewToHost } from '../../../common/preview/validate';

const VALID: Record<string, unknown>[] = [
  { type: 'ready' },
  { type: 'toggleLock' },
  { type: 'pickCsv' },
  { type: 'exportCsv', text: 't,cpu\n0,1\n' },
  { type: 'exportSvg', text: '<svg/>' },
];

/** Every `type` a webview may post, and every `type` the host may post (common/protocol.ts). */
const TO_HOST_TYPES: unknown[] = [
  'ready',
  'toggleLock',
  'pickCsv',
  'loadFromPrometheus',
  'pickOverlay',
  'exportCsv',
  'exportSvg',
  'problemsShown',
  'applyBehavior',
];
const TO_WEBVIEW_TYPES: unknown[] = [
  'model',
  'noModel',
  'waiting',
  'csvLoad',
  'lockChanged',
  'prometheusLoad',
  'fixedLoads',
];

/** What the host may rely on in an accepted message; throws with the reason when that does not hold. */
function assertHostCanRead(message: unknown): void {
  assert.ok(typeof message === 'object' && message !== null && !Array.isArray(message));
  const m = message as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'toggleLock':
    case 'pickCsv':
    case 'loadFromPrometheus':
      return;
    case 'pickOverlay':
      assert.ok(m.overlay === null || typeof m.overlay === 'string');
      return;
    case 'exportCsv':
    case 'exportSvg':
      assert.equal(typeof m.text, 'string');
      return;
    case 'problemsShown':
      assert.ok(Array.isArray(m.lines) && m.lines.every((l) => Number.isInteger(l)));
      return;
    case 'applyBehavior':
      assert.equal(typeof m.uri, 'string');
      assert.ok(Number.isInteger(m.documentIndex) && (m.documentIndex as number) >= 0);
      assert.ok(typeof m.behavior === 'object' && m.behavior !== null);
      return;
    default:
      assert.fail(`accepted an unknown type ${String(m.type)}`);
  }
}

/** The `type` of a value that is a plain object, else undefined. */
function typeOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>).type
    : undefined;
}

const anything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withTypedArray: true,
  withSparseArray: true,
  key: fc.oneof(
    fc.string(),
    fc.constantFrom('__proto__', 'constructor', 'type', 'text', 'settings', 'toString'),
  ),
});

test('any value: the validators never throw, and accept only an object of a type of their direction', () => {
  fc.assert(
    fc.property(anything, (value) => {
      const toHost = isWebviewToHost(value);
      const toWebview = isHostToWebview(value);
      if (!TO_HOST_TYPES.includes(typeOf(value))) assert.equal(toHost, false, 'no webview message type');
      if (!TO_WEBVIEW_TYPES.includes(typeOf(value))) assert.equal(toWebview, false, 'no host message type');
      if (toHost) assertHostCanRead(value);
    }),
    { numRuns: 3000, seed: 7 },
  );
});

test('a real message with one field replaced by anything is accepted only in a shape the host can read', () => {
  const mutated = fc
    .record({
      base: fc.constantFrom(...VALID),
      field: fc.constantFrom('type', 'text'),
      value: fc.oneof(
        anything,
        fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e308, '', '5', null, undefined),
      ),
    })
    .map(({ base, field, value }) => {
      const copy: Record<string, unknown> = { ...base };
      copy[field] = value;
      return copy;
    });
  let accepted = 0;
  let rejected = 0;
  fc.assert(
    fc.property(mutated, (message) => {
      if (isWebviewToHost(message)) {
        accepted++;
        assertHostCanRead(message);
      } else rejected++;
    }),
    { numRuns: 3000, seed: 11 },
  );
  // Both outcomes happen, so the property is not vacuous either way.
  assert.ok(accepted > 0 && rejected > 0, `accepted ${accepted}, rejected ${rejected}`);
});
