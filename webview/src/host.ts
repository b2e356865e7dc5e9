/**
 * The page's link to whoever embeds it. In VS Code that is `acquireVsCodeApi()`: postMessage to the
 * extension host and persisted view state. In the standalone HTML report there is no host: the
 * initial messages are embedded as JSON, exports become downloads and a CSV is picked with a file input.
 */
import type { HostToWebview, WebviewToHost } from '../../common/protocol';

export interface PreviewHost {
  post(message: WebviewToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
  /** Registers the receiver of host messages (unvalidated: the app checks them). */
  listen(receive: (message: unknown) => void): void;
  /** True in VS Code (lock and the host's file dialogs exist). */
  readonly embedded: boolean;
}

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare global {
  interface Window {
    acquireVsCodeApi?: () => VsCodeApi;
  }
}

export function createVsCodeHost(api: VsCodeApi): PreviewHost {
  return {
    embedded: true,
    post: (message) => api.postMessage(message),
    getState: () => api.getState(),
    setState: (state) => api.setState(state),
    listen: (receive) => window.addEventListener('message', (event: MessageEvent) => receive(event.data)),
  };
}

/** The id of the `<script type="application/json">` that carries the report's initial messages. */
export const REPORT_DATA_ID = 'hpa-report-data';

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function createStandaloneHost(): PreviewHost {
  let state: unknown = undefined;
  let receiver: ((message: unknown) => void) | undefined;
  const deliver = (message: HostToWebview) => receiver?.(message);
  return {
    embedded: false,
    getState: () => state,
    setState: (next) => {
      state = next;
    },
    listen: (receive) => {
      receiver = receive;
      const data = document.getElementById(REPORT_DATA_ID);
      if (!data?.textContent) return;
      let messages: unknown;
      try {
        messages = JSON.parse(data.textContent);
      } catch {
        return;
      }
      if (Array.isArray(messages)) for (const m of messages) receive(m);
    },
    post: (message) => {
      if (message.type === 'exportCsv') download('hpa-timeline.csv', message.text, 'text/csv');
      else if (message.type === 'exportSvg') download('hpa-chart.svg', message.text, 'image/svg+xml');
      else if (message.type === 'pickCsv') {
        const input = document.createElement('input');
        input.type = 'file';
        input.accept = '.csv,text/csv';
        input.addEventListener('change', () => {
          const file = input.files?.[0];
          if (!file) return;
          void file.text().then((text) => deliver({ type: 'csvLoad', name: file.name, text }));
        });
        input.click();
      }
    },
  };
}
