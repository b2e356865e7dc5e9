/**
 * The hover and the preview model (`hpa/previewModel`) agree on the target's Pod over every HPA of
 * ../shared/corpus/real whose target the workspace holds: on each Utilization target the hover
 * names the request the preview simulates with, or, exactly when the preview has no per-Pod request,
 * the containers lacking one; on `scaleTargetRef` it lists the preview's per-container requests.
 * Each answer is also the same with workloads parsed in full and from their read fields.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { MarkupContent, Position } from 'vscode-languageserver';
import { formatMilli } from '../../../common/engine/quantity';
import { provideHover } from '../../../server/src/features/hover';
import { buildPreviewModel } from '../../../server/src/preview/previewModel';
import { isWorkload } from '../../../server/src/workspace/podTemplate';
import { isHpa, scaleTargetOf } from '../../../server/src/workspace/scaleTarget';
import { type IndexedFiles, sameBothWays } from '../../support/indexedFiles';
import { SHARED } from '../../support/corpusFiles';

const CORPUS = join(SHARED, 'corpus', 'real');

const SOURCE_KEYS: Record<string, string> = { Resource: 'resource', ContainerResource: 'containerResource' };

interface Comparison {
  where: string;
  hover: string;
  expected: string;
}

function hoverAt(indexed: IndexedFiles, uri: string, position: Position): string {
  const hover = provideHover(indexed.file(uri), position, { locale: 'en', workspace: indexed.workspace });
  assert.ok(hover, `a hover at ${uri}:${position.line}:${position.character}`);
  return (hover.contents as MarkupContent).value.split('\n\n').slice(2).join('\n\n');
}

/** Every Utilization target's and every scaleTargetRef's hover beside what the preview model says. */
function compareAll(indexed: IndexedFiles): Comparison[] {
  const out: Comparison[] = [];
  const { workspace } = indexed;
  for (const uri of workspace.uris()) {
    const file = indexed.file(uri);
    for (const hpa of workspace.objectsIn(uri)) {
      if (!isHpa(hpa)) continue;
      const ref = scaleTargetOf(hpa);
      const target = ref && workspace.resolveTarget(ref, hpa);
      if (!target || !isWorkload(target)) continue;
      const preview = buildPreviewModel(hpa, workspace);
      const where = `${uri} ${hpa.name ?? ''}`;

      const containerLines = Object.entries(preview.containerRequests).map(([name, requests]) => {
        const written = Object.entries(requests).map(([r, milli]) => `${r} ${formatMilli(milli, r)}`);
        return written.length === 0
          ? `- container \`${name}\`: no requests`
          : `- container \`${name}\`: requests ${written.join(', ')}`;
      });
      const refKey = hpa.root.at('spec', 'scaleTargetRef').keySpan();
      const targetHover = hoverAt(indexed, uri, file.lineIndex.position(refKey.start));
      out.push({
        where: `${where} scaleTargetRef`,
        hover: targetHover
          .split('  \n')
          .filter((l) => l.startsWith('- container'))
          .join('\n'),
        expected: containerLines.join('\n'),
      });

      hpa.root
        .at('spec', 'metrics')
        .items()
        .forEach((metric, index) => {
          const type = metric.get('type').string ?? '';
          const source = Object.hasOwn(SOURCE_KEYS, type) ? metric.get(SOURCE_KEYS[type]!) : undefined;
          const pct = source?.at('target', 'averageUtilization');
          if (!source || source.at('target', 'type').string !== 'Utilization' || pct?.number === undefined)
            return;
          const resource = source.get('name').string ?? 'cpu';
          const container = type === 'ContainerResource' ? (source.get('container').string ?? '') : undefined;
          const lines = hoverAt(indexed, uri, file.lineIndex.position(pct.valueSpan().start)).split('  \n');
          const request =
            container === undefined
              ? preview.podRequests[resource]
              : preview.containerRequests[container]?.[resource];
          let expected: string;
          if (request !== undefined) {
            const owner = container === undefined ? "the Pod's" : `container \`${container}\`'s`;
            expected = `${pct.number} % of ${owner} ${resource} request ${formatMilli(request, resource)} = `;
          } else {
            const lacking =
              container !== undefined
                ? [container]
                : Object.entries(preview.containerRequests)
                    .filter(([, requests]) => requests[resource] === undefined)
                    .map(([name]) => name);
            expected = `No ${resource} request in ${lacking.join(', ')}: utilization cannot be computed, so this metric fails.`;
          }
          out.push({
            where: `${where} metrics[${index}]`,
            hover: lines[1]?.slice(0, expected.length) ?? '',
            expected,
          });
        });
    }
  }
  return out;
}

test('the hover and the preview model agree on every corpus HPA with its target in the workspace', () => {
  assert.ok(existsSync(CORPUS), `the corpus at ${CORPUS}`);
  const files: Record<string, string> = {};
  for (const name of readdirSync(CORPUS).sort()) {
    if (/\.ya?ml$/.test(name)) files[`file:///corpus/${name}`] = readFileSync(join(CORPUS, name), 'utf8');
  }
  const comparisons = sameBothWays(files, compareAll);
  for (const c of comparisons) assert.equal(c.hover, c.expected, c.where);
  const metrics = comparisons.filter((c) => c.where.includes('metrics['));
  assert.ok(metrics.length >= 10, `Utilization targets compared: ${metrics.length}`);
  assert.ok(
    metrics.some((c) => c.expected.startsWith('No ')),
    'some target lacks a request (the controller cannot compute utilization)',
  );
});
