#!/usr/bin/env node
// `npm start`: make sure dependencies are installed and the code is built, then run the whole
// system (tools/dev-stack). Plain JavaScript with Node built-ins only, because it runs before
// `npm ci` may have happened.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const installed = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  console.log('dev-stack | installing dependencies…');
  run(npm, ['install', '--no-audit', '--no-fund']);
}

console.log('dev-stack | building…');
run(join(root, 'node_modules', '.bin', 'nx'), ['run-many', '-t', 'build', '--output-style=static']);

// The project's own Node.js (package.json's optionalDependencies, on Linux x64) runs the system, as
// in the image; this script may have started on the machine's before the install brought it.
const projectNode = join(root, 'node_modules', '.bin', 'node');
const runtime = existsSync(projectNode) ? projectNode : process.execPath;
const stack = spawn(runtime, ['--enable-source-maps', join(root, 'dist/tools/dev-stack/src/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl-C reaches the whole process group; dev-stack stops the services itself.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => stack.kill('SIGTERM'));
stack.on('exit', (code) => process.exit(code ?? 0));
