/**
 * The published interface: /openapi.json generated from the route schemas by @fastify/swagger,
 * and /docs, a self-contained page that renders it (no external scripts: the service may run
 * where the internet is out of reach). Neither needs a key.
 */
import type { FastifyInstance } from 'fastify';
import { registerGet } from '../../edge/register.js';

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ginko API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 1.5rem;color:#1b1f24}
h1{margin-bottom:0}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2rem;margin-top:2rem}
details{border:1px solid #d0d7de;border-radius:6px;margin:.4rem 0;padding:.3rem .7rem}
summary{cursor:pointer}code,pre{font:13px ui-monospace,monospace}pre{background:#f6f8fa;padding:.6rem;overflow:auto}
.m{display:inline-block;min-width:4rem;font-weight:600}.get{color:#0969da}.post{color:#1a7f37}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.2rem .5rem;text-align:left;vertical-align:top}
</style></head><body>
<h1>Ginko API</h1><p>Generated from <a href="/openapi.json">/openapi.json</a> (OpenAPI 3).</p>
<div id="api">Loading…</div>
<script type="module">
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const example = (schema) => {
  if (!schema) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.type === 'object') return Object.fromEntries(Object.entries(schema.properties || {}).map(([k, v]) => [k, example(v)]));
  if (schema.type === 'array') return [example(schema.items)];
  return schema.type;
};
const doc = await (await fetch('/openapi.json')).json();
const groups = new Map();
for (const [path, ops] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(ops)) {
  const tag = (op.tags || ['Other'])[0];
  if (!groups.has(tag)) groups.set(tag, []);
  groups.get(tag).push({ path, method, op });
}
let html = '';
for (const [tag, ops] of groups) {
  html += '<h2>' + esc(tag) + '</h2>';
  for (const { path, method, op } of ops) {
    const params = (op.parameters || []).map((p) => '<tr><td><code>' + esc(p.name) + '</code></td><td>' + esc(p.in) + '</td><td>' + esc(p.description || p.schema?.description || '') + '</td></tr>').join('');
    const ok = op.responses?.['200']?.content?.['application/json']?.schema;
    html += '<details><summary><span class="m ' + method + '">' + method.toUpperCase() + '</span><code>' + esc(path) + '</code> — ' + esc(op.summary || '') + '</summary>'
      + (params ? '<table><tr><th>Parameter</th><th>In</th><th>Meaning</th></tr>' + params + '</table>' : '')
      + (ok ? '<p>Example answer:</p><pre>' + esc(JSON.stringify(example(ok), null, 2)) + '</pre>' : '') + '</details>';
  }
}
document.getElementById('api').innerHTML = html;
</script></body></html>`;

export function registerOpenApi(app: FastifyInstance): void {
  registerGet(app, {
    url: '/openapi.json',
    schema: { hide: true },
    handler: async (_request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  });
  registerGet(app, {
    url: '/docs',
    schema: { hide: true },
    handler: async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(DOCS_PAGE),
  });
}
