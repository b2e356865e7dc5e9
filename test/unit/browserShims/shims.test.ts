// The browser server bundle replaces node:path, node:url and node:util with server/src/browserShims
// (scripts/build.mjs). They must answer as Node does for what server/src asks of them.
import assert from 'node:assert/strict';
import { posix } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import * as shimPath from '../../../server/src/browserShims/path';
import * as shimUrl from '../../../server/src/browserShims/url';
import * as shimUtil from '../../../server/src/browserShims/util';

/** Paths made of the pieces that trip path code up: '', '.', '..', doubled and trailing slashes. */
const segment = fc.constantFrom(
  '',
  '.',
  '..',
  'a',
  'b',
  'kustomize',
  'base',
  'x.yaml',
  '.hidden',
  'a b',
  'ü',
);
const path = fc
  .tuple(fc.boolean(), fc.array(segment, { maxLength: 6 }), fc.boolean())
  .map(([rooted, parts, trailing]) => `${rooted ? '/' : ''}${parts.join('/')}${trailing ? '/' : ''}`);
const absolutePath = path.map((p) => `/${p}`);

test('path: normalize, join, dirname, basename as node:path posix', () => {
  fc.assert(
    fc.property(path, fc.array(path, { maxLength: 4 }), (p, more) => {
      assert.equal(shimPath.normalize(p), posix.normalize(p), `normalize(${JSON.stringify(p)})`);
      assert.equal(shimPath.dirname(p), posix.dirname(p), `dirname(${JSON.stringify(p)})`);
      assert.equal(shimPath.basename(p), posix.basename(p), `basename(${JSON.stringify(p)})`);
      assert.equal(
        shimPath.join(p, ...more),
        posix.join(p, ...more),
        `join(${JSON.stringify([p, ...more])})`,
      );
    }),
    { numRuns: 3000 },
  );
});

test('path: resolve and relative from an absolute folder as node:path posix', () => {
  fc.assert(
    fc.property(absolutePath, path, absolutePath, (from, to, other) => {
      assert.equal(shimPath.resolve(from, to), posix.resolve(from, to), `resolve(${from}, ${to})`);
      assert.equal(
        shimPath.relative(from, other),
        posix.relative(from, other),
        `relative(${from}, ${other})`,
      );
    }),
    { numRuns: 3000 },
  );
  // The exports server/src reads besides the functions.
  assert.equal(shimPath.posix.sep, posix.sep);
  assert.equal(shimPath.posix.join('/a', '../b'), '/b');
});

test('url: fileURLToPath as node:url on POSIX, for URLs as Node and as VS Code spell them', () => {
  const name = fc.stringMatching(/^[a-zA-Z0-9 ._~%#?@+&=:ü漢-]{1,8}$/);
  fc.assert(
    fc.property(fc.array(name, { minLength: 1, maxLength: 4 }), (parts) => {
      const byNode = pathToFileURL(`/${parts.join('/')}`).href;
      // vscode-uri encodes each segment's reserved characters, ':' and '@' included.
      const byVsCode = `file:///${parts.map((p) => encodeURIComponent(p)).join('/')}`;
      for (const url of [byNode, byVsCode])
        assert.equal(shimUrl.fileURLToPath(url), fileURLToPath(url), `fileURLToPath(${url})`);
    }),
    { numRuns: 2000 },
  );
  for (const bad of ['vscode-remote://host/a', 'file:///a%2Fb', 'file://host/a']) {
    assert.throws(() => fileURLToPath(bad), TypeError, bad);
    assert.throws(() => shimUrl.fileURLToPath(bad), TypeError, bad);
  }
});

test('util: isDeepStrictEqual on YAML values as node:util', () => {
  const value = fc.letrec((tie) => ({
    leaf: fc.oneof(
      fc.constantFrom(null, 0, -0, 1, NaN, '1', '', true, false),
      fc.integer({ min: -2, max: 2 }),
    ),
    tree: fc.oneof(
      { depthSize: 'small' },
      tie('leaf'),
      fc.array(tie('tree'), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('tree'), { maxKeys: 3, noNullPrototype: true }),
    ),
  })).tree;
  fc.assert(
    fc.property(value, value, (a, b) => {
      assert.equal(shimUtil.isDeepStrictEqual(a, b), isDeepStrictEqual(a, b), JSON.stringify([a, b]));
      assert.equal(shimUtil.isDeepStrictEqual(a, structuredClone(a)), true);
    }),
    { numRuns: 3000 },
  );
});
