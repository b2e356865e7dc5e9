export * from './types';
export * from './simulationTypes';
