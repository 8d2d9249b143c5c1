/**
 * The delivery loop of `ginko serve` (docs/webhooks.md#delivery): every POLL_INTERVAL_MS it
 * leases the events that are due (src/store/webhook-outbox.ts), signs and POSTs each to its
 * receiver, logs the attempt, and settles the event: delivered on 2xx, the webhook disabled on
 * 410, otherwise tried again later on the retry schedule (src/webhooks/retry-schedule.ts) until
 * it is given up. Every replica runs one; the lease keeps them from sending one event at once.
 * Test pings go through the same sending, outside the outbox.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { jstTimestamp } from '../history/records.js';
import { GINKO_VERSION } from '../package-root.js';
import type { Database } from '../store/schema.js';
import { type AttemptRecord, type LeasedEvent, WebhookOutbox } from '../store/webhook-outbox.js';
import { signingSecrets, type StoredSecrets, WebhookStore } from '../store/webhook-store.js';
import { newEventId, pingEvent } from '../webhooks/events.js';
import { CONCURRENT_DELIVERIES, EVENT_RETENTION_MS, LEASE_MS, MAX_ERROR_LENGTH, POLL_INTERVAL_MS } from '../webhooks/limits.js';
import { ATTEMPT_OUTCOMES, type AttemptOutcome, nextAttemptAt, outcomeOf } from '../webhooks/retry-schedule.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from '../webhooks/signature.js';
import { postToReceiver, type PostOptions, type ReceiverAnswer } from './receiver-request.js';

const PRUNE_EVERY_MS = 3_600_000;

export interface DeliveryOptions {
  /** --webhook-allow-private: loopback and private receivers, and http://, allowed. */
  readonly allowPrivate: boolean;
  readonly now?: () => number;
  /** In [0, 1): the jitter of retries. */
  readonly random?: () => number;
  readonly pollMs?: number;
  /** The POST itself (tests count or fail it). */
  readonly send?: (url: string, body: string, options: PostOptions) => Promise<ReceiverAnswer>;
  readonly log?: (level: 'info' | 'warn' | 'error', message: string, detail?: Record<string, unknown>) => void;
}

/** What this process has delivered since it started, for /metrics (src/metrics/webhook-deliveries.ts). */
export interface DeliveryCounts {
  /** Attempts by outcome, test pings included. */
  readonly attempts: Record<AttemptOutcome, number>;
  /** Events given up after failing for RETRY_POLICY.giveUpAfterMs. */
  givenUp: number;
}

export class WebhookDelivery {
  readonly counts: DeliveryCounts = { attempts: Object.fromEntries(ATTEMPT_OUTCOMES.map((o) => [o, 0])) as Record<AttemptOutcome, number>, givenUp: 0 };
  readonly outbox: WebhookOutbox;
  readonly webhooks: WebhookStore;
  /** Who holds the leases this process takes. */
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #send: NonNullable<DeliveryOptions['send']>;
  readonly #log: NonNullable<DeliveryOptions['log']>;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #aborts = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;
  #prunedAt = 0;

  constructor(
    db: Kysely<Database>,
    readonly options: DeliveryOptions,
  ) {
    this.outbox = new WebhookOutbox(db);
    this.webhooks = new WebhookStore(db);
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#send = options.send ?? postToReceiver;
    this.#log = options.log ?? (() => {});
  }

  /** Polls for due events until stop(). */
  start(): void {
    const tick = () => {
      if (this.#stopped) return;
      this.#running = this.runOnce()
        .then(() => undefined)
        .catch((err: unknown) => this.#log('error', 'webhook delivery: could not read or settle due events; trying again shortly', { err: String(err) }))
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(tick, this.options.pollMs ?? POLL_INTERVAL_MS).unref();
        });
    };
    this.#timer = setTimeout(tick, 0).unref();
  }

  /**
   * Stops polling and cuts off the deliveries in progress: each is logged as cut off and due
   * again at once, for this server's next start or another replica.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#aborts.abort();
    await this.#running;
    await Promise.allSettled([...this.#inFlight]);
  }

  /** Delivers what is due now, up to CONCURRENT_DELIVERIES at once; the number of attempts made. */
  async runOnce(): Promise<number> {
    await this.#pruneNow();
    let attempts = 0;
    for (;;) {
      const free = CONCURRENT_DELIVERIES - this.#inFlight.size;
      if (this.#stopped || free <= 0) break;
      const leased = await this.outbox.lease(this.holder, this.#now(), LEASE_MS, free);
      if (leased.length === 0) break;
      for (const event of leased) {
        attempts++;
        const delivery = this.#deliver(event).finally(() => this.#inFlight.delete(delivery));
        this.#inFlight.add(delivery);
      }
      // Wait for one to end before leasing more, so that a replica never holds more than it sends.
      await Promise.race(this.#inFlight);
    }
    await Promise.allSettled([...this.#inFlight]);
    return attempts;
  }

  /** Sends a signed ping to the webhook now (POST /watch/v1/webhooks/{id}/test): the attempt as logged. */
  async ping(webhook: { readonly id: string; readonly url: string }, secrets: StoredSecrets): Promise<AttemptRecord> {
    const id = newEventId();
    const at = this.#now();
    const payload = JSON.stringify(pingEvent(id, jstTimestamp(at), webhook.id));
    const answer = await this.#post(webhook.url, id, payload, secrets, this.#aborts.signal);
    const outcome = outcomeOf(answer.status);
    const record = attemptRecord(id, webhook.id, 1, at, answer, outcome);
    await this.#record(record, outcome);
    return record;
  }

  async #post(url: string, eventId: string, payload: string, secrets: StoredSecrets, signal: AbortSignal): Promise<ReceiverAnswer> {
    const now = this.#now();
    const headers = {
      'user-agent': `Ginko-Webhooks/${GINKO_VERSION}`,
      [EVENT_ID_HEADER]: eventId,
      [SIGNATURE_HEADER]: signatureHeader(signingSecrets(secrets, now), payload, Math.floor(now / 1000)),
    };
    return this.#send(url, payload, { allowPrivate: this.options.allowPrivate, headers, signal });
  }

  async #deliver(event: LeasedEvent): Promise<void> {
    const at = this.#now();
    const answer = await this.#post(event.url, event.id, event.payload, event.secrets, this.#aborts.signal);
    const cutOff = this.#stopped && answer.status === undefined;
    const outcome = outcomeOf(answer.status);
    await this.#record(attemptRecord(event.id, event.webhookId, event.attempt, at, answer, outcome), outcome);
    const now = this.#now();
    if (outcome === 'delivered') return this.outbox.delivered(event, this.holder, jstTimestamp(now));
    if (cutOff) return this.outbox.retryAt(event, this.holder, now);
    if (outcome === 'gone') {
      await this.webhooks.disable(event.webhookId, jstTimestamp(now), `the receiver answered 410 Gone to ${event.id}`);
      this.#log('warn', 'webhook disabled: its receiver answered 410 Gone', { webhook: event.webhookId, event: event.id });
      // Pending again: delivered once the webhook is enabled (PATCH {"enabled": true}).
      return this.outbox.retryAt(event, this.holder, now);
    }
    const next = nextAttemptAt(event.attempt, now, event.giveUpAt, this.#random());
    if (next !== undefined) return this.outbox.retryAt(event, this.holder, next);
    this.#log('warn', 'webhook event given up after failing for 3 days', { webhook: event.webhookId, event: event.id, attempts: event.attempt });
    this.counts.givenUp++;
    return this.outbox.givenUp(event, this.holder);
  }

  async #record(attempt: AttemptRecord, outcome: AttemptOutcome): Promise<void> {
    this.counts.attempts[outcome]++;
    await this.outbox.recordAttempt(attempt);
  }

  async #pruneNow(): Promise<void> {
    const now = this.#now();
    if (now - this.#prunedAt < PRUNE_EVERY_MS) return;
    this.#prunedAt = now;
    await this.outbox.prune(jstTimestamp(now - EVENT_RETENTION_MS));
  }
}

function attemptRecord(eventId: string, webhookId: string, attempt: number, at: number, answer: ReceiverAnswer, outcome: AttemptOutcome): AttemptRecord {
  const error = answer.error ?? (outcome === 'delivered' ? undefined : `the receiver answered ${answer.status}${answer.bodyStart ? `: ${answer.bodyStart}` : ''}`);
  return { eventId, webhookId, attempt, at: jstTimestamp(at, true), status: answer.status ?? null, latencyMs: answer.latencyMs, outcome, error: error === undefined ? null : error.slice(0, MAX_ERROR_LENGTH) };
}
