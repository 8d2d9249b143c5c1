/**
 * The kana API (docs/kana.md): 全銀 names for transfer files and for matching the names on
 * statements, from src/payee/zengin-kana.ts. POST /kana/v1/normalize and POST
 * /kana/v1/equivalent; keyed like Search and counted in its bucket, one request each
 * (docs/access.md); errors in the detailed shape (a 400 naming the body field).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { equivalentNames, normalizeZenginName, type ZenginNameField } from '../../../payee/zengin-kana.js';
import { accessGuard } from '../../edge/access-guard.js';
import { handleErrorsAs } from '../../edge/errors.js';
import { DETAILED_ERRORS } from '../../edge/error-shapes.js';
import { registerPost } from '../../edge/register.js';
import { sendJson } from '../../edge/writer.js';
import type { AppServices } from '../../services.js';
import { DetailedErrorSchema } from '../../edge/detailed-schemas.js';
import { EquivalentRequestSchema, EquivalentResponseSchema, NormalizeRequestSchema, NormalizeResponseSchema } from './schemas.js';

export const KANA_PREFIX = '/kana/v1';
/** Two names of at most 200 characters fit many times over. */
const KANA_BODY_LIMIT = 16 * 1024;

/** The kana API, registered under the prefix `/kana/v1`. */
export function kanaApi(services: AppServices): (app: FastifyInstance) => Promise<void> {
  return async (app) => {
    handleErrorsAs(app, DETAILED_ERRORS);
    const guard = accessGuard(services, { bucket: 'search' });
    const doc = (summary: string, description: string, body: object, ok: object) => ({
      summary,
      description: `${description} Counted as one Search request. See docs/kana.md.`,
      tags: ['全銀 kana'],
      security: [{ apiKeyHeader: [] }],
      body,
      response: { 200: ok, '4xx': DetailedErrorSchema },
    });

    registerPost(app, {
      url: '/normalize',
      guard,
      bodyLimit: KANA_BODY_LIMIT,
      schema: doc(
        'A name in the 全銀 half-width kana set, with what keeps it from being sent',
        'Small kana large, hiragana and full-width to half-width, ー to -, ・ to a space, legal forms (株式会社 …) abbreviated by position; kanji and characters outside the field’s set reported by index; payee at most 30 characters, remitter 40.',
        NormalizeRequestSchema,
        NormalizeResponseSchema,
      ),
      handler: (request: FastifyRequest, reply: FastifyReply) => {
        const { text, field } = request.body as { text: string; field?: ZenginNameField };
        sendJson(reply, JSON.stringify(normalizeZenginName(text, field)));
      },
    });

    registerPost(app, {
      url: '/equivalent',
      guard,
      bodyLimit: KANA_BODY_LIMIT,
      schema: doc(
        'Whether a bank would treat two names as the same',
        'Both normalized as remitter names, then compared without spaces and hyphens: width, script, case, small kana, the long vowel and legal forms do not matter; voicing does.',
        EquivalentRequestSchema,
        EquivalentResponseSchema,
      ),
      handler: (request: FastifyRequest, reply: FastifyReply) => {
        const { a, b } = request.body as { a: string; b: string };
        const result = equivalentNames(a, b);
        sendJson(reply, JSON.stringify({ equivalent: result.equivalent, a_normalized: result.aNormalized, b_normalized: result.bNormalized }));
      },
    });
  };
}
