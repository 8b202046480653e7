import { getMetadataStorage, MetadataStorage, ValidationArguments, ValidationTypes, ValidatorConstraintInterface } from 'class-validator';

type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

/**
 * A class's class-validator rules, read from the library's metadata once and run without its
 * executor, which builds filtered copies of the rules, an error object per property and argument
 * objects per rule on every call: for the flat job payloads a cash-in carries, that was a fifth of
 * what payments-core allocated (docs/performance.md, step 41). The checks themselves are still the
 * library's: each rule's own `validate`, with the arguments it expects. Used for job payloads
 * (validateJobPayload) and request bodies and queries (RequestValidationPipe).
 *
 * Only the verdict "valid" comes from here. Whatever it refuses is checked again by class-validator,
 * whose errors name the fields; and a class using anything beyond plain per-property rules (nested
 * objects, `each`, groups, `always`, `validateIf` on a rule, async rules) gets no compiled checks at
 * all, so class-validator decides every time.
 */
export interface CompiledChecks {
  /** True when every rule holds and no field is unknown (as with whitelist and forbidNonWhitelisted). */
  passes(instance: object): boolean;
}

interface PropertyChecks {
  property: string;
  /** IsOptional and the like: when one says no, none of the property's rules run. */
  conditions: Array<(object: object, value: unknown) => boolean>;
  /** IsDefined (which holds whatever skip options say), then every other rule. */
  defined: RuleCheck[];
  rules: RuleCheck[];
}

interface RuleCheck {
  validator: ValidatorConstraintInterface;
  constraints: unknown[];
}

const compiled = new WeakMap<Function, CompiledChecks | null>();

/** The compiled checks of a validated class (a job payload, a request body), or null when only class-validator itself can judge it. */
export function compiledChecks(validatedClass: Function): CompiledChecks | null {
  let checks = compiled.get(validatedClass);
  if (checks === undefined) {
    checks = compile(validatedClass);
    compiled.set(validatedClass, checks);
  }
  return checks;
}

function compile(validatedClass: Function): CompiledChecks | null {
  const storage = getMetadataStorage();
  // The same selection validateSync makes with no groups and no `always` option (inherited rules included).
  const metadatas = storage.getTargetValidationMetadatas(validatedClass, '', false, false, undefined);
  if (metadatas.length === 0 || !metadatas.every(plain)) return null;
  const byProperty = storage.groupByPropertyName(metadatas);
  const properties: PropertyChecks[] = [];
  for (const [property, rules] of Object.entries(byProperty)) {
    const checks: PropertyChecks = { property, conditions: [], defined: [], rules: [] };
    for (const metadata of rules) {
      if (metadata.type === ValidationTypes.CONDITIONAL_VALIDATION) {
        checks.conditions.push(metadata.constraints[0] as (object: object, value: unknown) => boolean);
        continue;
      }
      if (metadata.type === ValidationTypes.WHITELIST) continue;
      const constraints = storage.getTargetValidatorConstraints(metadata.constraintCls);
      if (constraints.some((constraint) => constraint.async)) return null;
      const target = metadata.type === ValidationTypes.IS_DEFINED ? checks.defined : checks.rules;
      for (const constraint of constraints) target.push({ validator: constraint.instance as ValidatorConstraintInterface, constraints: metadata.constraints });
    }
    properties.push(checks);
  }
  const known = new Set(properties.map((p) => p.property));
  const targetName = validatedClass.name;
  const holds = (check: RuleCheck, instance: object, property: string, value: unknown): boolean => {
    const args: ValidationArguments = { targetName, property, object: instance, value, constraints: check.constraints };
    return check.validator.validate(value, args) === true;
  };
  return {
    passes(instance: object): boolean {
      for (const key of Object.keys(instance)) if (!known.has(key)) return false;
      for (const { property, conditions, defined, rules } of properties) {
        const value = (instance as Record<string, unknown>)[property];
        let applies = true;
        for (const condition of conditions) if (!condition(instance, value)) applies = false;
        if (!applies) continue;
        for (const check of defined) if (!holds(check, instance, property, value)) return false;
        for (const check of rules) if (!holds(check, instance, property, value)) return false;
      }
      return true;
    },
  };
}

/** A rule the compiled checks run exactly as class-validator's executor would. */
function plain(metadata: ValidationMetadata): boolean {
  const supported =
    metadata.type === ValidationTypes.CUSTOM_VALIDATION ||
    metadata.type === ValidationTypes.IS_DEFINED ||
    metadata.type === ValidationTypes.CONDITIONAL_VALIDATION ||
    metadata.type === ValidationTypes.WHITELIST;
  return supported && !metadata.each && !metadata.groups?.length && metadata.always === undefined && metadata.validateIf === undefined;
}
