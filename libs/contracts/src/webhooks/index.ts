export * from './signature';
export * from './secret';
export * from './event-types';
