export * from './secret-box';
export * from './password-hash';
