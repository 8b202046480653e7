export * from './test-certificates';
export * from './test-dns-server';
export * from './connection-recorder';
