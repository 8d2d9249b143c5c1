/**
 * Sign-in, sign-out and the language switch. Sign-in attempts take a slot per name and per
 * address before the password is checked (src/console/signin-limiter.ts); a right password gives
 * it back. Past the limit, 429 with Retry-After and a log line.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage, LANGUAGE_COOKIE } from '../i18n.js';
import { formOf } from '../form-body.js';
import { hidden } from '../hidden.js';
import { queryParam } from '../query.js';
import type { AdminServices } from '../services.js';
import { consolePath, frameOf, requireSession, sendPage, SESSION_COOKIE, SESSION_COOKIE_OPTIONS, translate } from '../session.js';

/** The origin a browser request must come from: this server's own (login CSRF). */
function crossOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

function signInPage(request: FastifyRequest, reply: FastifyReply, status: number, fields: { name?: string; next?: string; error?: string; notice?: string }) {
  return sendPage(reply, status, 'sign-in', frameOf(request, undefined, { error: fields.error, notice: fields.notice }), { name: fields.name ?? '', next: consolePath(fields.next) });
}

export function registerSignIn(app: FastifyInstance, services: AdminServices): void {
  app.get<{ Querystring: { next?: string; out?: string } }>('/sign-in', hidden(), async (request, reply) => {
    return signInPage(request, reply, 200, { next: queryParam(request, 'next'), notice: queryParam(request, 'out') === '1' ? translate(request)('signedOut') : undefined });
  });

  app.post('/sign-in', hidden(), async (request, reply) => {
    const t = translate(request);
    if (crossOrigin(request)) return signInPage(request, reply, 403, { error: t('error.csrf') });
    const form = formOf(request.body);
    const name = (form.name ?? '').trim().slice(0, 64);
    const password = form.password ?? '';
    const ip = request.ip;
    const { signins, operators, sessions, audit } = services.console;
    // The slot is taken before the (slow) password check, so attempts sent at once are counted too.
    const admission = signins.admit(name, ip);
    if ('retryAfterSeconds' in admission) {
      const wait = admission.retryAfterSeconds;
      request.log.warn({ operator: name, ip, retryAfter: wait }, 'console sign-in refused: too many failed attempts');
      reply.header('retry-after', String(wait));
      return signInPage(request, reply, 429, { name, next: form.next, error: t('signin.limited', { seconds: wait }) });
    }
    // A wrong password, or a check that throws (the store unreachable), keeps the slot taken.
    if (!(await operators.verify(name, password))) {
      request.log.info({ operator: name, ip }, 'console sign-in failed');
      return signInPage(request, reply, 401, { name, next: form.next, error: t('signin.failed') });
    }
    admission.attempt.succeeded();
    const { token } = await sessions.create(name, ip);
    await audit.record({ operator: name, action: 'signin', target: '', detail: {}, ip });
    reply.setCookie(SESSION_COOKIE, token, SESSION_COOKIE_OPTIONS);
    return reply.redirect(consolePath(form.next), 303);
  });

  app.post('/sign-out', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const token = request.cookies[SESSION_COOKIE];
    if (token) await services.console.sessions.destroy(token);
    await services.console.audit.record({ operator: request.operatorSession!.operator, action: 'signout', target: '', detail: {}, ip: request.ip });
    reply.clearCookie(SESSION_COOKIE, SESSION_COOKIE_OPTIONS);
    return reply.redirect('/admin/sign-in?out=1', 303);
  });

  // A preference kept in the browser only: nothing changes on the server.
  app.get('/lang', hidden(), async (request, reply) => {
    const to = queryParam(request, 'to');
    const back = queryParam(request, 'back');
    if (isLanguage(to)) reply.setCookie(LANGUAGE_COOKIE, to, { path: '/admin', secure: true, sameSite: 'strict', httpOnly: true, maxAge: 365 * 86_400 });
    return reply.redirect(back === '/admin/sign-in' ? back : consolePath(back), 303);
  });
}
