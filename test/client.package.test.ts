/**
 * @ginko/client as a package: `npm run build` in clients/typescript makes an ES module and a
 * CommonJS build, each loadable by the package's name with the exports of src/index.ts; the ES
 * build imports nothing of Node's; and it runs in Chromium against a live Ginko, signature
 * verification included (Web Crypto).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import * as source from '../clients/typescript/src/index.js';
import { launchChromium } from './support/browser.js';
import { serveForClient, type ServedClient } from './support/client.js';
import { useTempDirs } from './support/temp-dirs.js';

const CLIENT = fileURLToPath(new URL('../clients/typescript/', import.meta.url));
const DIST = join(CLIENT, 'dist');
/** Not a literal, so that the type check of the tests does not depend on a built dist/. */
const PACKAGE: string = '@ginko/client';
type Package = typeof source;

before(async () => {
  await promisify(execFile)(process.execPath, [join(CLIENT, 'scripts', 'build.mjs')], { cwd: CLIENT });
});

/** A client whose fetch answers every request with みずほ銀行, as a server would. */
const offline = (pkg: Package) =>
  pkg.createGinkoClient({ baseUrl: 'https://ginko.test', apiKey: 'gk_x', fetch: async (request) => Response.json({ code: new URL(request.url).pathname.split('/').at(-1), name: 'みずほ銀行' }) });

describe('the builds', () => {
  it('the ES module build, imported by the package name, exports what src/index.ts does and works', async () => {
    const esm = (await import(PACKAGE)) as Package;
    assert.deepEqual(Object.keys(esm).sort(), Object.keys(source).sort());
    assert.deepEqual(await esm.orThrow(offline(esm).GET('/v3/banks/{code}', { params: { path: { code: '0001' } } })), { code: '0001', name: 'みずほ銀行' });
  });

  it('the CommonJS build, required by the package name, the same', async () => {
    const cjs = createRequire(import.meta.url)(PACKAGE) as Package;
    assert.deepEqual(Object.keys(cjs).sort(), Object.keys(source).sort());
    assert.ok(createRequire(import.meta.url).resolve(PACKAGE).endsWith(join('dist', 'cjs', 'index.js')));
    assert.deepEqual(await cjs.orThrow(offline(cjs).GET('/v3/banks/{code}', { params: { path: { code: '0005' } } })), { code: '0005', name: 'みずほ銀行' });
    const refused = cjs.errorFrom(new Response(null, { status: 429, headers: { 'retry-after': '2' } }), undefined);
    assert.ok(refused instanceof cjs.RateLimitError && refused instanceof cjs.GinkoError);
    assert.equal((refused as InstanceType<Package['RateLimitError']>).retryAfterSeconds, 2);
  });

  it('each build has its declarations, and the ES build imports only its own files and openapi-fetch', () => {
    for (const build of ['esm', 'cjs']) {
      const files = readdirSync(join(DIST, build));
      for (const module of ['index', 'client', 'calls', 'paginate', 'errors', 'backoff', 'webhook-signature', 'openapi']) {
        assert.ok(files.includes(`${module}.js`) && files.includes(`${module}.d.ts`), `${build}/${module}`);
      }
    }
    assert.equal(readFileSync(join(DIST, 'cjs', 'package.json'), 'utf8'), '{ "type": "commonjs" }\n');
    const imported = readdirSync(join(DIST, 'esm'))
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) => [...readFileSync(join(DIST, 'esm', f), 'utf8').matchAll(/(?:^|\n)(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!));
    assert.deepEqual([...new Set(imported.filter((specifier) => !specifier.startsWith('./')))], ['openapi-fetch']);
  });
});

describe('in Chromium', () => {
  const tempDir = useTempDirs('ginko-client-browser-');
  let browser: Browser | undefined;
  let skip: string | undefined;
  let s: ServedClient;
  before(async () => {
    const launched = await launchChromium();
    if ('skip' in launched) skip = launched.skip;
    else browser = launched;
    s = await serveForClient(tempDir());
  });
  after(async () => {
    await browser?.close();
    await s.close();
  });

  it('the ES build pages all 1,146 banks, resolves, and verifies a webhook signature with Web Crypto', async (t) => {
    if (skip) return t.skip(skip);
    const secret = 'whsec_browser';
    const stamp = 1_788_000_000;
    const body = '{"id":"evt_01","type":"change"}';
    const signature = `t=${stamp},v1=${createHmac('sha256', secret).update(`${stamp}.${body}`).digest('hex')}`;
    const check = `
      import { createGinkoClient, verifyWebhookSignature } from '@ginko/client';
      const ginko = createGinkoClient({ baseUrl: ${JSON.stringify(s.baseUrl)}, apiKey: ${JSON.stringify(s.t.key)} });
      window.check = (async () => {
        let banks = 0;
        for await (const bank of ginko.paginate('/v3/banks', { limit: 1000 })) banks++;
        const { decision, best_match } = await ginko.resolve({ bank_name: 'みずほ', branch_name: '東京営業部' });
        const signed = { body: ${JSON.stringify(body)}, signature: ${JSON.stringify(signature)}, secret: ${JSON.stringify(secret)}, now: ${stamp * 1000} };
        const valid = await verifyWebhookSignature(signed);
        const tampered = await verifyWebhookSignature({ ...signed, body: signed.body + ' ' }).catch((e) => e.reason);
        return { banks, decision, bank: best_match.bank_code, valid, tampered };
      })();`;
    // The page and the modules are served by the browser itself under a path of the server's
    // origin that the server does not have, so that the page's calls are same-origin: Chromium
    // refuses a public origin's calls to 127.0.0.1 (Private Network Access).
    const PAGE = '/client-test';
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const files: Record<string, () => string> = {
      '/': () => `<!doctype html><script type="importmap">{"imports":{"@ginko/client":"${PAGE}/esm/index.js","openapi-fetch":"${PAGE}/openapi-fetch.mjs"}}</script><script type="module">${check}</script>`,
      '/openapi-fetch.mjs': () => readFileSync(createRequire(join(CLIENT, 'package.json')).resolve('openapi-fetch').replace(/index\.cjs$/, 'index.mjs'), 'utf8'),
    };
    await page.route(`${s.baseUrl}${PAGE}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname.slice(PAGE.length);
      const esm = /^\/esm\/([a-z-]+\.js)$/.exec(path);
      const text = esm ? readFileSync(join(DIST, 'esm', esm[1]!), 'utf8') : files[path]?.();
      if (text === undefined) return route.fulfill({ status: 404 });
      return route.fulfill({ status: 200, contentType: path === '/' ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8', body: text });
    });
    await page.goto(`${s.baseUrl}${PAGE}/`);
    const result = await page.evaluate('window.check');
    assert.deepEqual(errors, []);
    assert.deepEqual(result, { banks: 1146, decision: 'auto_confirm', bank: '0001', valid: { timestamp: stamp }, tampered: 'mismatch' });
  });
});
