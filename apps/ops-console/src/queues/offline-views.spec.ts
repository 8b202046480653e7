import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { offlineViews } from './offline-views';

describe('bull-board page served offline', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'offline-views-spec-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('serves bull-board\'s page without the web-font link, everything else as shipped', () => {
    const folder = offlineViews(root);
    const page = readFileSync(join(folder, 'index.ejs'), 'utf8');
    expect(page).not.toMatch(/fonts\.googleapis\.com/);
    expect(page).toMatch(/<\/html>/i);
  });

  it('leaves one folder however many times the console starts, and no partial file', () => {
    const first = offlineViews(root);
    const second = offlineViews(root);
    expect(second).toBe(first);
    expect(readdirSync(root)).toHaveLength(1);
    expect(readdirSync(first)).toEqual(['index.ejs']);
  });

  it('puts the page back when the file was changed or cut short', () => {
    const folder = offlineViews(root);
    const page = readFileSync(join(folder, 'index.ejs'), 'utf8');
    writeFileSync(join(folder, 'index.ejs'), page.slice(0, 10));
    expect(offlineViews(root)).toBe(folder);
    expect(readFileSync(join(folder, 'index.ejs'), 'utf8')).toBe(page);
  });
});
