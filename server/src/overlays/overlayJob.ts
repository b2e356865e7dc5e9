/**
 * One overlay's check, from the text of its inputs to findings in them: render (or reuse the render
 * of the same inputs), lint the rendered objects and map each finding back to its source line.
 * This is the heavy part of the language server's overlay checks (a process spawn, the rendered
 * YAML read and parsed, every rule run on it), so it runs in a process of its own
 * (overlayProcess.ts), away from the server that answers edits; overlayJobs.ts runs it in the
 * server only when that process's script is not there.
 *
 * The runner keeps its own index of the files it was sent: each job carries only the files that
 * changed since the one before (overlayJobs.ts keeps the two in step), so the thread that sends a
 * job copies little. A render is cached by the content of its inputs; the findings are worked out
 * again on every job, so changed settings cost a lint, not a render.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { HpaSettings } from '../settings';
import { setLocale } from '../localize';
import type { Finding } from '../rules/types';
import { WorkspaceIndex } from '../workspace/workspaceIndex';
import { FileModel } from '../yaml/documents';
import { isKustomizationPath } from '../workspace/filePaths';
import { type KustomizeLayout, fsPathOf, indexLayout, isInsideAny } from '../kustomize/layout';
import { applyLayout } from '../kustomize/deploymentUnits';
import { overlayFindings } from './overlayChecks';
import { type KustomizeCommand, type RenderResult, type UnsavedInputs, renderOverlay } from './render';

/** A file as the language server indexes it. */
export interface JobFile {
  uri: string;
  text: string;
  /** The text is an open editor's (it may differ from the disk's). */
  buffer: boolean;
}

export interface OverlayJob {
  overlayUri: string;
  /** How messages name the overlay. */
  label: string;
  /** Its input folders (layout.ts's overlayInputDirs): what the render reads, and copies when unsaved. */
  inputDirs: string[];
  command: KustomizeCommand;
  settings: HpaSettings;
  locale: string;
  timeoutMs: number;
  /** Where renders put their temporary folders (overlayJobs.ts removes it when the server exits). */
  tempDir: string;
  /** Files added or changed since the previous job. */
  files: JobFile[];
  /** Files gone since the previous job. */
  deleted: string[];
}

export interface OverlayJobResult {
  /** kustomize ran (false: the render of the same inputs was reused). */
  spawned: boolean;
  findings: Finding[];
  /**
   * The render, for the preview: sent when it differs from the one last sent for this overlay
   * ('same' otherwise); undefined when kustomize failed.
   */
  rendered: { yaml: string; baseDir: string } | 'same' | undefined;
}

export type RenderFn = typeof renderOverlay;

/** Renders kept (by input content); a workspace rarely has more overlays than this. */
const CACHE_SIZE = 64;

export class OverlayJobRunner {
  private readonly index = new WorkspaceIndex();
  /** Files whose text is an editor's. */
  private readonly buffers = new Set<string>();
  private readonly cache = new Map<string, RenderResult>();
  /** The input key of the render last sent for each overlay. */
  private readonly sentRender = new Map<string, string>();
  /**
   * The kustomize layout of the files held. It reads the kustomizations' text and only the names of
   * other files, so a job that edits other files keeps it: most jobs are an edit to one such file.
   */
  private layout: KustomizeLayout | undefined;

  constructor(
    private readonly options: {
      render?: RenderFn;
      /** Stops a running kustomize (the server went). */
      signal?: AbortSignal;
    } = {},
  ) {}

  async run(job: OverlayJob): Promise<OverlayJobResult> {
    setLocale(job.locale);
    let layoutChanged = job.deleted.length > 0;
    for (const uri of job.deleted) {
      this.index.deleteFile(uri);
      this.buffers.delete(uri);
    }
    for (const file of job.files) {
      if (isKustomizationPath(file.uri) || !this.index.getFile(file.uri)) layoutChanged = true;
      this.index.setFile(new FileModel(file.uri, file.text, undefined));
      if (file.buffer) this.buffers.add(file.uri);
      else this.buffers.delete(file.uri);
    }
    if (layoutChanged || this.layout === undefined) {
      this.layout = indexLayout(this.index);
      applyLayout(this.index, this.layout);
    }
    const layout = this.layout;
    const overlay = layout.kustomizations.find((k) => k.uri === job.overlayUri);
    if (!overlay) return { spawned: false, findings: [], rendered: undefined };

    const inputs = this.index
      .uris()
      .filter((uri) => isInsideAny(fsPathOf(uri), job.inputDirs))
      .sort();
    const key = inputKey(job, inputs, this.index);
    let result = this.cache.get(key);
    const spawned = result === undefined;
    if (result === undefined) {
      const render = this.options.render ?? renderOverlay;
      result = await render(job.command, overlay.dir, job.timeoutMs, {
        unsaved: await this.unsaved(job.inputDirs, inputs),
        tempDir: job.tempDir,
        ...(this.options.signal ? { signal: this.options.signal } : {}),
      });
      if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(key, result);
    }
    const findings = overlayFindings(overlay, result, layout, this.index, job.settings, job.label);
    let rendered: OverlayJobResult['rendered'];
    if (!result.ok) {
      rendered = undefined;
      this.sentRender.delete(job.overlayUri);
    } else if (this.sentRender.get(job.overlayUri) === key) {
      rendered = 'same';
    } else {
      rendered = { yaml: result.yaml, baseDir: result.baseDir };
      this.sentRender.set(job.overlayUri, key);
    }
    return { spawned, findings, rendered };
  }

  /** The editor's text of each input whose disk content differs (or that is not on disk yet). */
  private async unsaved(inputDirs: string[], inputs: readonly string[]): Promise<UnsavedInputs> {
    const texts = new Map<string, string>();
    for (const uri of inputs) {
      if (!this.buffers.has(uri)) continue;
      const text = this.index.getFile(uri)?.text;
      if (text === undefined) continue;
      const path = fsPathOf(uri);
      const disk = await readFile(path, 'utf8').catch(() => undefined);
      if (disk !== text) texts.set(path, text);
    }
    return { inputDirs, texts };
  }
}

/** The command, the overlay and the text of every input, hashed. */
function inputKey(job: OverlayJob, inputs: readonly string[], index: WorkspaceIndex): string {
  const hash = createHash('sha256').update(job.command.argv.join('\u0000'));
  hash.update('\u0001').update(job.overlayUri);
  for (const uri of inputs) {
    hash.update('\u0001').update(uri).update('\u0000');
    hash.update(index.getFile(uri)?.text ?? '');
  }
  return hash.digest('hex');
}
