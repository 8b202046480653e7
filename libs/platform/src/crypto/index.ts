export * from './secret-box';
