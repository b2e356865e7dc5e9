/**
 * V8 flags the language server process is started with, by the extension and by the benchmark, so
 * both measure and ship the same process.
 *
 * Why: opening a rendered Helm release parses hundreds of documents in one burst and keeps every
 * parse tree. With V8's defaults the young generation starts at 1 MiB and grows step by step, so the
 * burst runs dozens of scavenges that each copy the trees kept so far, and the small initial old
 * generation triggers early full collections. A fixed 8 MiB young generation and a 64 MiB initial
 * heap remove most of that work (docs/measurements.md, bench/lint.bench.ts). Not larger: a first
 * touch of a fresh memory page is costly on the CI VMs, so a 16 MiB young generation (32 MiB of
 * pages) cost more than it saved once yaml 3 made parsing allocate far less. The cost is memory the
 * server would reach anyway on such a file.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--min-semi-space-size=8',
  '--max-semi-space-size=8',
  '--initial-heap-size=64',
];
