/** The VS Code client's own texts: notifications, the preview tab, dialogs, the Kubernetes version item. Loaded for every tag in LOCALES: see ../catalogOf.ts. */
import { catalogOf } from '../catalogOf';

/** CommonJS's require, as esbuild (a glob over the matching files) and Node provide it. */
declare const require: (path: string) => unknown;

export type ClientKey = keyof typeof import('../bundles/en/client.json');
export const CLIENT_CATALOG = catalogOf<ClientKey>((locale) => require(`../bundles/${locale}/client.json`));
