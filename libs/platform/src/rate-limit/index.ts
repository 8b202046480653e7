export * from './window-shares';
export * from './redis-lease';
