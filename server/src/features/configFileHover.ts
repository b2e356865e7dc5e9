/**
 * Hovers in `.hpa-lint.yaml`: what each key does, and what it means on the release in force here
 * (a gate's stage and default on that release, a rule's default severity). The server answers them
 * itself, so a user without the Red Hat YAML extension (which reads the file's schema) gets them too.
 */
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import { GATE_NAMES, releaseName, type GateName } from '../../../common/k8s/kubernetesVersions';
import {
  ALL_RULES,
  CONFIG_FILE_RULE,
  FILE_SKIPPED_RULE,
  FILE_TOO_LARGE_RULE,
  KUSTOMIZE_RENDER_RULE,
  KUSTOMIZE_UNAVAILABLE_RULE,
  YAML_SYNTAX_RULE,
} from '../rules/index';
import type { FileModel } from '../yaml/documents';
import { fieldAt, offsetAt, rangeOf } from '../workspace/indexedDocument';
import { CONFIG_KEY_SPECS, configKeyText, gateText } from './configFileFields';
import type { FeatureContext } from './context';
import { localeOf, msg, type Locale } from './messages';

const SEVERITY_SOURCES = [
  YAML_SYNTAX_RULE,
  FILE_TOO_LARGE_RULE,
  FILE_SKIPPED_RULE,
  CONFIG_FILE_RULE,
  KUSTOMIZE_RENDER_RULE,
  KUSTOMIZE_UNAVAILABLE_RULE,
  ...ALL_RULES,
];

export function provideConfigHover(
  file: FileModel,
  position: Position,
  ctx: Pick<FeatureContext, 'locale' | 'cluster'>,
): Hover | null {
  const offset = offsetAt(file, position);
  const doc = file.documents[0];
  if (!doc || doc.model.parsed.errors.length > 0) return null;
  const field = fieldAt({ offset: doc.offset, yaml: doc.model.parsed }, offset);
  if (!field) return null;
  const [top, entry] = field.path;
  if (typeof top !== 'string' || !Object.hasOwn(CONFIG_KEY_SPECS, top)) return null;
  const locale = localeOf(ctx.locale);
  const key = top as keyof typeof CONFIG_KEY_SPECS;
  const sections =
    typeof entry === 'string' && field.path.length === 2
      ? entrySections(key, entry, locale, ctx)
      : [`**\`${key}\`**`, configKeyText(key, locale), ...keyDetails(key, locale, ctx)];
  if (sections.length === 0) return null;
  return {
    contents: { kind: MarkupKind.Markdown, value: sections.join('\n\n') },
    range: rangeOf(file, field.span[0], field.span[1]),
  };
}

function keyDetails(key: string, locale: Locale, ctx: Pick<FeatureContext, 'cluster'>): string[] {
  if (key !== 'kubernetesVersion' || !ctx.cluster) return [];
  const release = releaseName(ctx.cluster.minor);
  return [
    ctx.cluster.configured
      ? msg(locale, 'config.releaseInForce', { release })
      : msg(locale, 'config.releaseAssumed', { release }),
  ];
}

/** A gate's entry under featureGates, or a rule's under rules. */
function entrySections(
  key: string,
  entry: string,
  locale: Locale,
  ctx: Pick<FeatureContext, 'cluster'>,
): string[] {
  if (key === 'featureGates' && (GATE_NAMES as readonly string[]).includes(entry)) {
    const lines = [`**\`featureGates.${entry}\`**`, msg(locale, 'config.featureGates')];
    if (ctx.cluster) lines.push(gateText(entry as GateName, ctx.cluster.minor, locale));
    return lines;
  }
  if (key === 'rules') {
    const rule = SEVERITY_SOURCES.find((r) => r.id === entry);
    if (!rule) return [];
    return [
      `**\`rules.${entry}\`**`,
      msg(locale, 'config.rule', { rule: entry, severity: rule.defaultSeverity }),
    ];
  }
  return [];
}
