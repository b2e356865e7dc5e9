/**
 * `schema` and `select-policy`: the "did you mean …?" fix. It writes the name the rule suggested in
 * place of the misspelt key or value, and nothing else: one edit over the word, so a comment after
 * it, the value of a renamed key and the quoting stay as written, and one undo takes it back.
 */
import { type CodeAction, CodeActionKind, type Diagnostic } from 'vscode-languageserver';
import { schemaSuggestions } from '../../rules/schema';
import { selectPolicySuggestions } from '../../rules/select-policy';
import type { Suggestion } from '../../rules/suggestions';
import type { K8sObject } from '../../workspace/objects';
import type { FileModel } from '../../yaml/documents';
import type { FeatureContext } from '../context';
import { documentAt, offsetAt, rangeOf } from '../../workspace/indexedDocument';
import { localeOf, msg } from '../messages';
import { toWorkspaceEdit } from '../../edits/spanEdits';

/** Rule id → where it suggests a name. The rule and the fix read the same list, so they agree. */
const SUGGESTIONS: Record<string, (object: K8sObject) => Suggestion[]> = {
  schema: schemaSuggestions,
  'select-policy': selectPolicySuggestions,
};

export function didYouMeanFix(file: FileModel, diagnostic: Diagnostic, ctx: FeatureContext): CodeAction[] {
  const suggestionsOf = SUGGESTIONS[String(diagnostic.code)];
  const start = offsetAt(file, diagnostic.range.start);
  const end = offsetAt(file, diagnostic.range.end);
  const doc = documentAt(file, start);
  if (!suggestionsOf || !doc) return [];
  // The diagnostic's range is the span the rule reported: the key or the value it suggests for.
  const suggestion = suggestionsOf(doc.object).find((s) => s.span.start === start && s.span.end === end);
  if (!suggestion) return [];
  const written = file.text.slice(start, end);
  const quote = /^(["']).*\1$/s.exec(written)?.[1] ?? '';
  return [
    {
      title: msg(localeOf(ctx.locale), 'fix.didYouMean', {
        from: quote ? written.slice(1, -1) : written,
        to: suggestion.replacement,
      }),
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: toWorkspaceEdit(ctx, file.uri, [
        { range: rangeOf(file, start, end), newText: `${quote}${suggestion.replacement}${quote}` },
      ]),
    },
  ];
}
