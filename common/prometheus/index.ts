// Backtesting against Prometheus: pure parts (queries, planning, parsing, comparison) and the transport.
export * from './errors';
export * from './time';
export * from './podNames';
export * from './queries';
export * from './rangePlan';
export * from './queryRangeResponse';
export * from './transport';
export * from './toLoad';
export * from './comparison';
export * from './notes';
export * from './backtest';
export * from './rangeChoices';
export * from './messages';
export * from './replay';
