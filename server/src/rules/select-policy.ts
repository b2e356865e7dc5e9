/**
 * select-policy: selectPolicy must be Max, Min or Disabled. A near miss (`max`, `Mn`) says which
 * one it most likely means, and the quick fix writes it (selectPolicySuggestions).
 */
import { t } from '../localize';
import type { K8sObject } from '../workspace/objects';
import { presentDirections, shownValue } from './apiText';
import { likelyMeant, type Suggestion } from './suggestions';
import { documentRule } from './types';

const SUPPORTED = ['Disabled', 'Max', 'Min'];

export const selectPolicyRule = documentRule({
  id: 'select-policy',
  defaultSeverity: 'error',
  description: 'selectPolicy must be one of Max, Min or Disabled.',
  check(object, context) {
    for (const select of unsupported(object)) {
      const fields = {
        path: select.view.path,
        value: shownValue(select.view),
        supported: SUPPORTED.map((s) => `"${s}"`).join(', '),
      };
      context.report(
        select.view.valueSpan(),
        select.meant === undefined
          ? t('{path}: Unsupported value: {value}: supported values: {supported}', fields)
          : t(
              '{path}: Unsupported value: {value}: supported values: {supported}; did you mean "{suggestion}"?',
              {
                ...fields,
                suggestion: select.meant,
              },
            ),
      );
    }
  },
});

/** Each written selectPolicy the API rejects, with the supported value it most likely means. */
function unsupported(object: K8sObject) {
  return presentDirections(object).flatMap(({ rules }) => {
    const view = rules.get('selectPolicy');
    if (!view.exists) return [];
    const value = view.string;
    if (value !== undefined && SUPPORTED.includes(value)) return [];
    return [{ view, meant: value === undefined ? undefined : likelyMeant(value, SUPPORTED) }];
  });
}

/** The values this rule suggests a replacement for, with their spans, for the quick fix. */
export function selectPolicySuggestions(object: K8sObject): Suggestion[] {
  return unsupported(object).flatMap(({ view, meant }) =>
    meant === undefined ? [] : [{ span: view.valueSpan(), replacement: meant }],
  );
}
