/**
 * The selector widget (docs/widget.md): its ES module, cacheable by anyone (CORS, ETag), and a
 * demo page that runs it against this server. No key is needed to load either; the widget sends
 * the key its page gives it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PACKAGE_ROOT } from '../../../package-root.js';
import { addCorsHeaders } from '../../edge/cors.js';
import { registerGet } from '../../edge/register.js';
import { DEMO_PAGE } from './demo.js';

export const WIDGET_PATH = '/widgets/bank-branch-selector/v1/bank-branch-selector.js';

interface Asset {
  readonly body: Buffer;
  readonly etag: string;
}

function asset(body: Buffer): Asset {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** 304 when the client holds this version; otherwise the bytes. */
function sendAsset(request: FastifyRequest, reply: FastifyReply, a: Asset, type: string, cacheControl: string): FastifyReply {
  addCorsHeaders(reply);
  reply.header('etag', a.etag).header('cache-control', cacheControl).header('x-content-type-options', 'nosniff');
  const held = request.headers['if-none-match'];
  if (held !== undefined && held.split(',').some((t) => t.trim() === a.etag || t.trim() === '*')) return reply.code(304).send();
  return reply.type(type).send(a.body);
}

/** The widget's module and demo page; no key. */
export async function widgetApi(app: FastifyInstance): Promise<void> {
  const script = asset(readFileSync(join(PACKAGE_ROOT, 'src', 'widget', 'bank-branch-selector.js')));
  const demo = asset(Buffer.from(DEMO_PAGE));
  registerGet(app, {
    url: WIDGET_PATH,
    schema: { summary: 'The <bank-branch-selector> Web Component (ES module; docs/widget.md)', tags: ['Widget'], response: { 200: { description: 'text/javascript', type: 'string' } } },
    // Versioned by path (v1); an hour of caching with revalidation by ETag keeps fixes flowing.
    handler: async (request, reply) => sendAsset(request, reply, script, 'text/javascript; charset=utf-8', 'public, max-age=3600, must-revalidate'),
  });
  registerGet(app, {
    url: '/widgets/demo',
    schema: { summary: 'A page showing the widget working against this server', tags: ['Widget'], response: { 200: { description: 'text/html', type: 'string' } } },
    handler: async (request, reply) => sendAsset(request, reply, demo, 'text/html; charset=utf-8', 'no-cache'),
  });
}
