/**
 * The language status item on YAML files: the Kubernetes release the server judges this file
 * against (from the nearest `.hpa-lint.yaml`, the `hpa.kubernetesVersion` setting, or the newest
 * release by default), warning when the settings disagree with the file. Clicking it changes the
 * release: in the `.hpa-lint.yaml` that applies (what CI reads), else in the settings.
 */
import * as vscode from 'vscode';
import {
  KubernetesVersionChangedNotification,
  KubernetesVersionRequest,
  type KubernetesVersionInfo,
} from '../../common/protocol';
import { SUPPORTED_RELEASES } from '../../common/k8s/kubernetesVersions';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { t } from './localize';
import type { ServerLink } from './serverLink';

export const SELECT_KUBERNETES_VERSION_COMMAND = 'hpa.selectKubernetesVersion';

export interface KubernetesVersionStatus {
  /** What the item shows now, for the integration tests (VS Code does not expose the item). */
  inspect(): { text: string; detail: string; severity: 'information' | 'warning'; uri?: string } | undefined;
  readonly onDidChange: vscode.Event<void>;
}

export function registerKubernetesVersionStatus(
  context: vscode.ExtensionContext,
  server: ServerLink,
  client: BaseLanguageClient,
): KubernetesVersionStatus {
  const item = vscode.languages.createLanguageStatusItem('hpa.kubernetesVersion', { language: 'yaml' });
  item.name = t('kubernetesVersion.name');
  item.text = t('kubernetesVersion.pending');
  item.command = { title: t('kubernetesVersion.change'), command: SELECT_KUBERNETES_VERSION_COMMAND };
  const changed = new vscode.EventEmitter<void>();
  let current: { info: KubernetesVersionInfo; uri: string } | undefined;
  let generation = 0;

  const refresh = async () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'yaml' || server.status() !== 'running') return;
    const uri = editor.document.uri.toString();
    const asked = ++generation;
    let info: KubernetesVersionInfo;
    try {
      info = await server.request(KubernetesVersionRequest, { uri });
    } catch {
      return;
    }
    if (asked !== generation) return;
    current = { info, uri };
    show(item, info);
    changed.fire();
  };

  context.subscriptions.push(
    item,
    changed,
    vscode.window.onDidChangeActiveTextEditor(() => void refresh()),
    // Registered before the start: vscode-languageclient keeps the handler across restarts.
    client.onNotification(KubernetesVersionChangedNotification.method, () => void refresh()),
    server.onDidChangeStatus((s) => {
      if (s === 'running') void refresh();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('hpa.kubernetesVersion') || e.affectsConfiguration('hpa.featureGates'))
        void refresh();
    }),
    vscode.commands.registerCommand(SELECT_KUBERNETES_VERSION_COMMAND, (release?: string) =>
      selectVersion(current?.info, release).then(() => refresh()),
    ),
  );
  if (server.status() === 'running') void refresh();

  return {
    inspect: () =>
      current && {
        text: item.text,
        detail: item.detail ?? '',
        severity: item.severity === vscode.LanguageStatusSeverity.Warning ? 'warning' : 'information',
        uri: current.uri,
      },
    onDidChange: changed.event,
  };
}

function show(item: vscode.LanguageStatusItem, info: KubernetesVersionInfo): void {
  item.text = info.gates
    ? t('kubernetesVersion.releaseWithGates', { release: info.release, gates: info.gates })
    : t('kubernetesVersion.release', { release: info.release });
  const from =
    info.origin === 'file'
      ? t('kubernetesVersion.fromFile', {
          file: vscode.workspace.asRelativePath(vscode.Uri.parse(info.configFile ?? '')),
        })
      : info.origin === 'settings'
        ? t('kubernetesVersion.fromSetting')
        : t('kubernetesVersion.notConfigured');
  const problems = [...(info.error ? [info.error] : []), ...info.conflicts];
  item.detail = problems.length > 0 ? `${from}; ${problems.join('; ')}` : from;
  item.severity =
    problems.length > 0 ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
}

/**
 * Picks a release and writes it where it applies: the `.hpa-lint.yaml` in force (so CI agrees),
 * else the workspace settings. `release` skips the picker (the tests pass it; '' = default).
 */
async function selectVersion(info: KubernetesVersionInfo | undefined, release?: string): Promise<void> {
  let chosen = release;
  if (chosen === undefined) {
    const items: (vscode.QuickPickItem & { release: string })[] = [
      ...[...SUPPORTED_RELEASES].reverse().map((r) => ({
        label: r,
        release: r,
        description: r === info?.release && info.configured ? t('kubernetesVersion.inForce') : undefined,
      })),
      { label: t('kubernetesVersion.pickNewest'), release: '' },
    ];
    const picked = await vscode.window.showQuickPick(items, {
      title: t('kubernetesVersion.pickTitle'),
      placeHolder: info?.configFile
        ? t('kubernetesVersion.writtenToFile', {
            file: vscode.workspace.asRelativePath(vscode.Uri.parse(info.configFile)),
          })
        : t('kubernetesVersion.writtenToSetting'),
    });
    if (!picked) return;
    chosen = picked.release;
  }
  if (info?.configFile) {
    await writeVersionToConfigFile(vscode.Uri.parse(info.configFile), chosen);
    return;
  }
  const target = vscode.workspace.workspaceFolders?.length
    ? vscode.ConfigurationTarget.Workspace
    : vscode.ConfigurationTarget.Global;
  await vscode.workspace.getConfiguration('hpa').update('kubernetesVersion', chosen || undefined, target);
}

/** The file's text with its top-level `kubernetesVersion:` line replaced, added, or (release '') removed. */
function withVersionLine(text: string, release: string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^kubernetesVersion\s*:/.test(l));
  // A CRLF file keeps its line ends: each line but the last ends in '\r' after the split.
  const cr = text.includes('\r\n') ? '\r' : '';
  const line = `kubernetesVersion: "${release}"${at >= 0 && !lines[at].endsWith('\r') ? '' : cr}`;
  if (at >= 0) {
    if (release) lines[at] = line;
    else lines.splice(at, 1);
  } else if (release) {
    lines.unshift(line);
  }
  return lines.join('\n');
}

/**
 * Writes the release into the file, keeping the rest. An editor that holds the file gets the edit
 * (with its unsaved text and one undo step) and is saved; a file no editor holds is written on its
 * file system directly, so no hidden document is left behind to fall out of step with the disk.
 */
async function writeVersionToConfigFile(uri: vscode.Uri, release: string): Promise<void> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (!open) {
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(withVersionLine(text, release)));
    return;
  }
  const edit = new vscode.WorkspaceEdit();
  const whole = new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length));
  edit.replace(uri, whole, withVersionLine(open.getText(), release));
  await vscode.workspace.applyEdit(edit);
  await open.save();
}
