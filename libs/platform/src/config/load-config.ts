import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync, ValidationError } from 'class-validator';

export type ConfigClass<T extends object> = new () => T;

/** Raised when a setting is missing or invalid; the message names every bad setting, never a value. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Builds and validates a config object from the environment. This is the only place in the code
 * base that reads process.env. Only the settings the class declares are read; class field
 * initialisers are the defaults.
 */
export function loadConfig<T extends object>(cls: ConfigClass<T>, env: NodeJS.ProcessEnv = process.env): T {
  const declared = declaredSettings(cls);
  const raw: Record<string, string> = {};
  for (const name of declared) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const config = plainToInstance(cls, raw, { exposeDefaultValues: true, enableImplicitConversion: true });
  const errors = validateSync(config, { forbidUnknownValues: true });
  if (errors.length > 0) throw new ConfigError(errors.flatMap(describe));
  return Object.freeze(config);
}

function declaredSettings(cls: ConfigClass<object>): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
  return [...new Set(metadata.map((m) => m.propertyName))];
}

function describe(error: ValidationError): string[] {
  const reasons = Object.values(error.constraints ?? {});
  return [`${error.property}: ${reasons.join('; ') || 'invalid'}`];
}
