export * from './bootstrap';
export * from './json-only.hook';
export * from './validation.pipe';
