/**
 * The webhook events of an import (docs/webhooks.md#events): one per webhook per change that
 * touches its codes, written to the outbox in the transaction that writes the update and its
 * changes (history-store.ts recordUpdate), so an event exists exactly when its change does and a
 * crash can delay it but never lose it. Each carries the change as the History API shows it and,
 * for a code that moved or closed, its lineage as servers will answer once the update is
 * current (the snapshot's lineage, extended by the versions stored before it).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Directory } from '../dataset/directory.js';
import { Snapshot } from '../dataset/snapshot.js';
import type { Lineage } from '../lineage/lineage.js';
import { LINEAGE } from '../lineage/served.js';
import { appendEvents, type NewEvent, watchingWebhooks } from '../store/webhook-outbox.js';
import type { Database } from '../store/schema.js';
import { changeEvent, lineageForChange, newEventId } from '../webhooks/events.js';
import { RETRY_POLICY } from '../webhooks/retry-schedule.js';
import { touches, watchSetOf } from '../webhooks/watched-codes.js';
import type { AlongWithUpdate, WrittenUpdate } from './history-store.js';
import { type ChangeRecord, jstTimestamp } from './records.js';
import { provideNextLineage } from './stored-lineage.js';

/** The lineage servers will answer with once `directory`, imported from `source`, is current; in slices. */
export async function lineageAfterImport(db: Kysely<Database>, directory: Directory, source: string): Promise<Lineage> {
  const snapshot = new Snapshot(directory);
  await provideNextLineage(db, snapshot, source);
  return snapshot.deriveInSlices(LINEAGE);
}

/** The events of `written` for each watching webhook whose codes its changes touch, in change order. */
export function eventsOf(webhooks: readonly { id: string; codes: readonly string[] }[], written: WrittenUpdate, lineage: Lineage): NewEvent[] {
  const createdAt = jstTimestamp(written.at);
  const lineages = new Map<ChangeRecord, ReturnType<typeof lineageForChange>>();
  const events: NewEvent[] = [];
  for (const webhook of webhooks) {
    const watch = watchSetOf(webhook.codes, lineage);
    for (const change of written.changes) {
      if (!touches(watch, change)) continue;
      if (!lineages.has(change)) lineages.set(change, lineageForChange(lineage, change));
      const id = newEventId();
      events.push({
        id,
        webhookId: webhook.id,
        updateId: written.updateId,
        payload: JSON.stringify(changeEvent(id, createdAt, change, lineages.get(change)!)),
        createdAt,
        dueAt: written.at,
        giveUpAt: written.at + RETRY_POLICY.giveUpAfterMs,
      });
    }
  }
  return events;
}

/**
 * What an import writes along with its update: its webhook events. The lineage is worked out
 * before the transaction when a webhook is watching then (its work would otherwise hold the
 * store's write lock); one created meanwhile has it worked out inside.
 */
export async function webhookEventsOfImport(db: Kysely<Database>, directory: Directory, source: string): Promise<AlongWithUpdate> {
  let lineage = (await watchingWebhooks(db)).length > 0 ? await lineageAfterImport(db, directory, source) : undefined;
  return async (trx: Transaction<Database>, written: WrittenUpdate) => {
    if (written.changes.length === 0) return;
    const webhooks = await watchingWebhooks(trx);
    if (webhooks.length === 0) return;
    lineage ??= await lineageAfterImport(trx, directory, source);
    await appendEvents(trx, eventsOf(webhooks, written, lineage));
  };
}
