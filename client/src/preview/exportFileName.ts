/**
 * The file name a preview export is offered under: the HPA's name and what the file holds
 * (`web-timeline.csv`, `web-chart.svg`), so two exports of two HPAs do not overwrite each other by
 * default. Pure (no vscode), so it is tested in Node.
 */
export function exportFileName(hpaName: string, ext: 'csv' | 'svg'): string {
  // Kubernetes names are DNS labels already; anything else (a path shown instead of a name, a
  // hand-written name) keeps only what every file system accepts.
  const safe = hpaName
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 100);
  const base = safe === '' ? 'hpa-preview' : safe;
  return `${base}-${ext === 'csv' ? 'timeline' : 'chart'}.${ext}`;
}
