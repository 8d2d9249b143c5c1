/**
 * /docs (Swagger UI over /openapi.json) in real headless Chromium against a real `ginko serve`:
 * everything loads from the server itself, and "Try it out" with a key given under
 * "Authorize" calls this same server and shows its answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { chromiumWithGinko } from './support/browser.js';
import type { RunningGinko } from './support/process.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-docs-e2e-');
let browser: Browser | undefined;
let skip: string | undefined;
let server: RunningGinko;
let key: string;

before(async () => {
  const started = await chromiumWithGinko(tempDir(), 'docs-test');
  if ('skip' in started) skip = started.skip;
  else ({ browser, server, key } = started);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/docs in Chromium', () => {
  it('renders the API from this server alone and tries /v3/banks/{code} with a key', async (t) => {
    if (skip) return t.skip(skip);
    const page = await browser!.newPage();
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    // Where users paste keys: its own scripts only, never framed, no Referer (src/http/apis/ops/openapi.ts).
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    const response = await page.goto(`${server.url}/docs`);
    const headers = response!.headers();
    assert.deepEqual([headers['x-frame-options'], headers['referrer-policy'], headers['x-content-type-options']], ['DENY', 'no-referrer', 'nosniff']);
    assert.match(headers['content-security-policy']!, /script-src 'self';.*frame-ancestors 'none'/);
    const operation = page.locator('.opblock').filter({ has: page.locator('.opblock-summary-path[data-path="/v3/banks/{code}"]') });
    await operation.waitFor();
    await page.locator('.btn.authorize').first().click();
    const header = page.locator('.modal-ux .auth-container').filter({ hasText: 'apiKeyHeader' });
    await header.locator('input').fill(key);
    await header.locator('button.authorize').click();
    await header.locator('button.btn-done').click();
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.locator('input[placeholder="code"]').fill('0001');
    await operation.getByRole('button', { name: 'Execute' }).click();
    const status = operation.locator('.live-responses-table .response .response-col_status');
    await status.waitFor();
    assert.equal((await status.innerText()).trim(), '200');
    // Swagger UI fills in the documented examples (callback=onBanks, fields=code,name): the real
    // answer of this server to that request.
    assert.equal(await operation.locator('.live-responses-table .response-col_description .highlight-code pre').first().innerText(), '/**/ onBanks({"code":"0001","name":"みずほ銀行"});');
    assert.deepEqual(elsewhere, [], 'no request leaves the server');
    assert.deepEqual(blocked, [], 'Swagger UI runs under the policy');
    await page.close();
  });
});
