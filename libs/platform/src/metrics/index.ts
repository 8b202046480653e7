export * from './metrics';
export * from './prometheus-text';
