export * from './queue-names';
export * from './payloads';
export * from './replies';
export * from './jobs';
export * from './job-ids';
export * from './job-options';
export * from './replay-wake-up';
