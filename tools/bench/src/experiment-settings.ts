import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const USAGE = 'BENCH_SERVICE_SETTINGS must be a JSON object of strings, e.g. {"RPC_BATCHES_IN_FLIGHT":"1"}';
/** An environment variable's name, as every setting is. */
const SETTING_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The settings `BENCH_SERVICE_SETTINGS` gives every service. A service reads only the settings its
 * config classes declare and ignores any other name, so a misspelt one would run the stack as
 * built under an experiment's label: a name that appears nowhere in the services' sources is
 * refused here. (A word search, not the config classes themselves, which tools may not import:
 * it cannot tell a setting from a word in a comment, but a typo appears nowhere.)
 */
export function experimentSettings(json: string, sourceRoots: string[]): Record<string, string> {
  if (!json) return {};
  const parsed = parsedOrUndefined(json);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((value) => typeof value !== 'string')) {
    throw new Error(USAGE);
  }
  const settings = parsed as Record<string, string>;
  const badNames = Object.keys(settings).filter((name) => !SETTING_NAME.test(name));
  if (badNames.length > 0) throw new Error(`BENCH_SERVICE_SETTINGS: not a setting's name: ${badNames.map((name) => JSON.stringify(name)).join(', ')}`);
  const unknown = namesNotIn(Object.keys(settings), sourceRoots);
  if (unknown.length > 0) throw new Error(`BENCH_SERVICE_SETTINGS names settings no service declares: ${unknown.join(', ')}`);
  return settings;
}

/** The names that appear as a whole word in none of the TypeScript files under these folders. */
function namesNotIn(names: string[], roots: string[]): string[] {
  let left = names.map((name) => ({ name, word: new RegExp(`\\b${name}\\b`) }));
  for (const file of roots.flatMap(typeScriptFiles)) {
    if (left.length === 0) break;
    const text = readFileSync(file, 'utf8');
    left = left.filter(({ word }) => !word.test(text));
  }
  return left.map(({ name }) => name);
}

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/[.-]spec\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function parsedOrUndefined(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
