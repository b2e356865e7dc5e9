/**
 * The browser server's `.hpa-lint.yaml` files (browserHost.ts). The config lookup runs inside each
 * lint and is synchronous, and a Web Worker reads files only by asking the extension host; so the
 * lookup is answered from what is known, and what is not known yet is asked for at once:
 *
 * - the workspace scan tells which folders hold a `.git` (the lookup stops there) and which hold no
 *   config file (each folder it lists), and the text of each config file it reads;
 * - a lookup that reaches a file or folder nobody has told about (above the workspace folder, a file
 *   the scan has not reached yet, one closed in the editor) asks the client, and until the answers
 *   are in `loading()` is true: the service lints once they are, not against a guess first. A folder
 *   not known yet stops the walk up until its entries say whether it holds a `.git`, so nothing
 *   above a repository root is ever read;
 * - a file-change event or a close in the editor makes what was known of that file stale.
 *
 * When answers come that may change a lookup, `onDidLoad` names the files (once none is still to
 * come), and the service re-lints the open documents.
 */
import { join } from 'node:path';
import { CONFIG_FILE_NAME } from '../../../common/config/lintConfig';
import { isLintConfigPath } from '../config/lintConfigFiles';
import type { FolderEntry } from '../workspace/workspaceFiles';
import { lookupPathOf, uriOfLookupPath } from './configLocations';
import type { ConfigFileAccess } from './serverHost';

/** How the client is asked (the hpa/workspace requests of common/protocol.ts). */
export interface ClientFileRequests {
  readFolder(uri: string): Promise<FolderEntry[]>;
  readFile(uri: string, maxBytes: number): Promise<string | undefined>;
}

/** A config file larger than this is not read: it would be no settings file. */
const CONFIG_FILE_MAX_BYTES = 1024 * 1024;

/** Asked of the client, answer not in yet. */
const ASKED = Symbol('asked');
/** A file's text; null: there is none. */
type TextState = string | null | typeof ASKED;
type RootState = boolean | typeof ASKED;

export class ClientConfigFiles implements ConfigFileAccess {
  private readonly texts = new Map<string, TextState>();
  private readonly roots = new Map<string, RootState>();
  private waiting = 0;
  /** Files whose answer may differ from one given, not yet announced. */
  private readonly arrived = new Set<string>();
  private listener: ((uris: string[]) => void) | undefined;

  constructor(private readonly client: ClientFileRequests) {}

  read(uri: string): string | undefined {
    const key = normalized(uri);
    const known = this.texts.get(key);
    if (known === undefined) this.askText(key);
    return typeof known === 'string' ? known : undefined;
  }

  /** A folder not known yet counts as a root until its entries come: nothing above a root is read. */
  isRepositoryRoot(folderUri: string): boolean {
    const key = normalized(folderUri);
    const known = this.roots.get(key);
    if (known === undefined) this.askFolder(key);
    return known !== false;
  }

  changed(uri: string): void {
    this.texts.delete(normalized(uri));
  }

  loading(): boolean {
    return this.waiting > 0;
  }

  onDidLoad(listener: (uris: string[]) => void): void {
    this.listener = listener;
  }

  /** A folder's entries, as the workspace scan or a lookup listed them. */
  listed(folderUri: string, entries: readonly FolderEntry[]): void {
    const folder = normalized(folderUri);
    this.learn(
      this.roots,
      folder,
      entries.some((e) => e.name === '.git'),
    );
    const config = childUri(folder, CONFIG_FILE_NAME);
    if (!entries.some((e) => e.name === CONFIG_FILE_NAME && e.type === 'file'))
      this.learn(this.texts, config, null);
    else if (this.texts.get(config) === null) {
      // Listed, though known as absent: created since, so read it when a lookup next asks.
      this.texts.delete(config);
      this.arrive(config);
    }
  }

  /** A file's text as the workspace scan or a change event read it. */
  fileRead(uri: string, text: string): void {
    if (isLintConfigPath(uri)) this.learn(this.texts, normalized(uri), text);
  }

  private askText(key: string): void {
    this.texts.set(key, ASKED);
    this.wait(this.client.readFile(key, CONFIG_FILE_MAX_BYTES), (text) => {
      // An answer that came another way meanwhile (the scan, a change event) is as new: keep it.
      if (this.texts.get(key) === ASKED) this.texts.set(key, text ?? null);
      this.arrived.add(key);
    });
  }

  private askFolder(key: string): void {
    this.roots.set(key, ASKED);
    this.wait(this.client.readFolder(key), (entries) => {
      if (this.roots.get(key) === ASKED) this.roots.delete(key);
      this.listed(key, entries);
      // The lookup stopped at this folder while it waited: it may go on above it now.
      this.arrived.add(childUri(key, CONFIG_FILE_NAME));
    });
  }

  private wait<T>(answer: Promise<T>, settle: (value: T) => void): void {
    this.waiting++;
    void answer
      .then(settle, () => undefined)
      .finally(() => {
        this.waiting--;
        this.announce();
      });
  }

  /** Records what is now known; a value given to a lookup before and now different is announced. */
  private learn<T>(map: Map<string, T | typeof ASKED>, key: string, value: T): void {
    const before = map.get(key);
    map.set(key, value);
    if (before !== undefined && before !== value) this.arrive(key);
  }

  private arrive(key: string): void {
    this.arrived.add(key);
    this.announce();
  }

  private announce(): void {
    if (this.waiting > 0 || this.arrived.size === 0) return;
    const uris = [...this.arrived];
    this.arrived.clear();
    this.listener?.(uris);
  }
}

/** One spelling per file, as the config lookup derives it (configLocations.ts). */
function normalized(uri: string): string {
  const path = lookupPathOf(uri);
  return path === undefined ? uri : uriOfLookupPath(path);
}

function childUri(folderUri: string, name: string): string {
  const path = lookupPathOf(folderUri);
  return path === undefined ? `${folderUri}/${name}` : uriOfLookupPath(join(path, name));
}
