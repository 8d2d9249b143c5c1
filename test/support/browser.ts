/**
 * Debian's Chromium through playwright-core (docs/widget.md#tests): never a downloaded browser.
 * Without /usr/bin/chromium a browser test is skipped with a message, except under CI=true.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { type RunningGinko, runGinko, startGinko } from './process.js';

export const CHROMIUM = process.env.GINKO_TEST_CHROMIUM ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser | { skip: string }> {
  if (!existsSync(CHROMIUM)) {
    const message = `Chromium is not installed at ${CHROMIUM}; install Debian's chromium package to run the widget tests`;
    if (process.env.CI === 'true') throw new Error(message);
    return { skip: message };
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    // The test server's certificate is self-signed.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--ignore-certificate-errors'],
  });
}

/**
 * Chromium, and a real `ginko serve` on `dataDir` with a key of plan `unlimited` named
 * `keyName`; or why the browser tests skip (nothing is started then).
 */
export async function chromiumWithGinko(dataDir: string, keyName: string): Promise<{ browser: Browser; server: RunningGinko; key: string } | { skip: string }> {
  const browser = await launchChromium();
  if ('skip' in browser) return browser;
  const key = (await runGinko(['keys', 'create', '--plan', 'unlimited', '--name', keyName, '--data-dir', dataDir])).stdout.trim().split('\n').at(-1)!;
  return { browser, server: await startGinko(['--data-dir', dataDir]), key };
}
