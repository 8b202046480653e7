export * from './signature';
export * from './secret';
