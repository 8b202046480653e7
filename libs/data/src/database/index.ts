export * from './data-source-options';
export * from './database.module';
export * from './migrate';
