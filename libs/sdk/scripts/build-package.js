#!/usr/bin/env node
/**
 * Builds the publishable package into libs/sdk/dist: TypeScript compiled with declarations, the
 * workspace libraries it uses (the webhook receiver, the signature scheme, the magic numbers)
 * compiled beside it, and their `@momo/…` import paths rewritten to relative ones, so the package
 * needs nothing but Node. `npm pack libs/sdk` then makes the tarball.
 */
const { execFileSync } = require('node:child_process');
const { chmodSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const PACKAGE = join(__dirname, '..');
const ROOT = join(PACKAGE, '..', '..');
const DIST = join(PACKAGE, 'dist');
/** Each alias and the compiled module it stands for (paths under dist, without extension). */
const ALIASES = {
  '@momo/contracts': 'libs/sdk/package/contracts-subset',
  '@momo/domain': 'libs/domain/src/index',
  '@momo/webhook-receiver': 'libs/webhook-receiver/src/index',
};

rmSync(DIST, { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(PACKAGE, 'tsconfig.package.json')], { cwd: ROOT, stdio: 'inherit' });

const files = (dir) => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
for (const file of files(DIST).filter((f) => /\.(js|d\.ts)$/.test(f))) {
  let text = readFileSync(file, 'utf8');
  for (const [alias, target] of Object.entries(ALIASES)) {
    let path = relative(dirname(file), join(DIST, target)).split('\\').join('/');
    if (!path.startsWith('.')) path = `./${path}`;
    text = text.split(`"${alias}"`).join(`"${path}"`).split(`'${alias}'`).join(`'${path}'`);
  }
  if (/["']@momo\//.test(text)) throw new Error(`${relative(ROOT, file)} still imports a workspace alias`);
  writeFileSync(file, text);
}
const cli = join(DIST, 'libs/sdk/src/cli/main.js');
writeFileSync(cli, `#!/usr/bin/env node\n${readFileSync(cli, 'utf8').replace(/^#!.*\n/, '')}`);
chmodSync(cli, 0o755);
console.log(`built ${relative(ROOT, DIST)}`);
