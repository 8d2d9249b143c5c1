/**
 * The Data page's "Check a payee file" (docs/console.md#check-a-payee-file), in-process: an
 * uploaded CSV checked, its verdict counts shown and its result offered for download; the CSRF
 * token required; an upload past the limit, without a file or unreadable refused with the reason.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { encodeShiftJis } from '../src/shared/input-encoding.js';
import { UPLOAD_BODY_LIMIT_BYTES } from '../src/http/apis/admin/multipart-body.js';
import { startTestApp, type TestApp } from './support/app.js';
import { type ConsoleSession, signIn } from './support/console.js';

const PASSWORD = 'a long enough password';
const BOUNDARY = '----ginkoTestBoundary7MA4YWxk';

/** A multipart/form-data body as a browser sends the form. */
function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer }): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const CSV = ['id,bank_code,branch_code,bank_name,holder_kana', '1,0001,001,みずほ銀行,ﾔﾏﾀﾞ ﾀﾛｳ', '2,0537,110,福邦銀行,ｽｽﾞｷ ﾊﾅｺ', '3,9999,001,,', '4,0001,001,x,y,z'].join('\n') + '\n';

describe('console: check a payee file', () => {
  let t: TestApp;
  let s: ConsoleSession;
  before(async () => {
    t = await startTestApp({ console: {} });
    await t.console!.operators.add('alice', PASSWORD);
    s = await signIn(t.app, 'alice', PASSWORD, { 'accept-language': 'en' });
  });
  after(() => t.close());

  const upload = (body: Buffer, cookie = s.cookie) =>
    t.app.inject({ method: 'POST', url: '/admin/data/payees', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie, 'accept-language': 'en' }, payload: body });

  it('offers the form on the Data page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/admin/data', headers: { cookie: s.cookie, 'accept-language': 'ja' } });
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('<h2 id="payees-heading">支払先ファイルの確認</h2>'));
    assert.ok(page.body.includes('<form method="post" action="/admin/data/payees" enctype="multipart/form-data" class="inline-form">'));
  });

  it('checks an uploaded Shift_JIS CSV: verdict counts on the page, the result as a download, the check audited', async () => {
    const res = await upload(multipart({ _csrf: s.csrf }, { name: 'payees.csv', content: encodeShiftJis(CSV) }));
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes('checked payees.csv: 4 rows'));
    assert.ok(res.body.includes('<p id="payee-summary">payees.csv (CSV, Shift_JIS): 4 rows read, 1 left out, 0 problems of the file itself.</p>'));
    const counts = [...res.body.matchAll(/<tr><th scope="row"><code>([a-z_]+)<\/code><\/th><td class="num">(\d+)<\/td><\/tr>/g)].map((m) => [m[1], Number(m[2])]);
    assert.deepEqual(counts, [['ok', 1], ['name_mismatch', 0], ['renamed', 0], ['merged', 1], ['closed', 0], ['unknown_bank', 1], ['unknown_branch', 0], ['invalid', 0]]);
    assert.ok(res.body.includes('<li>line 5: 6 fields where the header has 5</li>'));
    const link = /<a id="payee-download" href="data:text\/csv;charset=utf-8;base64,([A-Za-z0-9+/=]+)" download="payees-checked.csv">/.exec(res.body);
    assert.ok(link, 'a download link');
    const rows = parse(Buffer.from(link[1]!, 'base64').toString('utf8')) as string[][];
    assert.deepEqual(rows.map((r) => [r[0], r[5], r[6], r[8], r[10]]), [
      ['id', 'verdict', 'successor_bank_code', 'successor_branch_code', 'problems'],
      ['1', 'ok', '', '', ''],
      ['2', 'merged', '0147', '110', 'bank_merged branch_merged'],
      ['3', 'unknown_bank', '', '', 'bank_unknown'],
    ]);
    const audit = await t.app.inject({ method: 'GET', url: '/admin/audit', headers: { cookie: s.cookie, 'accept-language': 'en' } });
    assert.ok(audit.body.includes('data.payees'));
  });

  it('refuses an upload without the CSRF token, and changes nothing', async () => {
    const checks = async () => (await t.console!.audit.list({ operator: 'alice' })).filter((e) => e.action === 'data.payees').length;
    const before = await checks();
    const res = await upload(multipart({}, { name: 'payees.csv', content: Buffer.from(CSV) }));
    assert.equal(res.statusCode, 403);
    assert.equal(await checks(), before, 'no check recorded');
  });

  it('says what is wrong with an upload it cannot check', async () => {
    const none = await upload(multipart({ _csrf: s.csrf }));
    assert.equal(none.statusCode, 400);
    assert.ok(none.body.includes('Choose a payee file to check.'));
    const noColumn = await upload(multipart({ _csrf: s.csrf }, { name: 'x.csv', content: Buffer.from('name\nx\n') }));
    assert.equal(noColumn.statusCode, 400);
    assert.ok(noColumn.body.includes('The file cannot be checked: no bank code column'));
    const empty = await upload(multipart({ _csrf: s.csrf }, { name: 'x.csv', content: Buffer.alloc(0) }));
    assert.deepEqual([empty.statusCode, empty.body.includes('The file is empty.')], [400, true]);
    const broken = await upload(Buffer.from('not multipart'));
    assert.equal(broken.statusCode, 400);
  });

  it('refuses an upload past the limit with 413, before checking it', async () => {
    const res = await upload(multipart({ _csrf: s.csrf }, { name: 'big.csv', content: Buffer.alloc(UPLOAD_BODY_LIMIT_BYTES + 1, 0x61) }));
    assert.equal(res.statusCode, 413);
  });
});
