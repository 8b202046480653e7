export * from './tables';
export * from './table-ownership';
