import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMilli, parseQuantity, quantityToNumber, QuantityError } from '../../../common/engine';

test('parseQuantity turns quantities into milli-units exactly', () => {
  const cases: [string | number, number][] = [
    ['250m', 250],
    ['1', 1000],
    ['1.5', 1500],
    ['2Gi', 2 * 1024 ** 3 * 1000],
    ['1e3', 1_000_000],
    ['0.1', 100],
    ['15', 15_000],
    ['6666m', 6666],
    ['14400m', 14_400],
    ['.5', 500],
    ['512Mi', 512 * 1024 ** 2 * 1000],
    ['1k', 1_000_000],
    ['5e-2', 50],
    ['-1', -1000],
    [2, 2000],
    [0.25, 250],
  ];
  for (const [q, milli] of cases) assert.equal(parseQuantity(q), milli, String(q));
});

test('values finer than a milli-unit round up, as the API machinery does', () => {
  assert.equal(parseQuantity('1n'), 1);
  assert.equal(parseQuantity('1500u'), 2);
  assert.equal(parseQuantity('0'), 0);
});

test('garbage throws QuantityError with the input in the message', () => {
  for (const bad of ['abc', '1x', '', '1.2.3', '2 Gi', 'Gi']) {
    assert.throws(
      () => parseQuantity(bad),
      (err: unknown) => err instanceof QuantityError && err.message.includes(JSON.stringify(bad)),
    );
  }
  assert.throws(() => parseQuantity(Number.NaN), QuantityError);
  assert.throws(() => parseQuantity({} as unknown as string), QuantityError);
});

test('quantityToNumber reads tolerances as doubles', () => {
  assert.equal(quantityToNumber('0.05'), 0.05);
  assert.equal(quantityToNumber('50m'), 0.05);
  assert.equal(quantityToNumber('5e-2'), 0.05);
  assert.equal(quantityToNumber(0.1), 0.1);
  assert.equal(quantityToNumber('1Ki'), 1024);
});

test('formatMilli gives the human form', () => {
  assert.equal(formatMilli(250), '250m');
  assert.equal(formatMilli(1000), '1');
  assert.equal(formatMilli(1500), '1.5');
  assert.equal(formatMilli(0), '0');
  assert.equal(formatMilli(512 * 1024 ** 2 * 1000, 'memory'), '512Mi');
  assert.equal(formatMilli(2 * 1024 ** 3 * 1000, 'memory'), '2Gi');
  assert.equal(formatMilli(1.5 * 1024 ** 3 * 1000, 'memory'), '1.5Gi');
  assert.equal(formatMilli(-250), '-250m');
});
