/** The behavior tuner: goals, figures, the search space and the search. */
export * from './goals';
export * from './figures';
export * from './searchSpace';
export * from './search';
export * from './ranking';
export * from './reach';
export * from './strings';
export * from './explain';
export * from './slicedRun';
