/**
 * YAML errors in the fields no rule reads (documents.ts parses workloads from their read fields):
 * checked once the diagnostics are out and the user has paused (every flush pushes the check back,
 * so typing never waits for it), in slices of a few milliseconds so that an edit arriving meanwhile
 * is answered first. Open documents go first. A document found broken is re-indexed and everything
 * that depends on it re-linted, exactly as after an edit.
 */
import type { YamlDocumentModel } from '../yaml/documents';
import type { WorkspaceSync } from './workspaceSync';

/**
 * How long one slice of the background YAML check may hold the event loop: an edit that arrives
 * during a slice waits for its end, so this bounds what the check can add to an edit's latency
 * (half of the 10 ms an edit of a large release aims for). A rendered Deployment parses in well
 * under a millisecond, so a slice still checks several.
 */
const SLICE_MS = 4;
/** The pause after the last change before the background YAML check starts. */
const IDLE_MS = 250;

export interface FullTextCheckHost {
  sync: WorkspaceSync;
  /** URIs of the open documents, checked first. */
  openUris(): Iterable<string>;
  /** True while an edit waits to be linted: the check then waits for the next pause. */
  editPending(): boolean;
  /** Re-lint these files (the server drops the ones that are not open). */
  relint(uris: Iterable<string>): void;
}

export class FullTextCheck {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: FullTextCheckHost) {}

  /** (Re)starts the wait for a pause; called after every flush. */
  schedule(delayMs = IDLE_MS): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.runSlice(), delayMs);
  }

  private runSlice(): void {
    this.timer = undefined;
    const host = this.host;
    const sync = host.sync;
    if (host.editPending()) {
      this.schedule(); // an edit is waiting: it goes first
      return;
    }
    const deadline = performance.now() + SLICE_MS;
    const open = new Set(host.openUris());
    const uris = [...open, ...sync.workspace.uris().filter((uri) => !open.has(uri))];
    for (const uri of uris) {
      const file = sync.workspace.getFile(uri);
      if (!file) continue;
      const broken = new Set<YamlDocumentModel>();
      let unfinished = false;
      for (const doc of file.documents) {
        if (!doc.model.awaitingFullCheck) continue;
        if (performance.now() > deadline) {
          unfinished = true;
          break;
        }
        if (doc.model.checkFullText()) broken.add(doc.model);
      }
      if (broken.size > 0) host.relint(sync.reparsed(uri, broken));
      if (unfinished) {
        this.schedule(0);
        return;
      }
    }
  }
}
