// Types of server/layers.mjs, which eslint.config.mjs (plain JavaScript) and the layer test share.
export declare const SERVER_LAYERS: readonly string[];
export declare const SERVER_ROOT_FILES: readonly string[];
export declare const SERVER_ENTRY_POINTS: readonly string[];
