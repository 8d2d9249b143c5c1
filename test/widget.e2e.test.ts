/**
 * The <bank-branch-selector> widget in real headless Chromium against a real Ginko over HTTPS
 * (issue 10): mouse and keyboard flows on real data, the change event, form submission, error
 * messages, English text. Leaves a screenshot of the demo in test-artifacts/ for review.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { chromiumWithGinko } from './support/browser.js';
import type { RunningGinko } from './support/process.js';
import { closedPort } from './support/services.js';

let browser: Browser | undefined;
let skip: string | undefined;
let server: RunningGinko;
let key: string;
const dataDir = mkdtempSync(join(tmpdir(), 'ginko-widget-'));

before(async () => {
  const started = await chromiumWithGinko(dataDir, 'widget-test');
  if ('skip' in started) skip = started.skip;
  else ({ browser, server, key } = started);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function demo(apiKey = key): Promise<Page> {
  const page = await browser!.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/widgets/demo?apiKey=${apiKey}`);
  await page.locator('bank-branch-selector #bank').waitFor();
  (page as Page & { errors?: string[] }).errors = errors;
  return page;
}

const option = (page: Page, list: 'bank' | 'branch', text: string) => page.locator(`bank-branch-selector #${list}-list [role=option]`, { hasText: text }).first();

describe('the selector in Chromium', () => {
  it('finds みずほ銀行 from みずほ and a 渋谷 branch from しぶや; the form carries the codes', async (t) => {
    if (skip) return t.skip(skip);
    const page = await demo();
    await page.locator('bank-branch-selector #bank').fill('みずほ');
    await option(page, 'bank', 'みずほ銀行').click();
    assert.equal(await page.locator('bank-branch-selector #branch').isEnabled(), true);
    await page.locator('bank-branch-selector #branch').fill('しぶや');
    await option(page, 'branch', '210').waitFor();
    assert.deepEqual(await page.locator('bank-branch-selector #branch-list [role=option]').allInnerTexts(), ['210\n渋谷', '162\n渋谷中央']);
    await option(page, 'branch', '渋谷').click();
    assert.equal(await page.locator('#changed').innerText(), '{"bank":{"code":"0001","name":"みずほ銀行"},"branch":{"code":"210","name":"渋谷"}}');
    assert.deepEqual(await page.locator('bank-branch-selector').evaluate((el) => (el as unknown as { value: unknown }).value), { bank: { code: '0001', name: 'みずほ銀行' }, branch: { code: '210', name: '渋谷' } });
    await page.locator('button[type=submit]').click();
    assert.equal(await page.locator('#submitted').innerText(), '{"payee_bank_code":"0001","payee_branch_code":"210"}');
    mkdirSync('test-artifacts', { recursive: true });
    await page.screenshot({ path: 'test-artifacts/widget-demo.png', fullPage: true });
    assert.deepEqual((page as Page & { errors?: string[] }).errors, []);
    await page.close();
  });

  it('finds みずほ銀行 first from half-width ﾐｽﾞﾎ', async (t) => {
    if (skip) return t.skip(skip);
    const page = await demo();
    await page.locator('bank-branch-selector #bank').fill('ﾐｽﾞﾎ');
    await option(page, 'bank', '0001').waitFor();
    assert.equal(await page.locator('bank-branch-selector #bank-list [role=option]').first().innerText(), '0001\nみずほ銀行');
    await page.close();
  });

  it('finds a ゆうちょ branch from the 記号 typed into the branch box, in either width, and nothing for a 記号 the master lacks', async (t) => {
    if (skip) return t.skip(skip);
    const page = await demo();
    await page.locator('bank-branch-selector #bank').fill('ゆうちょ');
    await option(page, 'bank', 'ゆうちょ銀行').click();
    const branch = page.locator('bank-branch-selector #branch');
    await branch.fill('１４０３０－１２３４５６７１');
    await option(page, 'branch', '408').waitFor();
    assert.deepEqual(await page.locator('bank-branch-selector #branch-list [role=option]').allInnerTexts(), ['408\n四〇八']);
    await option(page, 'branch', '408').click();
    assert.equal(await branch.inputValue(), '四〇八');
    assert.equal(await page.locator('#changed').innerText(), '{"bank":{"code":"9900","name":"ゆうちょ銀行"},"branch":{"code":"408","name":"四〇八"}}');
    await branch.fill('00190');
    await option(page, 'branch', '019').waitFor();
    assert.deepEqual(await page.locator('bank-branch-selector #branch-list [role=option]').allInnerTexts(), ['019\n〇一九']);
    await branch.fill('13030');
    await page.locator('bank-branch-selector #branch-list .note').waitFor();
    assert.equal(await page.locator('bank-branch-selector #branch-list').innerText(), '見つかりません');
    assert.equal(await page.locator('bank-branch-selector .message').innerText(), '', 'no error for a 記号 without a branch');
    assert.deepEqual((page as Page & { errors?: string[] }).errors, []);
    await page.close();
  });

  it('works by keyboard alone, following the combobox pattern', async (t) => {
    if (skip) return t.skip(skip);
    const page = await demo();
    await page.locator('#english').focus();
    await page.keyboard.press('Tab');
    const bank = page.locator('bank-branch-selector #bank');
    assert.equal(await bank.evaluate((el) => el === (el.getRootNode() as unknown as { activeElement: unknown }).activeElement), true, 'Tab reaches the bank input');
    assert.equal(await bank.getAttribute('role'), 'combobox');
    await page.keyboard.type('みずほ');
    await option(page, 'bank', 'みずほ銀行').waitFor();
    assert.equal(await bank.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('ArrowDown');
    assert.equal(await bank.getAttribute('aria-activedescendant'), 'bank-list-0');
    assert.equal(await option(page, 'bank', 'みずほ銀行').getAttribute('aria-selected'), 'true');
    await page.keyboard.press('Enter');
    assert.equal(await bank.inputValue(), 'みずほ銀行');
    assert.equal(await bank.getAttribute('aria-expanded'), 'false');
    await page.keyboard.type('しぶや');
    await option(page, 'branch', '210').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#changed').innerText(), '{"bank":{"code":"0001","name":"みずほ銀行"},"branch":{"code":"210","name":"渋谷"}}');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#submitted').innerText(), '{"payee_bank_code":"0001","payee_branch_code":"210"}');
    // Escape closes an open list, then clears the text.
    await bank.focus();
    await page.keyboard.press('Escape');
    assert.equal(await bank.inputValue(), '');
    assert.equal(await page.locator('bank-branch-selector').evaluate((el) => (el as unknown as { value: unknown }).value), null);
    await page.close();
  });

  it('tells the person in words when the key is refused or the server is unreachable', async (t) => {
    if (skip) return t.skip(skip);
    const page = await demo('gk_' + 'A'.repeat(32));
    await page.locator('bank-branch-selector #bank').fill('みずほ');
    const message = page.locator('bank-branch-selector .message');
    await message.filter({ hasText: 'APIキー' }).waitFor();
    assert.equal(await message.innerText(), 'APIキーが無効です。サイトの管理者にお問い合わせください。');
    assert.equal(await message.getAttribute('role'), 'alert');

    await page.locator('bank-branch-selector').evaluate((el, url) => el.setAttribute('base-url', url), `https://127.0.0.1:${await closedPort()}`);
    await page.locator('#key').fill(key);
    await page.locator('bank-branch-selector #bank').fill('りそな');
    await message.filter({ hasText: 'サーバー' }).waitFor();
    assert.equal(await message.innerText(), 'サーバーに接続できません。通信環境を確認してください。');
    assert.deepEqual((page as Page & { errors?: string[] }).errors, [], 'the page keeps working');
    await page.close();
  });

  it('speaks English with lang="en"', async (t) => {
    if (skip) return t.skip(skip);
    const page = await demo();
    await page.locator('#english').check();
    assert.deepEqual(await page.locator('bank-branch-selector label').allInnerTexts(), ['Bank', 'Branch']);
    assert.equal(await page.locator('bank-branch-selector #branch').getAttribute('placeholder'), 'Choose a bank first');
    await page.close();
  });
});
