/**
 * Renders one kustomize overlay with the real kustomize: `kustomize build` when that binary is on
 * PATH, else `kubectl kustomize` (kubectl bundles kustomize), or the command the user configured.
 *
 * The overlay is rendered through a wrapper kustomization in a temporary folder that includes it
 * and asks for `buildMetadata: [originAnnotations, transformerAnnotations]`, so each rendered
 * object says which file it came from and which kustomizations changed it, without touching the
 * user's files. Plugins, exec functions and Helm inflation stay off (they are opt-in flags that
 * are never passed); a render that takes longer than the timeout is killed.
 */
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { constants as osConstants, setPriority, tmpdir } from 'node:os';
import { delimiter, join, relative, sep } from 'node:path';

export interface KustomizeCommand {
  /** The program and its leading arguments; the folder is appended. */
  argv: string[];
  /** For messages: `kubectl kustomize`, `kustomize build` or the configured command. */
  label: string;
}

/**
 * The rendered YAML and the folder its origin and transformer paths are relative to (the wrapper,
 * removed by then: only its path is used), or kustomize's message.
 */
export type RenderResult = { ok: true; yaml: string; baseDir: string } | { ok: false; message: string };

export const DEFAULT_RENDER_TIMEOUT_MS = 20_000;
/** Rendered output larger than this is refused rather than held in memory. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/**
 * The command to render with: `configured` (a command line, split at spaces) when given, else
 * `kustomize build`, else `kubectl kustomize`; undefined when neither is on PATH.
 */
export async function findKustomizeCommand(
  configured?: string,
  path = process.env.PATH ?? '',
): Promise<KustomizeCommand | undefined> {
  const words = configured?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length > 0) return { argv: words, label: words.join(' ') };
  if (await onPath('kustomize', path)) return { argv: ['kustomize', 'build'], label: 'kustomize build' };
  if (await onPath('kubectl', path)) return { argv: ['kubectl', 'kustomize'], label: 'kubectl kustomize' };
  return undefined;
}

async function onPath(program: string, path: string): Promise<boolean> {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    try {
      await access(join(dir, program), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

/** Renders the overlay in `overlayDir` (a file-system path). Never throws: failures are a message. */
export async function renderOverlay(
  command: KustomizeCommand,
  overlayDir: string,
  timeoutMs = DEFAULT_RENDER_TIMEOUT_MS,
): Promise<RenderResult> {
  const wrapper = await mkdtemp(join(tmpdir(), 'hpa-kustomize-'));
  try {
    // kustomize refuses an absolute path as a resource root; a relative one may climb anywhere.
    const included = relative(wrapper, overlayDir).split(sep).join('/');
    await writeFile(
      join(wrapper, 'kustomization.yaml'),
      `resources:\n  - ${JSON.stringify(included)}\nbuildMetadata: [originAnnotations, transformerAnnotations]\n`,
    );
    const [program, ...args] = command.argv;
    return await new Promise<RenderResult>((resolve) => {
      const child = execFile(
        program!,
        [...args, wrapper],
        { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true },
        (error, stdout, stderr) => {
          if (!error) return resolve({ ok: true, yaml: stdout, baseDir: wrapper.split(sep).join('/') });
          const timedOut = (error as { killed?: boolean }).killed === true;
          resolve({
            ok: false,
            message: timedOut
              ? `${command.label}: no result after ${Math.round(timeoutMs / 1000)} s (stopped)`
              : kustomizeMessage(String(stderr) || error.message, included, overlayDir),
          });
        },
      );
      lowerPriority(child.pid);
      // kustomize reads no input; an open pipe would only keep a misconfigured command waiting.
      child.stdin?.end();
    });
  } finally {
    await rm(wrapper, { recursive: true, force: true });
  }
}

/**
 * A render is background work: on a machine with few cores, kustomize at normal priority takes CPU
 * time from the language server and the editor while the user types. Best effort (a platform or
 * sandbox that refuses leaves it as it is).
 */
function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, osConstants.priority.PRIORITY_LOW);
  } catch {
    // not allowed here: the render still runs
  }
}

/**
 * kustomize's own message: kubectl wraps it as `E... run.go:72] "command failed" err="..."`,
 * kustomize prints `Error: ...`. Paths relative to the wrapper are given back as the overlay's.
 */
export function kustomizeMessage(stderr: string, included: string, overlayDir: string): string {
  const quoted = /err="((?:[^"\\]|\\.)*)"/.exec(stderr)?.[1];
  let message = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : stderr;
  message = message.replace(/^Error:\s*/m, '').trim();
  // The wrapper's own layer ("accumulating resources from '<overlay>': ... recursed accumulation of
  // path '<overlay>': ") says nothing the user wrote; kustomize's message for the overlay follows it.
  const inner = /recursed accumulation of path '[^']*': ([\s\S]*)$/.exec(message)?.[1];
  if (inner !== undefined) message = inner.replace(/'$/, '');
  return message.split(included).join(overlayDir);
}
