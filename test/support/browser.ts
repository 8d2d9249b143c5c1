/**
 * Debian's Chromium through playwright-core (DESIGN.md §5): never a downloaded browser. Without
 * /usr/bin/chromium a browser test is skipped with a message, except under CI=true.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

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
