// Placeholder entry; the language server lands with its issue.
export {};
