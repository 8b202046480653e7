import { readFileSync } from 'node:fs';

/** A kernel setting's file, or undefined where this kernel or machine has none. */
export function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
