/** Master Export (docs/export.md): the ZIP, signed download URLs, entitlement, round trip. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { ZipFile } from 'yazl';
import { buildDirectory } from '../src/dataset/build.js';
import { MasterExports } from '../src/export/master-exports.js';
import { buildMasterZip } from '../src/export/master-zip.js';
import { readMasterZip } from '../src/dataset/master-zip-source.js';
import { KeyStore } from '../src/store/key-store.js';
import { DOWNLOADS_PER_URL, DownloadSigner } from '../src/export/signed-url.js';
import { seedTestStore } from './support/seed.js';
import { loadBundledSnapshot } from '../src/dataset/bundled.js';
import { openStore } from '../src/store/open.js';
import { bundledDirectory, startTestApp, type TestApp } from './support/app.js';
import { createPostgresDatabase } from './support/services.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

type Json = Record<string, unknown>;
const inject = async (method: 'GET' | 'POST', url: string, key: string | undefined, body?: string, type = 'application/json') => {
  const res = await t.app.inject({ method, url, headers: { ...(key ? { 'x-api-key': key } : {}), ...(body !== undefined ? { 'content-type': type } : {}) }, ...(body !== undefined ? { payload: body } : {}) });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, json: () => JSON.parse(res.body) as Json };
};
const withoutRequestId = (body: Json) => ({ ...body, request_id: 'x' });

describe('master export over HTTP', () => {
  it('describes the current file, signs a URL, and the download matches it byte for byte', async () => {
    const latest = await inject('GET', '/master/v1/latest', t.key);
    assert.equal(latest.status, 200);
    const info = latest.json();
    assert.deepEqual(Object.keys(info).sort(), ['bank_row_count', 'branch_row_count', 'dataset_id', 'effective_date', 'published_at', 'version', 'zip_sha256', 'zip_size_bytes']);
    assert.deepEqual([info.dataset_id, info.bank_row_count, info.branch_row_count, info.version, info.effective_date], ['upd-20260824', 1146, 28944, '2026-08-24T00:00:00+0900', '2026-08-24']);

    const issued = await inject('POST', '/master/v1/download-url', t.key, JSON.stringify({ dataset_id: 'upd-20260824' }));
    assert.equal(issued.status, 200);
    const { download_url, expires_at, dataset_id } = issued.json() as { download_url: string; expires_at: string; dataset_id: string };
    assert.equal(dataset_id, 'upd-20260824');
    assert.match(download_url, /^https?:\/\/[^/]+\/master\/v1\/downloads\/upd-20260824\.zip\?key=key_[0-9a-f]{12}&expires=\d+&signature=[A-Za-z0-9_-]{43}$/);
    assert.match(expires_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    const minutes = (Date.parse(expires_at) - Date.now()) / 60_000;
    assert.ok(minutes > 9.5 && minutes <= 10, `expires in ${minutes} minutes`);

    const download = await inject('GET', new URL(download_url).pathname + new URL(download_url).search, undefined);
    assert.equal(download.status, 200);
    assert.equal(download.headers['content-type'], 'application/zip');
    assert.equal(download.raw.length, info.zip_size_bytes);
    assert.equal(createHash('sha256').update(download.raw).digest('hex'), info.zip_sha256);

    // Every CSV row equals the Search API's answer.
    const raw = await readMasterZip(download.raw);
    assert.equal(raw.effectiveDate, '2026-08-24');
    const files = await unzip(download.raw);
    const bankRows = parse(files.get('banks.csv')!, { columns: true, bom: false }) as Record<string, string>[];
    const apiBanks = (JSON.parse((await t.app.inject({ url: '/v3/banks?limit=2000', headers: { 'x-api-key': t.key } })).body) as { banks: Json[] }).banks;
    assert.equal(bankRows.length, 1146);
    assert.deepEqual(bankRows, apiBanks);
    const branchRows = parse(files.get('branches.csv')!, { columns: true }) as Record<string, string>[];
    assert.equal(branchRows.length, 28944);
    let i = 0;
    for (const bank of apiBanks) {
      let cursor = '';
      for (;;) {
        const page = JSON.parse((await t.app.inject({ url: `/v3/banks/${bank.code}/branches?limit=2000${cursor}`, headers: { 'x-api-key': t.key } })).body) as { branches: Json[]; hasNext: boolean; nextCursor?: string };
        for (const branch of page.branches) assert.deepEqual(branchRows[i++], { bankCode: bank.code, ...branch });
        if (!page.hasNext) break;
        cursor = `&cursor=${page.nextCursor}`;
      }
    }
    assert.equal(i, 28944);
  });

  it("ends the issuing key's download URLs at once when the key is revoked", async () => {
    const keys = new KeyStore(t.store.db);
    const { key, record } = await keys.create({ plan: 'standard', name: 'exporter' });
    const other = await keys.create({ plan: 'standard', name: 'other' });
    const urlOf = async (k: string) => {
      const issued = await inject('POST', '/master/v1/download-url', k, JSON.stringify({ dataset_id: 'upd-20260824' }));
      assert.equal(issued.status, 200);
      const url = new URL((issued.json() as { download_url: string }).download_url);
      return url.pathname + url.search;
    };
    const mine = await urlOf(key);
    const theirs = await urlOf(other.key);
    assert.match(mine, new RegExp(`\\?key=${record.id}&expires=\\d+&signature=`));
    assert.equal((await inject('GET', mine, undefined)).status, 200);
    assert.equal(await keys.revoke(record.id), true);
    const refused = await inject('GET', mine, undefined);
    assert.equal(refused.status, 403, 'at once, not after the key cache ends');
    assert.deepEqual(withoutRequestId(refused.json()), { message: 'the API key that asked for this download URL has been revoked', request_id: 'x' });
    assert.equal((await inject('GET', theirs, undefined)).status, 200, "other keys' URLs stay valid");
  });

  it('refuses tampered, expired and foreign URLs', async () => {
    const { download_url } = (await inject('POST', '/master/v1/download-url', t.key, JSON.stringify({ dataset_id: 'upd-20260824' }))).json() as { download_url: string };
    const url = new URL(download_url);
    const path = url.pathname + url.search;
    const signature = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    const invalid = 'this download URL is not valid: it was altered or not issued by this service';
    const refusals: [string, string][] = [
      [path.replace(signature, signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A')), invalid],
      [path.replace(`expires=${expires}`, `expires=${expires + 3600}`), invalid],
      // The same number spelled with a leading zero is not the URL that was signed.
      [path.replace(`expires=${expires}`, `expires=0${expires}`), invalid],
      [path.replace(`expires=${expires}`, `expires=00${expires}`), invalid],
      [path.replace('upd-20260824.zip', 'upd-20260630.zip'), invalid],
      [path.replace(/&signature=.*/, ''), invalid],
      [path.replace(/key=key_[0-9a-f]+/, 'key=key_000000000000'), invalid],
      [path.replace(/key=key_[0-9a-f]+&/, ''), invalid],
      [new DownloadSigner(Buffer.alloc(32, 7), async () => true).sign('upd-20260824', url.searchParams.get('key')!, Math.floor(Date.now() / 1000)).path, invalid],
      [(await signer()).sign('upd-20260824', url.searchParams.get('key')!, Math.floor(Date.now() / 1000) - 601).path, 'this download URL has expired; ask /master/v1/download-url for a new one'],
    ];
    for (const [bad, message] of refusals) {
      const res = await inject('GET', bad, undefined);
      assert.equal(res.status, 403, bad);
      assert.deepEqual(withoutRequestId(res.json()), { message, request_id: 'x' });
    }
  });

  it(`serves one URL ${DOWNLOADS_PER_URL} times, then refuses it; another URL of the same key still works`, async () => {
    const urlOf = async () => {
      const url = new URL(((await inject('POST', '/master/v1/download-url', t.key, JSON.stringify({ dataset_id: 'upd-20260824' }))).json() as { download_url: string }).download_url);
      return url.pathname + url.search;
    };
    const shared = await urlOf();
    const statuses: number[] = [];
    for (let i = 0; i <= DOWNLOADS_PER_URL; i++) statuses.push((await inject('GET', shared, undefined)).status);
    assert.deepEqual(statuses, [...Array(DOWNLOADS_PER_URL).fill(200), 403]);
    assert.deepEqual(withoutRequestId((await inject('GET', shared, undefined)).json()), { message: `this download URL has been used ${DOWNLOADS_PER_URL} times, the most one URL allows; ask /master/v1/download-url for a new one`, request_id: 'x' });
    // A URL asked for in the same second is the same URL (the expiry is in seconds): the next second's is new.
    await new Promise((r) => setTimeout(r, 1_010 - (Date.now() % 1000)));
    const fresh = await urlOf();
    assert.notEqual(fresh, shared);
    assert.equal((await inject('GET', fresh, undefined)).status, 200);
  });

  it('refuses plans without the export entitlement', async () => {
    const { key } = await t.keys.create({ plan: 'free' });
    const message = 'the plan "free" of this API key does not include Master Export; it needs a contracted plan (standard, pro)';
    // The entitlement is checked before the body: a body that fails its schema is a 403 too.
    const requests = [inject('GET', '/master/v1/latest', key), inject('POST', '/master/v1/download-url', key, '{"dataset_id":"upd-20260824"}'), inject('POST', '/master/v1/download-url', key, '{"dataset_id":5}')];
    for (const res of await Promise.all(requests)) {
      assert.equal(res.status, 403);
      assert.deepEqual(withoutRequestId(res.json()), { message, request_id: 'x' });
    }
    assert.equal((await inject('GET', '/master/v1/latest', undefined)).status, 401);
  });

  it('names what is wrong with the body', async () => {
    const detail = (res: { json: () => Json }) => (res.json().detail as Json[])[0];
    assert.deepEqual(detail(await inject('POST', '/master/v1/download-url', t.key, '{}')), { type: 'missing', loc: ['body', 'dataset_id'], msg: 'dataset_id is required', input: '' });
    assert.deepEqual(detail(await inject('POST', '/master/v1/download-url', t.key, '{"dataset_id":5}')), { type: 'value_error', loc: ['body', 'dataset_id'], msg: 'dataset_id must be a string', input: '5' });
    assert.deepEqual(detail(await inject('POST', '/master/v1/download-url', t.key, '[]')), { type: 'model_attributes_type', loc: ['body'], msg: 'the body must be a JSON object with dataset_id', input: '[]' });
    assert.equal((await inject('POST', '/master/v1/download-url', t.key, '{"dataset_id":')).status, 400);
    assert.equal((await inject('POST', '/master/v1/download-url', t.key, 'dataset_id=x', 'application/x-www-form-urlencoded')).status, 415);
    const unknown = await inject('POST', '/master/v1/download-url', t.key, '{"dataset_id":"upd-19990101"}');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json().message, 'dataset upd-19990101 has no master file');
    assert.equal((await inject('GET', '/master/v1/download-url', t.key)).status, 405);
  });

  it('caps URL issuance per key: 2 per second and 100 per JST day', async () => {
    const { key } = await t.keys.create({ plan: 'standard' });
    const body = '{"dataset_id":"upd-20260824"}';
    const first = await inject('POST', '/master/v1/download-url', key, body);
    assert.equal(first.headers['x-ratelimit-limit-day'], '100');
    assert.equal(first.headers['x-ratelimit-remaining-day'], '99');
    await inject('POST', '/master/v1/download-url', key, body);
    const third = await inject('POST', '/master/v1/download-url', key, body);
    assert.equal(third.status, 429);
    assert.equal(third.json().message, 'rate limit exceeded');
  });
});

async function signer(): Promise<DownloadSigner> {
  const { sharedSecret } = await import('../src/store/settings.js');
  return new DownloadSigner(await sharedSecret(t.store.db, 'download'), async () => true);
}

async function unzip(bytes: Buffer): Promise<Map<string, string>> {
  const yauzl = await import('yauzl');
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, string>();
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

describe('the file', () => {
  it('round-trips: export, read back, build: the same directory, field for field', async () => {
    const raw = loadBundledSnapshot();
    const built = await buildMasterZip(buildDirectory(raw), raw, 'upd-20260824');
    const again = await buildMasterZip(buildDirectory(raw), raw, 'upd-20260824');
    assert.equal(again.sha256, built.sha256, 'deterministic bytes');
    const back = buildDirectory(await readMasterZip(built.bytes));
    const original = bundledDirectory();
    assert.deepEqual(back.banks, original.banks);
    for (const bank of original.banks) assert.deepEqual(back.branches(bank.code), original.branches(bank.code));
    assert.equal(back.version, original.version);
  });

  it('refuses a ZIP whose CSV was edited, or that is not an export', async () => {
    const raw = loadBundledSnapshot();
    const files = await unzip((await buildMasterZip(buildDirectory(raw), raw, 'upd-20260824')).bytes);
    const zip = new ZipFile();
    for (const [name, text] of files) zip.addBuffer(Buffer.from(name === 'banks.csv' ? text.replace('みずほ銀行', 'みずほ銀行X') : text), name);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    await assert.rejects(readMasterZip(Buffer.concat(chunks)), /banks\.csv does not match the source records/);
    await assert.rejects(readMasterZip(Buffer.from('not a zip')), /^Error: not a ZIP file/);
  });

  it('is stored once per snapshot on PostgreSQL too', async (ctx) => {
    const db = await createPostgresDatabase();
    if ('skip' in db) return ctx.skip(db.skip);
    const dir = mkdtempSync(join(tmpdir(), 'ginko-export-'));
    const store = await openStore({ dataDir: dir, databaseUrl: db.url });
    try {
      await seedTestStore(store);
      const exports = new MasterExports(store.db);
      const [a, b] = await Promise.all([exports.ensure('upd-20260630'), exports.ensure('upd-20260630')]);
      assert.deepEqual(a, b);
      assert.equal(a!.branch_row_count, 28931);
      const bytes = (await exports.zip('upd-20260630'))!;
      assert.equal(createHash('sha256').update(bytes).digest('hex'), a!.zip_sha256);
      assert.equal((await readMasterZip(bytes)).effectiveDate, '2026-06-30');
      assert.equal(await exports.ensure('upd-19990101'), undefined);
    } finally {
      await store.close();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
