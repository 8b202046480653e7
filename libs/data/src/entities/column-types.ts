import { ValueTransformer } from 'typeorm';

/** Postgres bigint arrives as a string; our amounts are well inside Number's safe range. */
export const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
