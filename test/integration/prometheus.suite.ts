// "Load from Prometheus…" in a real VS Code: with hpa.prometheus.url empty the command makes no
// request at all; pointed at a real Prometheus this suite starts on 127.0.0.1 (blocks built by
// promtool from test/support/prometheusFixture.ts), it loads a range into the open preview.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PrometheusReplay } from '../../common/prometheus/replay';
import { openMetrics, SIX_HOURS, T0 } from '../support/prometheusFixture';
import { buildTsdb, startPrometheus, type RunningPrometheus } from '../support/prometheusServer';
import { api, closeAllEditors, openFixture, waitFor } from './helpers';

const RANGE = { start: T0, end: T0 + 3 * 3600, step: 60 };

async function openPreviewOf(fixture: string, hpa: string): Promise<void> {
  const exports = await api();
  await openFixture(fixture);
  const shown = waitFor(
    (listener) => exports.onDidChangePreviewState(listener),
    () => (exports.previewState().delivered?.hpa === hpa ? true : undefined),
    () =>
      `the preview showing HPA ${hpa}; last delivered: ${JSON.stringify(exports.previewState().delivered)}`,
  );
  await vscode.commands.executeCommand('hpa.openPreviewToSide');
  await shown;
}

export function prometheusSuite(): void {
  suite('prometheus', () => {
    let prometheus: RunningPrometheus | undefined;
    const settings = () => vscode.workspace.getConfiguration('hpa.prometheus');

    suiteSetup(async () => {
      prometheus = await startPrometheus(buildTsdb(openMetrics(SIX_HOURS)));
    });
    suiteTeardown(async () => {
      await settings().update('url', undefined, vscode.ConfigurationTarget.Global);
      await closeAllEditors();
      await prometheus?.stop();
      prometheus?.cleanup();
    });

    test('with hpa.prometheus.url empty, the command makes no request', async () => {
      assert.equal(settings().get('url'), '', 'empty by default');
      await openPreviewOf('backtest-web.yaml', 'web');
      const original = globalThis.fetch;
      let requests = 0;
      globalThis.fetch = (...args: Parameters<typeof fetch>) => {
        requests++;
        return original(...args);
      };
      try {
        const replay = await vscode.commands.executeCommand<PrometheusReplay | null>(
          'hpa.loadFromPrometheus',
          RANGE,
        );
        assert.equal(replay, null);
      } finally {
        globalThis.fetch = original;
      }
      assert.equal(requests, 0);
    });

    test('pointed at Prometheus, the command loads the range into the preview', async () => {
      assert.ok(prometheus);
      await settings().update('url', prometheus.url, vscode.ConfigurationTarget.Global);
      await openPreviewOf('backtest-web.yaml', 'web');
      const exports = await api();
      const delivered = waitFor(
        (listener) => exports.onDidChangePreviewState(listener),
        () => (exports.previewState().delivered?.type === 'prometheusLoad' ? true : undefined),
        () =>
          `the replay delivered to the preview; last delivered: ${JSON.stringify(exports.previewState().delivered)}`,
      );
      const replay = await vscode.commands.executeCommand<PrometheusReplay | null>(
        'hpa.loadFromPrometheus',
        RANGE,
      );
      assert.ok(replay, 'a replay');
      await delivered;
      assert.deepEqual(
        replay.loads.map((l) => l.metric),
        ['cpu', 'memory'],
      );
      // 90 minutes in: the whole rate window lies in the surge (the fixture's 3.6 cores).
      const cpuInSurge = replay.loads[0]!.points.filter((p) => p.t <= 5400).at(-1)!.value;
      assert.equal(cpuInSurge, Math.round(SIX_HOURS.cpuCores(5400) * 1000));
      assert.ok(replay.actual);
      replay.actual.values.forEach((v, i) =>
        assert.equal(v, SIX_HOURS.currentReplicas(i * RANGE.step), `actual replicas at step ${i}`),
      );
      assert.equal(replay.initialReplicas, SIX_HOURS.currentReplicas(0));
    });
  });
}
