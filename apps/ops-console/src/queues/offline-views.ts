import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * bull-board's page links web fonts from a public CDN. The console runs on an internal network
 * and must not make on-call's browser call out (nor fail to): the same page without that link,
 * falling back to the system font, written where the container may write (/tmp).
 *
 * The folder is named by the page's content, not by the process: every start of the same
 * bull-board version (and every replica on one host) uses one folder instead of leaving one
 * behind per process. The page is written to a file of its own and renamed into place, so a
 * process starting beside another never reads it half written.
 */
export function offlineViews(root: string = tmpdir()): string {
  const uiDist = dirname(require.resolve('@bull-board/ui/package.json'));
  const page = withoutWebFonts(readFileSync(join(uiDist, 'dist', 'index.ejs'), 'utf8'));
  const folder = join(root, `momo-ops-console-views-${createHash('sha256').update(page).digest('hex').slice(0, 16)}`);
  const target = join(folder, 'index.ejs');
  if (readIfPresent(target) !== page) {
    mkdirSync(folder, { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, page);
    renameSync(partial, target);
  }
  return folder;
}

function withoutWebFonts(page: string): string {
  return page.replace(/<link[^>]+fonts\.googleapis\.com[^>]*>/g, '');
}

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
