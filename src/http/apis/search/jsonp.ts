/**
 * JSONP (docs/search-api.md#jsonp-and-cors): `callback` names a function that receives the
 * response. Only dotted JavaScript identifiers are allowed, so the name cannot inject script.
 */
import { QueryError } from '../../../shared/query-error.js';

export const MAX_CALLBACK_LENGTH = 1000;
export const CALLBACK_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
export const CALLBACK_NAME_MESSAGE = 'callback must be a JavaScript identifier or dotted path such as "cb" or "app.onBanks"';

export function checkCallback(name: string): string {
  if (name.length > MAX_CALLBACK_LENGTH) {
    throw new QueryError('callback', name, `callback must be at most ${MAX_CALLBACK_LENGTH} characters`);
  }
  if (!CALLBACK_NAME.test(name)) {
    throw new QueryError('callback', name, CALLBACK_NAME_MESSAGE);
  }
  return name;
}

/** The leading comment defeats content sniffing tricks that abuse a reflected first byte. */
export function wrapJsonp(callback: string, json: string): string {
  return `/**/ ${callback}(${json});`;
}
