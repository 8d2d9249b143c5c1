/** How the widget's script and demo page are served: type, CORS, caching. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { WIDGET_PATH } from '../src/http/apis/widget/widget-api.js';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

it('serves the ES module to any origin with a JavaScript type, an ETag and an hour of caching', async () => {
  const res = await t.app.inject({ url: WIDGET_PATH, headers: { origin: 'https://shop.example' } });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.equal(res.headers['access-control-allow-origin'], '*');
  assert.equal(res.headers['cache-control'], 'public, max-age=3600, must-revalidate');
  assert.match(String(res.headers.etag), /^"[A-Za-z0-9_-]{27}"$/);
  assert.match(res.body, /customElements\.define\('bank-branch-selector', BankBranchSelector\)/);
  assert.doesNotMatch(res.body, /^import /m, 'self-contained: no imports');
  // Shared caches keep it: CORS headers go on every answer, asked by a browser or not.
  assert.equal((await t.app.inject({ url: WIDGET_PATH })).headers['access-control-allow-origin'], '*');
  const again = await t.app.inject({ url: WIDGET_PATH, headers: { 'if-none-match': String(res.headers.etag) } });
  assert.equal(again.statusCode, 304);
  assert.equal(again.body, '');
  assert.equal((await t.app.inject({ url: WIDGET_PATH, headers: { 'if-none-match': '"other"' } })).statusCode, 200);
  assert.equal((await t.app.inject({ method: 'POST', url: WIDGET_PATH })).statusCode, 405);
});

it('serves the demo page without a key, holding none itself', async () => {
  const res = await t.app.inject({ url: '/widgets/demo' });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
  assert.match(res.body, /<script type="module" src="\/widgets\/bank-branch-selector\/v1\/bank-branch-selector.js"><\/script>/);
  assert.doesNotMatch(res.body, /gk_[A-Za-z0-9_-]{32}/);
});
