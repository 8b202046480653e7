import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { WORKSPACE_ROOT } from '../stack/services';

/**
 * Debian's Chromium, installed with apt when the machine lacks it (browser tests never download a
 * browser build of their own). Returns its executable path.
 */
export function ensureChromium(): string {
  const found = chromiumPath();
  if (found) return found;
  try {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'ignore' });
  } catch {
    // A fresh machine may have no package lists yet.
    execFileSync('apt-get', ['update'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'ignore' });
  }
  const installed = chromiumPath();
  if (!installed) throw new Error('chromium is not installed and apt-get could not install it');
  return installed;
}

function chromiumPath(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: ensureChromium(),
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

/** Viewports every page is photographed at. */
export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Where a browser suite writes its screenshots: tmp/screenshots/<suite>/ at the repository root. */
export function screenshotFolder(suite: string): string {
  const folder = join(WORKSPACE_ROOT, 'tmp', 'screenshots', suite);
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** Full-page screenshots of the page at each viewport, named `<name>-<viewport>.png`. */
export async function screenshotAtEveryWidth(page: Page, folder: string, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(folder, `${name}-${viewport}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Collects console errors and uncaught page errors so a test can assert there were none. */
export function recordConsoleErrors(context: BrowserContext): string[] {
  const errors: string[] = [];
  context.on('page', (page) => watchPage(page, errors));
  for (const page of context.pages()) watchPage(page, errors);
  return errors;
}

function watchPage(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
}
