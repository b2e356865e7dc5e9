// The common modules the Prometheus client code reads, in one place.
export * from '../../../common/prometheus';
