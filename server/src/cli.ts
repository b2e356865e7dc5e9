// Placeholder entry; hpa-lint lands with its issue.
export {};
