// Every service's /docs in a real browser (Debian's Chromium driven by playwright-core): the page
// renders the API without a console error, and one operation runs through "Try it out" to a 200.
// Skipped, with one line saying so, where no Chromium is installed (CI installs it).
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overSocket, services } from './helpers/services.js';

const CHROMIUM = '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present)
  console.log(`no browser at ${CHROMIUM}: the /docs browser tests are skipped (apt-get install chromium)`);

describe.skipIf(!present)('/docs in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });
  afterAll(() => browser?.close());

  it.each(services.map((service) => [service.dir, service] as const))(
    '%s: renders with no console error and runs one operation through "Try it out"',
    async (_dir, service) => {
      const socket = await overSocket(service);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await page.goto(`${socket.origin}${service.basePath}/docs`);
        const post = page.locator('.opblock-post').first();
        await post.waitFor({ timeout: 15_000 });
        await post.locator('.opblock-summary').click();
        // The page opens with "Try it out" on (tryItOutEnabled); the example body is filled in.
        const execute = post.locator('.execute');
        if (!(await execute.isVisible())) await post.locator('.try-out__btn').click();
        await execute.click();
        const status = post.locator('.live-responses-table tr.response .response-col_status').first();
        await status.waitFor({ timeout: 15_000 });
        expect((await status.textContent())?.trim()).toBe('200');
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await socket.close();
      }
    },
    60_000,
  );
});
