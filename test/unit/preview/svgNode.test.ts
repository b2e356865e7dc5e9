import { test } from 'node:test';
import assert from 'node:assert/strict';
import { el, serializeSvgNode } from '../../../common/preview/svgNode';
import { escapeHtml } from '../../../common/escapeHtml';
import { linePath, stepPath } from '../../../common/preview/chart';

const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '</script><script>alert(2)</script>',
  '"><svg onload=alert(3)>',
  "' onmouseover='x",
];

test('escapeHtml turns every markup character into an entity', () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

test('serialized text and attribute values carry payloads as inert text', () => {
  for (const payload of PAYLOADS) {
    const svg = serializeSvgNode(
      el('svg', { 'aria-label': payload }, [el('text', { x: 1 }, undefined, payload)]),
    );
    assert.ok(!svg.includes('<img'), svg);
    assert.ok(!svg.includes('<script'), svg);
    assert.ok(!svg.includes('<svg onload'), svg);
    // Two attributes: exactly four quote characters, so no value broke out of its quotes.
    assert.equal(svg.split('"').length - 1, 4, svg);
    assert.equal(svg.split('<').length - 1, 4, svg);
  }
});

test('a payload serializes to exactly its escaped form', () => {
  assert.equal(
    serializeSvgNode(el('text', { 'data-x': '"><svg onload=alert(3)>' }, undefined, '</script>')),
    '<text data-x="&quot;&gt;&lt;svg onload=alert(3)&gt;">&lt;/script&gt;</text>',
  );
});

test('serializeSvgNode refuses tag and attribute names that are not plain names', () => {
  assert.throws(() => serializeSvgNode(el('g onload=x', {})), /invalid SVG tag name/);
  assert.throws(() => serializeSvgNode(el('g', { 'x"y': 1 })), /invalid SVG attribute name/);
});

test('serializeSvgNode writes empty elements self-closed and nests children in order', () => {
  assert.equal(
    serializeSvgNode(
      el('g', { class: 'a' }, [el('line', { x1: 0, x2: 5 }), el('text', {}, undefined, 'hi')]),
    ),
    '<g class="a"><line x1="0" x2="5"/><text>hi</text></g>',
  );
});

const frame = { x0: 0, x1: 100, y0: 0, y1: 100, tMax: 100, vMax: 10 };

test('stepPath emits only the changes of a step function', () => {
  const d = stepPath(
    [
      { t: 0, v: 2 },
      { t: 10, v: 2 },
      { t: 20, v: 5 },
      { t: 30, v: 5 },
    ],
    frame,
    40,
  );
  assert.equal(d, 'M0 80H20V50H40');
});

test('linePath keeps at most four vertices per pixel column and breaks at missing values', () => {
  const points = Array.from({ length: 1000 }, (_, i) => ({ t: i / 10, v: i % 2 === 0 ? 1 : 9 }));
  const d = linePath(points, frame);
  const vertices = d.split(/[ML]/).filter(Boolean).length;
  assert.ok(vertices <= 100 * 4, `${vertices} vertices`);
  assert.ok(vertices >= 100 * 2, `${vertices} vertices`);
  const broken = linePath(
    [
      { t: 0, v: 1 },
      { t: 50, v: null },
      { t: 60, v: 2 },
    ],
    frame,
  );
  assert.equal(broken, 'M0 90M60 80');
});
