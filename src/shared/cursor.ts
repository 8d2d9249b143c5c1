/**
 * Opaque paging cursors. A cursor carries a page edge (see paging.ts) and a fingerprint of the
 * query it belongs to, signed with HMAC-SHA-256 under a secret from the store, so a tampered
 * cursor, a cursor from another server, or one reused with other conditions is refused.
 * The text is base64url plus a dot: safe to paste into a URL without encoding.
 */
import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import { QueryError } from './query-error.js';

export const MAX_CURSOR_LENGTH = 2048;

/** One part of an item's sort key (search/paging.ts). */
export type KeyPart = string | number;
export type ItemKey = readonly KeyPart[];

/** A page edge, as a cursor carries it. */
export interface CursorPosition {
  /** `next`: items after `key`; `prev`: items before it. */
  readonly direction: 'next' | 'prev';
  readonly key: ItemKey;
  /** Whether the item with `key` itself belongs to the page (only for edges of empty pages). */
  readonly inclusive?: boolean;
}
const SIGNATURE_BYTES = 16;

interface CursorPayload {
  /** direction: n(ext) or p(rev) */
  d: 'n' | 'p';
  k: KeyPart[];
  /** inclusive edge */
  i?: 1;
  /** query fingerprint */
  q: string;
}

/** Short digest of the conditions a cursor is bound to (resource, filter, sort, freeword…). */
export function queryFingerprint(parts: readonly string[]): string {
  return hash('sha256', JSON.stringify(parts), 'base64url').slice(0, 16);
}

export class CursorCodec {
  constructor(private readonly secret: Buffer) {}

  encode(position: CursorPosition, fingerprint: string): string {
    const payload: CursorPayload = { d: position.direction === 'next' ? 'n' : 'p', k: [...position.key], q: fingerprint };
    if (position.inclusive) payload.i = 1;
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(body).toString('base64url')}`;
  }

  /**
   * Decodes a cursor for the query with `fingerprint`; a QueryError names `cursor` otherwise.
   * Its length was checked by the route's schema (MAX_CURSOR_LENGTH).
   */
  decode(text: string, fingerprint: string): CursorPosition {
    const invalid = (why: string) => new QueryError('cursor', text, why);
    const dot = text.indexOf('.');
    if (dot < 0) throw invalid('cursor is not a cursor issued by this service');
    const body = text.slice(0, dot);
    const signature = Buffer.from(text.slice(dot + 1), 'base64url');
    const expected = this.sign(body);
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      throw invalid('cursor is not a cursor issued by this service');
    }
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CursorPayload;
    if (payload.q !== fingerprint) {
      throw invalid('cursor belongs to a request with other conditions; repeat the request that returned it, changing only cursor or limit');
    }
    return { direction: payload.d === 'n' ? 'next' : 'prev', key: payload.k, ...(payload.i ? { inclusive: true } : {}) };
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.secret).update(body).digest().subarray(0, SIGNATURE_BYTES);
  }
}
