// Placeholder entry; the preview lands with its issue.
export {};
