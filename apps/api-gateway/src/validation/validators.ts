import { registerDecorator, ValidationOptions } from 'class-validator';
import { parseMsisdn } from '@momo/domain';

/** A Rwandan wallet number in any accepted spelling, on a network we route to. */
export function IsWalletNumber(options?: ValidationOptions) {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'isWalletNumber',
      target: target.constructor,
      propertyName,
      options: { message: `${propertyName} must look like 0788123456, 250788123456 or +250788123456`, ...options },
      validator: {
        validate: (value: unknown) => {
          const parsed = parseMsisdn(value);
          return parsed.ok || parsed.reason === 'unsupported_network';
        },
      },
    });
    registerDecorator({
      name: 'isSupportedNetwork',
      target: target.constructor,
      propertyName,
      options: { message: `${propertyName} must be on MTN (078, 079) or Airtel (072, 073)`, ...options },
      validator: { validate: (value: unknown) => parseMsisdn(value).ok },
    });
  };
}

export interface StringMapLimits {
  maxKeys: number;
  maxKeyLength: number;
  maxValueLength: number;
}

/** A flat object of string keys to string values, within size limits (metadata). */
export function IsStringMap(limits: StringMapLimits, options?: ValidationOptions) {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'isStringMap',
      target: target.constructor,
      propertyName,
      options: {
        message: `${propertyName} must be an object of at most ${limits.maxKeys} string keys (each 1 to ${limits.maxKeyLength} characters) to string values (each up to ${limits.maxValueLength} characters)`,
        ...options,
      },
      validator: {
        validate: (value: unknown) => {
          if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
          const entries = Object.entries(value);
          return (
            entries.length <= limits.maxKeys &&
            entries.every(([k, v]) => k.length > 0 && k.length <= limits.maxKeyLength && typeof v === 'string' && v.length <= limits.maxValueLength)
          );
        },
      },
    });
  };
}
