/**
 * HTML forms post application/x-www-form-urlencoded; the console reads them as a plain record of
 * strings (the last value of a repeated name). Registered inside the console plugin only: the
 * APIs accept JSON alone.
 */
import type { FastifyInstance } from 'fastify';

/** Form posts are small; a larger body is refused with 413 before it is read. */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024;

export type FormBody = Readonly<Record<string, string>>;

export function installFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** The body as a form (empty for none or another shape). */
export function formOf(body: unknown): FormBody {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as FormBody;
}

/** One entry per non-empty line, trimmed. */
export function lines(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}
