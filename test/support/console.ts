/** Signing in to the operator console of an in-process app, as a browser would, for inject tests. */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

export interface ConsoleSession {
  /** The Cookie header to send. */
  readonly cookie: string;
  /** The CSRF token of the session, as the pages' forms carry it. */
  readonly csrf: string;
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' } as const;

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export async function signIn(app: FastifyInstance, name: string, password: string, headers: Record<string, string> = {}): Promise<ConsoleSession> {
  const res = await app.inject({ method: 'POST', url: '/admin/sign-in', headers: { ...FORM, ...headers }, payload: form({ name, password, next: '/admin/keys' }) });
  assert.equal(res.statusCode, 303, res.body);
  const set = res.cookies.find((c) => c.name === 'ginko_session');
  assert.ok(set, 'a session cookie');
  const cookie = `ginko_session=${set.value}`;
  const page = await app.inject({ method: 'GET', url: '/admin/keys', headers: { cookie, ...headers } });
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1];
  assert.ok(csrf, 'the page carries a CSRF token');
  return { cookie, csrf };
}
