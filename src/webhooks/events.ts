/**
 * The events a webhook receives (docs/webhooks.md#events), as JSON bodies: a `change` for every
 * change of an import that touches its codes, with the History API's change object as it is and
 * the lineage of the changed code when that code moved or closed; a `ping` sent on request
 * (`POST /watch/v1/webhooks/{id}/test`). The body is written once, when the event is made, and
 * delivered and listed byte for byte as written.
 */
import { randomBytes } from 'node:crypto';
import type { Lineage } from '../lineage/lineage.js';
import type { LineageAnswer, LineageStatus } from '../lineage/types.js';
import type { ChangedCode } from './watched-codes.js';

/** Lineage statuses that come with a change event: the code no longer stands as it was. */
export const STATUSES_WITH_LINEAGE: readonly LineageStatus[] = Object.freeze(['merged', 'code_changed', 'closed']);

/** `evt_` and 24 hex digits (96 random bits): the receiver's key for handling an event once. */
export const EVENT_ID = /^evt_[0-9a-f]{24}$/;

export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

export interface ChangeEvent<C> {
  readonly id: string;
  readonly type: 'change';
  readonly created_at: string;
  /** The change as GET /history/v1/changes/{change_id} answers it. */
  readonly change: C;
  /** GET /history/v1/lineage/… of the changed code when it is merged, code_changed or closed; null otherwise. */
  readonly lineage: LineageAnswer | null;
}

export interface PingEvent {
  readonly id: string;
  readonly type: 'ping';
  readonly created_at: string;
  readonly webhook: { readonly id: string };
}

/** The event of one change, its keys in the documented order. */
export function changeEvent<C>(id: string, createdAt: string, change: C, lineage: LineageAnswer | null): ChangeEvent<C> {
  return { id, type: 'change', created_at: createdAt, change, lineage };
}

export function pingEvent(id: string, createdAt: string, webhookId: string): PingEvent {
  return { id, type: 'ping', created_at: createdAt, webhook: { id: webhookId } };
}

/** The lineage a change event carries: the changed code's, when its status is one of STATUSES_WITH_LINEAGE. */
export function lineageForChange(lineage: Lineage, change: ChangedCode): LineageAnswer | null {
  const answer = change.branch.code === null ? lineage.bank(change.bank.code) : lineage.branch(change.bank.code, change.branch.code);
  return answer && STATUSES_WITH_LINEAGE.includes(answer.status) ? answer : null;
}
