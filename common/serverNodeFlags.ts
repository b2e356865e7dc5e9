/**
 * V8 flags the language server process is started with, by the extension and by the benchmark, so
 * both measure and ship the same process.
 *
 * Why: opening a rendered Helm release parses hundreds of documents in one burst and keeps every
 * parse tree. With V8's defaults the young generation starts at 1 MiB and grows step by step, so the
 * burst runs dozens of scavenges that each copy the trees kept so far, and the small initial old
 * generation triggers early full collections. Starting the young generation at its usual maximum
 * (16 MiB) and the heap at 64 MiB removes most of that work: open -> diagnostics on the benchmark's
 * 41,700-line file went from a median of 642 ms to 471 ms on the 2-core CI machine (bench/lint.bench.ts).
 * The cost is memory the server would reach anyway on such a file.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--min-semi-space-size=16',
  '--max-semi-space-size=16',
  '--initial-heap-size=64',
];
