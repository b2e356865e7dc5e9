// Which extension host runs this code, told apart by what the global scope is: the web worker host
// is a DedicatedWorkerGlobalScope without Node's `process`.
export function extensionHostKind(): string {
  const scope = (globalThis as { constructor?: { name?: string } }).constructor?.name;
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  if (typeof node === 'string') return 'Node.js';
  return scope === 'DedicatedWorkerGlobalScope' ? 'web worker' : String(scope);
}
