/**
 * The kustomize launcher (bundled as dist/kustomizeLauncher.js; started by launch.ts's
 * LauncherProcess): a small Node process that starts each program it is sent, at low priority and
 * with its input closed, and sends back its output. Forking this small process costs the language
 * server nothing; forking the server would (launch.ts says why). When the server goes (the IPC
 * channel closes), the launcher kills what it started and ends.
 */
import { launchDirectly } from './launch';
import type { LaunchReply, LaunchRequest } from './launcherProtocol';

const running = new Map<number, AbortController>();

process.on('message', (request: LaunchRequest) => {
  if (request.type === 'kill') {
    running.get(request.id)?.abort();
    return;
  }
  const stop = new AbortController();
  running.set(request.id, stop);
  void launchDirectly(request.file, request.args, {
    timeoutMs: request.timeoutMs,
    maxBuffer: request.maxBuffer,
    signal: stop.signal,
  }).then((outcome) => {
    running.delete(request.id);
    process.send?.({ id: request.id, ...outcome } satisfies LaunchReply);
  });
});

process.on('disconnect', () => {
  for (const stop of running.values()) stop.abort();
  process.exit(0);
});
