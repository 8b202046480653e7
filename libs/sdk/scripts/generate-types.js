#!/usr/bin/env node
/**
 * Generates src/generated/openapi.ts from the gateway's OpenAPI document with openapi-typescript,
 * so the SDK's types are the API's own. The drift test (src/sdk-drift.e2e-spec.ts) runs the same
 * script (with --stdout) on the document a freshly started gateway serves and fails on any difference.
 *
 *   node libs/sdk/scripts/generate-types.js http://127.0.0.1:3000/openapi.json   (or a file path)
 */
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const OUTPUT = join(__dirname, '..', 'src', 'generated', 'openapi.ts');
const BANNER = `/**
 * Generated from the gateway's /openapi.json by libs/sdk/scripts/generate-types.js
 * (openapi-typescript). Do not edit: regenerate. A test fails when this differs from what the
 * running gateway serves.
 */
/* eslint-disable */
`;

/** The TypeScript source for one OpenAPI document. */
async function generateSdkTypes(document) {
  const { default: openapiTS, astToString } = require('openapi-typescript');
  // The server URL depends on where the document was served; it is not part of the types.
  const { servers: _servers, ...stable } = document;
  const ast = await openapiTS(stable, { alphabetize: true, exportType: false, defaultNonNullable: false });
  return BANNER + astToString(ast);
}

/** `--stdout` prints the source instead of writing it (the drift test compares it with the file). */
async function main(source, flag) {
  if (!source) throw new Error('usage: generate-types.js <openapi.json URL or file> [--stdout]');
  const document = /^https?:/.test(source) ? await (await fetch(source)).json() : JSON.parse(readFileSync(source, 'utf8'));
  const types = await generateSdkTypes(document);
  if (flag === '--stdout') return void process.stdout.write(types);
  writeFileSync(OUTPUT, types);
  console.log(`wrote ${OUTPUT}`);
}

module.exports = { generateSdkTypes, GENERATED_TYPES_FILE: OUTPUT };

if (require.main === module) {
  main(process.argv[2], process.argv[3]).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
