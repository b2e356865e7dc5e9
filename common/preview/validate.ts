/**
 * Shape checks for everything that crosses the webview boundary. A message that does not match is
 * dropped whole: a webview can be fed by anything that can postMessage to it, and the host must not
 * trust the webview either. The checks cover what the receiver reads, not every optional field.
 */
import type { HostToWebview, PreviewModel, PreviewSettings, WebviewToHost } from '../protocol';
import type { LoadSeries } from '../engine/simulationTypes';
import { isPrometheusReplay } from '../prometheus/replay';
import type { HPABehavior } from '../engine/types';

type Obj = Record<string, unknown>;

const MAX_TEXT = 20_000_000; // a CSV or SVG bigger than this is not something the panel produced

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function isStr(v: unknown, max = 100_000): v is string {
  return typeof v === 'string' && v.length <= max;
}
function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}
function isInt(v: unknown): v is number {
  return isNum(v) && Number.isInteger(v);
}
function isOptional(v: unknown, check: (x: unknown) => boolean): boolean {
  return v === undefined || check(v);
}
function isNumberRecord(v: unknown): v is Record<string, number> {
  return isObj(v) && Object.values(v).every(isNum);
}

function isSpec(v: unknown): boolean {
  if (!isObj(v)) return false;
  if (!isObj(v.scaleTargetRef)) return false;
  if (!isNum(v.maxReplicas)) return false;
  if (!isOptional(v.minReplicas, isNum)) return false;
  if (!isOptional(v.metrics, (m) => Array.isArray(m) && m.every((x) => isObj(x) && isStr(x.type))))
    return false;
  return v.behavior === undefined || v.behavior === null || isObj(v.behavior);
}

function isProblemList(v: unknown): boolean {
  return (
    Array.isArray(v) &&
    v.length <= 1000 &&
    v.every((p) => isObj(p) && isInt(p.line) && isStr(p.message) && isStr(p.rule, 200))
  );
}

const POLICY_TYPES = ['Pods', 'Percent'];
const SELECT_POLICIES = ['Max', 'Min', 'Disabled'];

function isScalingRules(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (!isObj(v)) return false;
  return (
    isOptional(v.stabilizationWindowSeconds, (w) => w === null || isInt(w)) &&
    isOptional(v.selectPolicy, (p) => typeof p === 'string' && SELECT_POLICIES.includes(p)) &&
    isOptional(
      v.policies,
      (ps) =>
        Array.isArray(ps) &&
        ps.length <= 10 &&
        ps.every(
          (p) =>
            isObj(p) &&
            typeof p.type === 'string' &&
            POLICY_TYPES.includes(p.type) &&
            isInt(p.value) &&
            isInt(p.periodSeconds),
        ),
    ) &&
    isOptional(v.tolerance, (t) => isStr(t, 64) || isNum(t))
  );
}

/** A behavior block as the tuner writes it: only the fields the API knows, with their types. */
export function isBehavior(v: unknown): v is HPABehavior {
  return isObj(v) && isScalingRules(v.scaleUp) && isScalingRules(v.scaleDown);
}

export function isPreviewModel(v: unknown): v is PreviewModel {
  if (!isObj(v)) return false;
  return (
    isStr(v.uri) &&
    isInt(v.documentIndex) &&
    isStr(v.name) &&
    isOptional(v.namespace, isStr) &&
    isSpec(v.spec) &&
    isNumberRecord(v.podRequests) &&
    isObj(v.containerRequests) &&
    Object.values(v.containerRequests).every(isNumberRecord) &&
    (v.target === null ||
      (isObj(v.target) &&
        isStr(v.target.uri) &&
        isStr(v.target.kind) &&
        isStr(v.target.name) &&
        isOptional(v.target.replicas, isNum))) &&
    Array.isArray(v.notes) &&
    v.notes.every((n) => isStr(n)) &&
    isOptional(v.problems, isProblemList) &&
    (v.overlays === undefined ||
      (Array.isArray(v.overlays) && v.overlays.every((o) => isObj(o) && isStr(o.uri) && isStr(o.label)))) &&
    isOptional(v.overlay, isStr) &&
    isOptional(
      v.cluster,
      (c) =>
        isObj(c) &&
        isStr(c.release) &&
        typeof c.configured === 'boolean' &&
        isObj(c.options) &&
        isOptional(
          c.source,
          (s) => isObj(s) && (s.origin === 'settings' || (s.origin === 'file' && isStr(s.file))),
        ),
    )
  );
}

function isLoadSeries(v: unknown): v is LoadSeries {
  return (
    isObj(v) &&
    isStr(v.metric) &&
    Array.isArray(v.points) &&
    v.points.every((p) => isObj(p) && isNum(p.t) && isNum(p.value))
  );
}

const SETTINGS_NUMBERS = [
  'peak',
  'noise',
  'durationSeconds',
  'initialReplicas',
  'syncPeriodSeconds',
  'podStartupSeconds',
];

/** Every field optional (a partial set of settings); present fields must have the right type. */
export function isPartialSettings(v: unknown): v is Partial<PreviewSettings> {
  if (!isObj(v)) return false;
  if (!isOptional(v.profile, isStr)) return false;
  if (!SETTINGS_NUMBERS.every((k) => isOptional(v[k], isNum))) return false;
  return isOptional(v.options, isObj);
}

export function isHostToWebview(v: unknown): v is HostToWebview {
  if (!isObj(v)) return false;
  switch (v.type) {
    case 'model':
      return isPreviewModel(v.model) && isStr(v.locale, 64) && typeof v.locked === 'boolean';
    case 'noModel':
    case 'waiting':
      return isStr(v.reason) && isStr(v.locale, 64);
    case 'csvLoad':
      return isStr(v.name, 4096) && isStr(v.text, MAX_TEXT);
    case 'lockChanged':
      return typeof v.locked === 'boolean';
    case 'prometheusLoad':
      return isPrometheusReplay(v.replay);
    case 'fixedLoads':
      return (
        isStr(v.name, 4096) &&
        Array.isArray(v.loads) &&
        v.loads.every(isLoadSeries) &&
        isOptional(v.settings, isPartialSettings)
      );
    default:
      return false;
  }
}

export function isWebviewToHost(v: unknown): v is WebviewToHost {
  if (!isObj(v)) return false;
  switch (v.type) {
    case 'ready':
    case 'toggleLock':
    case 'pickCsv':
    case 'loadFromPrometheus':
      return true;
    case 'pickOverlay':
      return v.overlay === null || isStr(v.overlay);
    case 'exportCsv':
    case 'exportSvg':
      return isStr(v.text, MAX_TEXT);
    case 'problemsShown':
      return Array.isArray(v.lines) && v.lines.length <= 1000 && v.lines.every(isInt);
    case 'applyBehavior':
      return isStr(v.uri, 4096) && isInt(v.documentIndex) && v.documentIndex >= 0 && isBehavior(v.behavior);
    default:
      return false;
  }
}
