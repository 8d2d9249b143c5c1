/** Sends a Search API answer as JSON, or as JSONP when `callback` was given. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accepts } from '../../edge/accept.js';
import { ApiError } from '../../edge/api-error.js';
import { checkCallback, wrapJsonp } from './jsonp.js';

export const JSON_TYPES = ['application/json'];
const SCRIPT_TYPES = ['application/javascript', 'text/javascript'];

/**
 * Checks Accept and the callback name before any work is done, so a request that can't be
 * answered fails fast with 406 or 400.
 */
export function negotiate(request: FastifyRequest, callback: string | undefined): string | undefined {
  const name = callback === undefined ? undefined : checkCallback(callback);
  const acceptable = name === undefined ? JSON_TYPES : SCRIPT_TYPES;
  if (!accepts(request.headers.accept, acceptable)) {
    throw new ApiError(406, `this resource is available only as ${acceptable.join(' or ')}`);
  }
  return name;
}

/** Sends JSON, or wraps it for JSONP. */
export function respond(reply: FastifyReply, json: string | Buffer, callback: string | undefined): FastifyReply {
  if (callback === undefined) return reply.type('application/json; charset=utf-8').send(json);
  return reply.type('application/javascript; charset=utf-8').header('x-content-type-options', 'nosniff').send(wrapJsonp(callback, json.toString()));
}
