// The engine's public surface: import from 'common/engine' rather than from single files.
export * from './types';
export * from './simulationTypes';
export * from './quantity';
export * from './defaults';
export * from './tolerance';
export * from './podGrouping';
export * from './clusterSnapshot';
export * from './replicaCalculator';
export * from './metricEvaluation';
export * from './combineMetrics';
export * from './stabilization';
export * from './legacy';
export * from './scaleEvents';
export * from './rateLimit';
export * from './controller';
export * from './conformance';
