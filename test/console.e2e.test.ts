/**
 * The operator console in real headless Chromium against a real `ginko serve` over HTTPS (issue
 * 21): sign in; create a key with a referrer restriction and read it from the page; call the API
 * with and without the allowed Referer (200 / 403); see those calls in Usage; revoke the key
 * (next call 401); check a payee file; maintenance on and off; sign out. axe-core checks every
 * page; screenshots of each page go to test-artifacts/console/ (the ones in docs/console/ are
 * copies).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/browser.js';
import { httpsGet } from './support/https.js';
import { httpsFetch } from './support/https-fetch.js';
import { closedPort } from './support/services.js';
import { type RunningGinko, runGinkoWithInput, startGinko } from './support/process.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-console-e2e-');
const PASSWORD = 'operator password 1';
const SHOTS = join('test-artifacts', 'console');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser | undefined;
let context: BrowserContext;
let skip: string | undefined;
let server: RunningGinko;
let dataDir: string;
let ca: string;

before(async () => {
  const launched = await launchChromium();
  if ('skip' in launched) {
    skip = launched.skip;
    return;
  }
  browser = launched;
  dataDir = tempDir();
  const added = await runGinkoWithInput(['admin', 'add', 'alice', '--password-stdin', '--data-dir', dataDir], PASSWORD + '\n');
  assert.equal(added.code, 0, added.stderr);
  // Private receivers allowed: the Webhooks page's webhook points at a closed port on 127.0.0.1.
  server = await startGinko(['--data-dir', dataDir, '--webhook-allow-private']);
  ca = readFileSync(join(dataDir, 'tls-cert.pem'), 'utf8');
  // English pages, a phone-sized window for some checks; axe's script is injected, which the
  // console's Content-Security-Policy would (rightly) refuse, hence bypassCSP for the test only.
  context = await browser.newContext({ locale: 'en-US', bypassCSP: true, viewport: { width: 1100, height: 800 } });
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Runs axe-core on the page and fails on serious or critical violations. */
async function checkAccessibility(page: Page, name: string): Promise<void> {
  await page.addScriptTag({ content: AXE });
  // A string: the page's globals (axe, document) are not in this file's types.
  const violations = await page.evaluate<{ id: string; impact: string; targets: string[] }[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })))`,
  );
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(serious, [], `axe on ${name}`);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

function api(path: string, headers: Record<string, string>) {
  return httpsGet(server.url.replace('127.0.0.1', 'localhost') + path, ca, headers);
}

describe('the console in Chromium', () => {
  let page: Page;
  let key = '';
  let keyId = '';

  it('redirects to the sign-in page, then signs in', async (t) => {
    if (skip) return t.skip(skip);
    page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/admin/`);
    assert.equal(new URL(page.url()).pathname, '/admin/sign-in');
    assert.equal(await page.locator('h1').innerText(), 'Sign in');
    await checkAccessibility(page, 'sign-in');
    await shoot(page, 'sign-in');
    // Keyboard alone: the name field, Tab to the password, Enter submits.
    await page.locator('#name').focus();
    await page.keyboard.type('alice');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/keys');
    assert.equal(await page.locator('h1').innerText(), 'API keys');
    assert.deepEqual(errors, []);
  });

  it('creates a key with a referrer restriction and shows it once with a copy button', async (t) => {
    if (skip) return t.skip(skip);
    await page.locator('#new-name').fill('shop front');
    await page.locator('#new-plan').selectOption('standard');
    await page.locator('#new-referrers').fill('https://shop.example/*');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#new-key').waitFor();
    assert.equal(await page.locator('h1').innerText(), 'Key created');
    key = await page.locator('#new-key').inputValue();
    assert.match(key, /^gk_[A-Za-z0-9_-]{32}$/);
    keyId = /key_[0-9a-f]{12}/.exec(await page.locator('label[for=new-key]').innerText())![0];
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.locator('.copy-status', { hasText: 'Copied' }).waitFor();
    await checkAccessibility(page, 'key created');
    await shoot(page, 'key-created');
  });

  it('the key answers 200 with the allowed Referer and 403 without it', async (t) => {
    if (skip) return t.skip(skip);
    const allowed = await api('/v3/banks/0001', { 'x-api-key': key, referer: 'https://shop.example/checkout' });
    assert.equal(allowed.status, 200);
    assert.equal(JSON.parse(allowed.body).name, 'みずほ銀行');
    const refused = await api('/v3/banks/0001', { 'x-api-key': key });
    assert.equal(refused.status, 403);
    assert.equal(JSON.parse(refused.body).message, 'the API key only accepts requests from its allowed referrers, and this request has no Referer');
  });

  it('lists the key with its restriction and today\'s requests against the daily limit', async (t) => {
    if (skip) return t.skip(skip);
    await page.goto(`${server.url}/admin/keys`);
    const row = page.locator(`tr#${keyId}`);
    assert.equal(await row.locator('.label').innerText(), 'shop front');
    assert.equal(await row.locator('td').nth(0).innerText(), 'standard');
    assert.equal(await row.locator('td').nth(1).innerText(), 'https://shop.example/*');
    assert.equal(await row.locator('.today').innerText(), '2');
    assert.match(await row.locator('td').nth(4).innerText(), /^2 \/ 100,000/);
    await checkAccessibility(page, 'keys');
    await shoot(page, 'keys');
  });

  it('shows those two calls in Usage, as charts and as numbers', async (t) => {
    if (skip) return t.skip(skip);
    await page.goto(`${server.url}/admin/usage`);
    await page.locator('#usage-key').selectOption(keyId);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(`**/admin/usage?key=${keyId}`);
    await page.locator('#chart-daily-api canvas').waitFor();
    assert.equal(await page.locator('.chart canvas').count(), 4, 'four uPlot charts');
    const today = page.locator('table.usage').first().locator('tbody tr').first();
    // search, history, resolve, export, watch, 2xx, 4xx, 429, 5xx, total
    assert.deepEqual(await today.locator('td').allInnerTexts(), ['2', '0', '0', '0', '0', '1', '1', '0', '0', '2']);
    await checkAccessibility(page, 'usage');
    await shoot(page, 'usage');
  });

  it('edits the key\'s restrictions', async (t) => {
    if (skip) return t.skip(skip);
    await page.goto(`${server.url}/admin/keys/${keyId}`);
    await checkAccessibility(page, 'edit key');
    await page.locator('#edit-referrers').fill('https://shop.example/*\nhttps://www.shop.example/*');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/keys?saved=*');
    assert.equal(await page.locator('.notice').innerText(), `Saved the restrictions of ${keyId}.`);
    assert.equal(await page.locator(`tr#${keyId} td`).nth(1).innerText(), 'https://shop.example/* https://www.shop.example/*');
  });

  it("shows the key's webhook with its delivery attempts", async (t) => {
    if (skip) return t.skip(skip);
    const send = httpsFetch(ca);
    const headers = { 'x-api-key': key, referer: 'https://shop.example/checkout', 'content-type': 'application/json' };
    const receiver = `http://127.0.0.1:${await closedPort()}/hooks`;
    const made = await send(new Request(`${server.url}/watch/v1/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: receiver, codes: ['0537', '0005-135'], description: 'payees' }) }));
    assert.equal(made.status, 201);
    const { webhook } = (await made.json()) as { webhook: { id: string } };
    const ping = await send(new Request(`${server.url}/watch/v1/webhooks/${webhook.id}/test`, { method: 'POST', headers: { 'x-api-key': key, referer: 'https://shop.example/checkout' } }));
    assert.equal(((await ping.json()) as { delivery: { outcome: string } }).delivery.outcome, 'retry');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL('**/admin/webhooks');
    const section = page.locator(`section[aria-labelledby="${webhook.id}"]`);
    const facts = await section.locator('dl').innerText();
    for (const shown of [keyId, 'shop front', receiver, '0537', '0005-135', 'enabled']) assert.ok(facts.includes(shown), `${shown} in ${facts}`);
    const attempt = await section.locator('table.deliveries tbody tr').first().locator('td').allInnerTexts();
    assert.deepEqual([attempt[1], attempt[2], attempt[4]], ['1', 'none', 'retry']);
    assert.match(attempt[5]!, /^connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    await checkAccessibility(page, 'webhooks');
    await shoot(page, 'webhooks');
    await page.goto(`${server.url}/admin/keys`);
  });

  it('revokes the key after a confirmation; the next API call is 401', async (t) => {
    if (skip) return t.skip(skip);
    await page.locator(`tr#${keyId}`).getByRole('link', { name: `Revoke ${keyId}` }).click();
    assert.equal(await page.locator('h1').innerText(), `Revoke ${keyId}?`);
    await checkAccessibility(page, 'revoke confirmation');
    await page.getByRole('button', { name: 'Yes, revoke this key' }).click();
    await page.waitForURL('**/admin/keys?revoked=*');
    assert.equal(await page.locator(`tr#${keyId} td`).last().innerText(), 'Revoked');
    // Key lookups are cached for 2 s (docs/access.md): the revocation holds from then on.
    let status = 0;
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
      status = (await api('/v3/banks/0001', { 'x-api-key': key, referer: 'https://shop.example/checkout' })).status;
      if (status === 401) break;
    }
    assert.equal(status, 401);
  });

  it('shows and edits plans, and the data pages with the change browser', async (t) => {
    if (skip) return t.skip(skip);
    await page.goto(`${server.url}/admin/plans`);
    await page.locator('#pd-free').fill('500');
    await page.getByRole('button', { name: 'Save free' }).click();
    await page.waitForURL('**/admin/plans?saved=free');
    assert.equal(await page.locator('#pd-free').inputValue(), '500');
    await checkAccessibility(page, 'plans');
    await shoot(page, 'plans');
    await page.goto(`${server.url}/admin/data`);
    assert.equal(await page.locator('.facts dd').first().innerText(), '2026-08-24T00:00:00+0900');
    assert.equal(await page.locator('table.updates tbody tr').count(), 5);
    await page.locator('#bank-code').fill('0009');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL('**/admin/data?bank=0009');
    const banks = await page.locator('table.changes tbody tr td:nth-child(3)').allInnerTexts();
    assert.ok(banks.length > 0 && banks.every((b) => b.startsWith('0009 ')), banks.join('|'));
    await checkAccessibility(page, 'data');
    await shoot(page, 'data');
  });

  it('checks a payee file chosen on the Data page, and offers the result for download', async (t) => {
    if (skip) return t.skip(skip);
    const file = join(tempDir(), 'payees.csv');
    writeFileSync(file, ['id,bank_code,branch_code,bank_name', '1,0001,001,みずほ銀行', '2,0537,110,福邦銀行', '3,9999,001,'].join('\n') + '\n');
    await page.goto(`${server.url}/admin/data`);
    await page.locator('#payee-file').setInputFiles(file);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.waitForURL('**/admin/data/payees');
    assert.equal(await page.locator('#payee-summary').innerText(), 'payees.csv (CSV, UTF-8): 3 rows read, 0 left out, 0 problems of the file itself.');
    const counts = await page.locator('section[aria-labelledby="payees-heading"] tbody tr').allInnerTexts();
    assert.deepEqual(counts.map((row) => row.split('\t').join(' ')), ['ok 1', 'name_mismatch 0', 'renamed 0', 'merged 1', 'closed 0', 'unknown_bank 1', 'unknown_branch 0', 'invalid 0']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#payee-download').click()]);
    assert.equal(download.suggestedFilename(), 'payees-checked.csv');
    const rows = readFileSync(await download.path(), 'utf8').trim().split('\n').map((line) => line.split(','));
    assert.deepEqual(rows.map((r) => [r[0], r[4], r[5], r[7]]), [
      ['id', 'verdict', 'successor_bank_code', 'successor_branch_code'],
      ['1', 'ok', '', ''],
      ['2', 'merged', '0147', '110'],
      ['3', 'unknown_bank', '', ''],
    ]);
    await checkAccessibility(page, 'payee check');
    // The section alone: the whole Data page is mostly its change browser.
    await page.locator('section[aria-labelledby="payees-heading"]').screenshot({ path: join(SHOTS, 'payee-check.png') });
  });

  it('switches maintenance on and off with a confirmation each time', async (t) => {
    if (skip) return t.skip(skip);
    await page.goto(`${server.url}/admin/service`);
    assert.match(await page.locator('#maintenance-state').innerText(), /^off/);
    assert.equal(await page.locator('table.replicas tbody tr').count(), 1);
    await checkAccessibility(page, 'service');
    await shoot(page, 'service');
    await page.getByRole('link', { name: 'Turn maintenance on' }).click();
    await checkAccessibility(page, 'maintenance confirmation');
    await page.getByRole('button', { name: 'Yes, go ahead' }).click();
    await page.waitForURL('**/admin/service?maintenance=on');
    assert.match(await page.locator('#maintenance-state').innerText(), /^on/);
    let health = { maintenance: false };
    for (const deadline = Date.now() + 5_000; Date.now() < deadline && !health.maintenance; await new Promise((r) => setTimeout(r, 250))) {
      health = JSON.parse((await api('/healthz', {})).body) as { maintenance: boolean };
    }
    assert.equal(health.maintenance, true);
    await page.getByRole('link', { name: 'Turn maintenance off' }).click();
    await page.getByRole('button', { name: 'Yes, go ahead' }).click();
    await page.waitForURL('**/admin/service?maintenance=off');
    assert.match(await page.locator('#maintenance-state').innerText(), /^off/);
  });

  it('records every action in the audit log', async (t) => {
    if (skip) return t.skip(skip);
    await page.goto(`${server.url}/admin/audit`);
    const actions = await page.locator('tbody tr td:nth-child(3)').allInnerTexts();
    assert.deepEqual(actions, ['maintenance.off', 'maintenance.on', 'data.payees', 'plan.set', 'key.revoke', 'key.update', 'key.create', 'signin', 'operator.add']);
    await checkAccessibility(page, 'audit');
    await shoot(page, 'audit');
  });

  it('switches to Japanese and stays readable on a phone', async (t) => {
    if (skip) return t.skip(skip);
    await page.getByRole('link', { name: '日本語' }).click();
    await page.waitForURL('**/admin/audit');
    assert.equal(await page.locator('h1').innerText(), '操作ログ');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin/keys`);
    assert.equal(await page.locator('h1').innerText(), 'APIキー');
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    await checkAccessibility(page, 'keys (ja, phone)');
    await shoot(page, 'keys-ja-phone');
    await page.setViewportSize({ width: 1100, height: 800 });
  });

  it('signs out; the console asks to sign in again', async (t) => {
    if (skip) return t.skip(skip);
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.waitForURL('**/admin/sign-in?out=1');
    assert.equal(await page.locator('.notice').innerText(), 'ログアウトしました。');
    await page.goto(`${server.url}/admin/keys`);
    assert.equal(new URL(page.url()).pathname, '/admin/sign-in');
    await page.close();
  });
});
