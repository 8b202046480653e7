import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, recordConsoleErrors, screenshotAtEveryWidth, screenshotFolder } from './chromium';

describe('browser test helpers', () => {
  let browser: Browser;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><title>t</title><h1>Hello</h1><script>console.error("boom")</script>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('opens a page in Debian Chromium, records its console errors and photographs it at both widths', async () => {
    const context = await browser.newContext();
    const errors = recordConsoleErrors(context);
    const page = await context.newPage();
    await page.goto(url);
    expect(await page.textContent('h1')).toBe('Hello');
    expect(errors).toEqual(['boom']);
    const folder = screenshotFolder('browser-helpers');
    await screenshotAtEveryWidth(page, folder, 'hello');
    expect(existsSync(join(folder, 'hello-desktop.png'))).toBe(true);
    expect(existsSync(join(folder, 'hello-phone.png'))).toBe(true);
    await context.close();
  });
});
