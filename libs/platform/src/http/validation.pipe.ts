import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import type { ValidatorOptions } from 'class-validator';
import { compiledChecks } from '../validation/compiled-checks';
import { ApiError } from '../errors';
import { unsafeTextProblems } from './safe-text';

/**
 * Request bodies and queries: unknown fields rejected, no implicit type conversion (a string
 * "1000" is not an amount), and every problem reported per field in `details.fields`. A body
 * must be a JSON object; an absent body counts as an empty one (so each missing field is named).
 * Before any of that, text that Postgres or UTF-8 cannot hold (NUL, lone surrogates, control
 * characters) is refused wherever it is, so nothing accepted here can fail later for its content.
 */
@Injectable()
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      stopAtFirstError: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => validationFailure(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const fields = unsafeTextProblems(value, metadata.type === 'param' ? (metadata.data ?? '') : '');
      if (Object.keys(fields).length > 0) throw new ApiError('VALIDATION_FAILED', undefined, { fields });
    }
    if (metadata.type === 'body' && metadata.metatype && metadata.metatype !== Object) {
      if (value === undefined || value === null) value = {};
      if (typeof value !== 'object' || Array.isArray(value)) {
        throw new ApiError('VALIDATION_FAILED', undefined, { fields: { body: ['must be a JSON object'] } });
      }
    }
    return super.transform(value, metadata);
  }

  /** A valid body or query passes the compiled checks alone; anything else gets class-validator's errors. */
  protected override validate(object: object, validatorOptions?: ValidatorOptions): Promise<ValidationError[]> | ValidationError[] {
    if (compiledChecks(object.constructor)?.passes(object)) return [];
    return super.validate(object, validatorOptions);
  }
}

export function validationFailure(errors: ValidationError[]): ApiError {
  const fields: Record<string, string[]> = {};
  collect(errors, '', fields);
  const onlyNetwork = Object.keys(fields).length === 1 && errors.some((e) => e.constraints?.isSupportedNetwork);
  if (onlyNetwork) return new ApiError('UNSUPPORTED_NETWORK', undefined, { fields });
  if (Object.keys(fields).length === 0) fields.body = ['must be a JSON object'];
  return new ApiError('VALIDATION_FAILED', undefined, { fields });
}

function collect(errors: ValidationError[], prefix: string, into: Record<string, string[]>): void {
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) into[path || 'body'] = messages;
    if (error.children?.length) collect(error.children, path, into);
  }
}
