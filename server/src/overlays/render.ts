/**
 * Renders one kustomize overlay with the real kustomize: `kustomize build` when that binary is on
 * PATH, else `kubectl kustomize` (kubectl bundles kustomize), or the command the user configured.
 *
 * The overlay is rendered through a wrapper kustomization in a temporary folder that includes it
 * and asks for `buildMetadata: [originAnnotations, transformerAnnotations]`, so each rendered
 * object says which file it came from and which kustomizations changed it, without touching the
 * user's files. Plugins, exec functions and Helm inflation stay off (they are opt-in flags that
 * are never passed); a render that takes longer than the timeout is killed.
 *
 * When the editor holds unsaved text for some input, the overlay is rendered from a private copy of
 * its input folders with that text written in (renderMirror.ts): the wrapper then sits in the
 * copy's root, so the paths kustomize writes into its annotations, relative to the wrapper, name the
 * real files once joined to `baseDir` (the real root plus the wrapper's name), and the paths in its
 * messages are given back as the real ones. Nothing unsaved: the overlay renders where it is.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, posix, relative, sep } from 'node:path';
import { launchDirectly, programOnPath } from './launch';
import { createRenderMirror, type MirrorLimits, type RenderMirror } from './renderMirror';

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
  if (programOnPath('kustomize', path)) return { argv: ['kustomize', 'build'], label: 'kustomize build' };
  if (programOnPath('kubectl', path)) return { argv: ['kubectl', 'kustomize'], label: 'kubectl kustomize' };
  return undefined;
}

/** What the editor holds that the disk does not, for a render that should see it. */
export interface UnsavedInputs {
  /** The overlay's input folders (layout.ts's overlayInputDirs): what is copied. */
  inputDirs: readonly string[];
  /** Real path (normalized POSIX) -> the editor's text, for each input that differs from the disk. */
  texts: ReadonlyMap<string, string>;
  /** The copy's bounds (tests); renderMirror.ts's defaults otherwise. */
  limits?: MirrorLimits;
}

export interface RenderOptions {
  /** What the editor holds that the disk does not: rendered from a copy with it written in. */
  unsaved?: UnsavedInputs;
  /** Stops a running kustomize. */
  signal?: AbortSignal;
  /** Where the temporary folders go (the language server's own folder, removed when it exits). */
  tempDir?: string;
}

/**
 * Renders the overlay in `overlayDir` (a file-system path), with the editor's unsaved inputs when
 * given. Never throws: failures are a message.
 */
export async function renderOverlay(
  command: KustomizeCommand,
  overlayDir: string,
  timeoutMs = DEFAULT_RENDER_TIMEOUT_MS,
  options: RenderOptions = {},
): Promise<RenderResult> {
  const tempDir = options.tempDir ?? tmpdir();
  let mirror: RenderMirror | undefined;
  const unsaved = options.unsaved;
  if (unsaved && unsaved.texts.size > 0) {
    const made = await createRenderMirror(unsaved.inputDirs, unsaved.texts, unsaved.limits, tempDir);
    // A tree too large to copy renders as saved: late, but never a copy of a whole disk.
    if (made.ok) mirror = made.mirror;
  }
  try {
    return await renderIn(command, overlayDir, timeoutMs, mirror, tempDir, options);
  } catch (error) {
    // The temporary folder could not be made (a full disk, a removed temporary folder).
    return {
      ok: false,
      message: `${command.label}: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    await mirror?.dispose();
  }
}

async function renderIn(
  command: KustomizeCommand,
  overlayDir: string,
  timeoutMs: number,
  mirror: RenderMirror | undefined,
  tempDir: string,
  options: RenderOptions,
): Promise<RenderResult> {
  const wrapper = await mkdtemp(mirror ? join(mirror.dir, '.hpa-render-') : join(tempDir, 'hpa-kustomize-'));
  // In a mirror the annotations' paths climb from the wrapper to the copies; joined to a folder of
  // the same name in the real root they climb to the real files.
  const baseDir = mirror ? posix.join(mirror.realRoot, basename(wrapper)) : wrapper.split(sep).join('/');
  const renderedDir = mirror ? mirror.mirrorPathOf(overlayDir) : overlayDir;
  try {
    // kustomize refuses an absolute path as a resource root; a relative one may climb anywhere.
    const included = relative(wrapper, renderedDir).split(sep).join('/');
    await writeFile(
      join(wrapper, 'kustomization.yaml'),
      `resources:\n  - ${JSON.stringify(included)}\nbuildMetadata: [originAnnotations, transformerAnnotations]\n`,
    );
    const [program, ...args] = command.argv;
    const outcome = await launchDirectly(program!, [...args, wrapper], {
      timeoutMs,
      maxBuffer: MAX_OUTPUT_BYTES,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!outcome.error) return { ok: true, yaml: outcome.stdout, baseDir };
    if (outcome.error.killed)
      return {
        ok: false,
        message: `${command.label}: no result after ${Math.round(timeoutMs / 1000)} s (stopped)`,
      };
    const raw = outcome.stderr || outcome.error.message;
    return {
      ok: false,
      message: kustomizeMessage(mirror ? mirror.realPaths(raw) : raw, included, overlayDir),
    };
  } finally {
    await rm(wrapper, { recursive: true, force: true });
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
