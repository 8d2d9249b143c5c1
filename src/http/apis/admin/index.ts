/**
 * The operator console at /admin/ (docs/console.md), one encapsulated Fastify plugin: its own
 * cookies, form parser, error pages and request limit; server-rendered pages over the app's
 * services and the console's own (AdminServices). Register with the prefix `/admin`.
 *
 * Every response carries a strict Content-Security-Policy (scripts and styles from Ginko only),
 * no-store caching and no framing. The API's CORS headers are taken off: the console is for
 * its own origin alone.
 */
import cookie from '@fastify/cookie';
import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isStoreUnavailable } from '../../../store/unavailable.js';
import { allowedMethodsAt } from '../../edge/allowed-methods.js';
import { CORS_HEADERS } from '../../edge/cors.js';
import { pathOf } from '../../edge/errors.js';
import { registerAssets } from './assets.js';
import { installFormBodyParser } from './form-body.js';
import { installMultipartParser } from './multipart-body.js';
import { registerAudit } from './routes/audit.js';
import { registerData } from './routes/data.js';
import { registerKeys } from './routes/keys.js';
import { registerPlans } from './routes/plans.js';
import { registerService } from './routes/service.js';
import { registerSignIn } from './routes/sign-in.js';
import { registerUsage } from './routes/usage.js';
import { registerWebhooks } from './routes/webhooks.js';
import { hidden } from './hidden.js';
import type { AdminServices } from './services.js';
import { sendErrorPage, translate } from './session.js';

export const ADMIN_PREFIX = '/admin';

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};

export function adminApi(services: AdminServices): FastifyPluginAsync {
  return async function admin(app: FastifyInstance) {
    await app.register(cookie);
    installFormBodyParser(app);
    installMultipartParser(app);
    app.decorateRequest('operatorSession', undefined);

    app.addHook('onRequest', async (request, reply) => {
      for (const name of Object.keys(CORS_HEADERS)) reply.removeHeader(name);
      reply.headers(SECURITY_HEADERS);
      const wait = services.console.requests.take(request.ip);
      if (wait > 0) {
        request.log.warn({ ip: request.ip, retryAfter: wait }, 'console request limit reached');
        reply.header('retry-after', String(wait));
        return sendErrorPage(request, reply, 429, translate(request)('error.limited', { seconds: wait }));
      }
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const t = translate(request);
      if (isStoreUnavailable(error)) return sendErrorPage(request, reply.header('retry-after', '5'), 503, t('error.server'));
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'console request failed');
      return sendErrorPage(request, reply, status, status === 500 ? t('error.server') : t('error.invalid', { message: error.message }));
    });
    app.setNotFoundHandler((request, reply) => {
      // Another method on a page of the console (PUT /admin/keys): 405 with what it allows.
      const allow = allowedMethodsAt(request.server, pathOf(request.url));
      if (allow !== undefined && !allow.split(', ').includes(request.method)) return sendErrorPage(request, reply.header('allow', allow), 405, translate(request)('error.method', { allow }));
      return sendErrorPage(request, reply, 404, translate(request)('error.notFound'));
    });

    app.get('/', hidden(), async (_request, reply) => reply.redirect('/admin/keys', 303));
    registerAssets(app);
    registerSignIn(app, services);
    registerKeys(app, services);
    registerWebhooks(app, services);
    registerUsage(app, services);
    registerPlans(app, services);
    registerData(app, services);
    registerService(app, services);
    registerAudit(app, services);
  };
}
