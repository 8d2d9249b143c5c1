/**
 * The console's request context: the session from its cookie, the CSRF check of state-changing
 * requests, the language and the frame every page is rendered in. A page (GET) without a
 * session redirects to the sign-in page; any other request without one is answered 401. API
 * keys play no part: the console looks only at its own cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sameText } from '../../../access/api-key.js';
import type { Session } from '../../../console/sessions.js';
import { chooseLanguage, type Language, LANGUAGE_COOKIE, translator, type Translate } from './i18n.js';
import type { AdminServices } from './services.js';
import { type PageFrame, renderPage } from './views.js';

export const SESSION_COOKIE = 'ginko_session';
export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** The session cookie's attributes (docs/console.md#sessions). */
export const SESSION_COOKIE_OPTIONS = Object.freeze({ path: '/admin', httpOnly: true, secure: true, sameSite: 'strict' as const });

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session of this request, once `requireSession` found one. */
    operatorSession?: Session;
  }
}

export function languageOf(request: FastifyRequest): Language {
  return chooseLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
}

export function translate(request: FastifyRequest): Translate {
  return translator(languageOf(request));
}

/** The path without its query, for the language switch to come back to. */
function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/admin/';
}

export function frameOf(request: FastifyRequest, section?: string, extra: Partial<PageFrame> = {}): PageFrame {
  const lang = languageOf(request);
  const session = request.operatorSession;
  return { lang, t: translator(lang), operator: session?.operator, csrf: session?.csrfToken, section, path: pathOf(request), ...extra };
}

export function sendPage(reply: FastifyReply, status: number, template: string, frame: PageFrame, data: Readonly<Record<string, unknown>> = {}): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(renderPage(template, frame, data));
}

/** The error page, in the request's language, with the operator's navigation when signed in. */
export function sendErrorPage(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  return sendPage(reply, status, 'error', frameOf(request, undefined, { error: message }));
}

/** A safe place to go back to after sign-in: a console path, never another origin. */
export function consolePath(next: unknown): string {
  return typeof next === 'string' && /^\/admin\/[A-Za-z0-9/_?=&%.-]*$/.test(next) && !next.startsWith('//') ? next : '/admin/keys';
}

/**
 * The first step of every console route but sign-in and assets. Returns true when it answered
 * (redirect, 401, 403) and the route must stop, false when the request may go on. A boolean,
 * not the reply: a reply is thenable, and awaiting it would wait for the response instead.
 */
export async function requireSession(services: AdminServices, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const session = await services.console.sessions.find(request.cookies[SESSION_COOKIE]);
  if (!session) {
    if (request.method === 'GET' && !request.url.startsWith('/admin/api/')) {
      reply.redirect(`/admin/sign-in?next=${encodeURIComponent(request.url)}`, 303);
      return true;
    }
    reply.code(401).type('application/json; charset=utf-8').send({ message: 'sign in to the console first' });
    return true;
  }
  request.operatorSession = session;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const presented = (request.body as Record<string, unknown> | undefined)?.[CSRF_FIELD] ?? request.headers[CSRF_HEADER];
    if (typeof presented !== 'string' || !sameText(presented, session.csrfToken)) {
      request.log.warn({ operator: session.operator, url: request.url }, 'console request refused: missing or wrong CSRF token');
      sendErrorPage(request, reply, 403, translate(request)('error.csrf'));
      return true;
    }
  }
  return false;
}
