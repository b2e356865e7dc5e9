/**
 * The server's `t()` is checked by the compiler against its message's placeholders. The
 * `@ts-expect-error` lines are the test: `tsc -b` (npm run typecheck) fails if any of them
 * compiles, i.e. if a wrong call would no longer be caught. The runtime asserts show the calls.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PlaceholderNames } from '../../../common/l10n/placeholderTypes';
import { setLocale, t } from '../../../server/src/localize';

test('a call must give exactly the placeholders of its message', () => {
  setLocale('en');
  assert.equal(t('{path}: Required value', { path: 'spec.maxReplicas' }), 'spec.maxReplicas: Required value');
  assert.equal(t('no such file'), 'no such file');
  // @ts-expect-error a placeholder without an argument
  assert.equal(t('{path}: Required value', {}), '{path}: Required value');
  // @ts-expect-error a misspelt name
  assert.equal(t('{path}: Required value', { pth: 'x' }), '{path}: Required value');
  // @ts-expect-error no record for a message with placeholders
  assert.equal(t('{path}: Required value'), '{path}: Required value');
  // @ts-expect-error an argument the message does not use
  assert.equal(t('no such file', { path: 'x' }), 'no such file');
});

test('placeholder names are read from the literal type; {} is not one', () => {
  const names: PlaceholderNames<'{a} and {b}: behavior: {}'>[] = ['a', 'b'];
  // @ts-expect-error `c` is not a placeholder of the message
  const wrong: PlaceholderNames<'{a} and {b}'> = 'c';
  assert.deepEqual(names, ['a', 'b']);
  assert.equal(wrong, 'c');
});
