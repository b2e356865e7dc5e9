/**
 * Hovers on partly invalid HPAs (issue 17 item 8): a value the API server rejects reads "not valid"
 * where it stands, never an empty list item ("; ;", "、、") or a default the user did not write; a
 * direction with such a value gets no ramp time (not "Disabled", which it is not); and the ramp
 * times are a paragraph after the list, not part of its last bullet. Exact Markdown, en and ja.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver';
import { provideHover } from '../../../server/src/features/hover';
import { sameBothWays } from '../../support/indexedFiles';

const URI = 'file:///w/partly-invalid.yaml';
const lines = (...ls: string[]): string => ls.map((l) => `${l}\n`).join('');

const HPA = lines(
  'apiVersion: autoscaling/v2',
  'kind: HorizontalPodAutoscaler',
  'metadata:',
  '  name: web',
  'spec:',
  '  scaleTargetRef:',
  '    apiVersion: apps/v1',
  '    kind: Deployment',
  '    name: web',
  '  minReplicas: 2',
  '  maxReplicas: 10',
  '  behavior:',
  '    scaleUp:',
  '      selectPolicy: max',
  '      policies:',
  '        - type: Pods',
  '          value: 4',
  '          periodSecond: 15',
  '    scaleDown:',
  '      stabilizationWindowSeconds: 60',
);

/** The hover's Markdown on the first occurrence of `marker` (its first character), in `locale`. */
function hoverOn(text: string, marker: string, locale = 'en'): string {
  const at = text.indexOf(marker);
  assert.ok(at >= 0, `the text has ${marker}`);
  const before = text.slice(0, at).split('\n');
  const position = { line: before.length - 1, character: before[before.length - 1]!.length };
  const hover = sameBothWays({ [URI]: text }, ({ file, workspace }) =>
    provideHover(file(URI), position, { locale, workspace }),
  );
  assert.ok(hover, `a hover on ${marker}`);
  return (hover.contents as MarkupContent).value;
}

/** The sections after the field's own documentation (title, text, default). */
function details(markdown: string, skip = 3): string[] {
  return markdown.split('\n\n').slice(skip);
}

test('behavior with an invalid selectPolicy and policy: "not valid" in place, no ramp time up, a paragraph after the list', () => {
  assert.deepEqual(details(hoverOn(HPA, 'behavior:')), [
    [
      'Effective behaviour after defaulting:',
      '- Scale-up: window 0 s; policies not valid; selectPolicy not valid',
      '- Scale-down: window 60 s; 100 % per 15 s; selectPolicy Max',
    ].join('  \n'),
    [
      'Scale-up: no ramp time while a value of its behavior is not valid (see Problems).',
      // 100 % per 15 s lets it drop to minReplicas in one step once the 60 s window has passed.
      'From 10 back to 2 replicas: at least 1 min (rescales: 1).',
    ].join('  \n'),
  ]);
});

test('the same hover in Japanese: no empty list item', () => {
  assert.deepEqual(details(hoverOn(HPA, 'behavior:', 'ja')), [
    [
      'デフォルトを適用した後の実際の動作:',
      '- スケールアップ: 安定化ウィンドウ0秒、スケーリングポリシーが無効、selectPolicy 無効',
      '- スケールダウン: 安定化ウィンドウ60秒、15秒あたり100 %、selectPolicy Max',
    ].join('  \n'),
    [
      'スケールアップ: `behavior`に無効な値があるため、所要時間は計算しません (問題を参照)。',
      '10から2レプリカに戻るまで: 最短1分 (スケーリング回数: 1)。',
    ].join('  \n'),
  ]);
});

test('on the invalid values themselves: not valid, nothing computed from them', () => {
  assert.deepEqual(details(hoverOn(HPA, 'max\n')), [
    'Not valid: the API server rejects this value (see Problems), so nothing is computed from it.',
  ]);
  assert.deepEqual(details(hoverOn(HPA, 'policies:')), [
    'Not valid: the API server rejects this value (see Problems), so nothing is computed from it.',
  ]);
  assert.deepEqual(details(hoverOn(HPA, 'max\n', 'ja')), [
    '無効: APIサーバーはこの値を拒否するため (問題を参照)、ここからは何も計算しません。',
  ]);
});

test('minReplicas: the ramp time of the invalid direction is not given, the other one is', () => {
  assert.deepEqual(details(hoverOn(HPA, 'minReplicas'), 3), [
    [
      'Between 2 and 10 replicas.',
      'Scale-up: no ramp time while a value of its behavior is not valid (see Problems).',
      'From 10 back to 2 replicas: at least 1 min (rescales: 1).',
    ].join('  \n'),
  ]);
});

test('an empty policies list, a window over the limit, a direction that is not a map', () => {
  const empty = HPA.replace(
    lines('      policies:', '        - type: Pods', '          value: 4', '          periodSecond: 15'),
    lines('      policies: []'),
  ).replace('selectPolicy: max', 'selectPolicy: Min');
  assert.deepEqual(details(hoverOn(empty, 'behavior:'))[0]!.split('  \n'), [
    'Effective behaviour after defaulting:',
    '- Scale-up: window 0 s; policies not valid; selectPolicy Min',
    '- Scale-down: window 60 s; 100 % per 15 s; selectPolicy Max',
  ]);
  const window = HPA.replace('stabilizationWindowSeconds: 60', 'stabilizationWindowSeconds: 5000');
  assert.deepEqual(details(hoverOn(window, 'scaleDown:'), 2), [
    [
      'Effective behaviour after defaulting:',
      '- Scale-down: window not valid; 100 % per 15 s; selectPolicy Max',
    ].join('  \n'),
    'Scale-down: no ramp time while a value of its behavior is not valid (see Problems).',
  ]);
  const notAMap = lines(...HPA.split('\n').slice(0, 12), '    scaleUp: 5');
  assert.deepEqual(details(hoverOn(notAMap, 'behavior:', 'ja')), [
    [
      'デフォルトを適用した後の実際の動作:',
      '- スケールアップ: 無効',
      '- スケールダウン: 安定化ウィンドウ300秒 (コントローラーのフラグ)、15秒あたり100 %、selectPolicy Max',
    ].join('  \n'),
    [
      'スケールアップ: `behavior`に無効な値があるため、所要時間は計算しません (問題を参照)。',
      '10から2レプリカに戻るまで: 最短5分 (スケーリング回数: 1)。',
    ].join('  \n'),
  ]);
});

test('a behavior that is not a map: said so, and no legacy-path times that would contradict it', () => {
  const list = lines(...HPA.split('\n').slice(0, 11), '  behavior: []');
  assert.deepEqual(details(hoverOn(list, 'behavior:')), [
    '`behavior` is not a map: the API server rejects it (see Problems).',
  ]);
  assert.deepEqual(details(hoverOn(list, 'maxReplicas')), ['Between 2 and 10 replicas.']);
});

test('a policy over the API limit: what is written, then that it is not valid, and no change computed', () => {
  const text = HPA.replace('periodSecond: 15', 'periodSeconds: 2400').replace(
    'selectPolicy: max',
    'selectPolicy: Max',
  );
  assert.deepEqual(details(hoverOn(text, 'periodSeconds: 2400')), [
    [
      'At most 4 Pods added per 2400 s.',
      'Not valid: the API server rejects this value (see Problems), so nothing is computed from it.',
    ].join('  \n'),
  ]);
});
