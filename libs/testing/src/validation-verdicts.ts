import { validateSync, ValidatorOptions } from 'class-validator';
import { compiledChecks } from '@momo/platform';

/**
 * What the compiled checks (`compiledChecks`) and class-validator itself say of `data` as an
 * instance of `validatedClass`: the two must agree on every input, or a payload or request body
 * would be accepted that class-validator refuses. `compiled` is undefined for a class left to class-validator.
 */
export function validationVerdicts(validatedClass: Function, data: Record<string, unknown>, options: ValidatorOptions): { compiled: boolean | undefined; library: boolean } {
  const instance = Object.assign(Object.create(validatedClass.prototype as object) as object, data);
  return { compiled: compiledChecks(validatedClass)?.passes(instance), library: validateSync(instance, options).length === 0 };
}

/** Inputs around a valid one: empty, with an unknown field, and each field left out or set to each of `oddValues` in turn. */
export function variationsOf(valid: Record<string, unknown>, oddValues: unknown[]): Array<Record<string, unknown>> {
  const variations: Array<Record<string, unknown>> = [{}, { ...valid, unexpected: 1 }];
  for (const field of Object.keys(valid)) {
    const { [field]: _dropped, ...without } = valid;
    variations.push(without);
    for (const odd of oddValues) variations.push({ ...valid, [field]: odd });
  }
  return variations;
}
