/**
 * The webhook helpers (docs/webhooks.md): a key's webhooks made, listed, changed and deleted,
 * and the pull feed of a webhook's events for receivers the server cannot reach, page after page
 * from after the last event read. Checking a delivery's signature is webhook-signature.ts.
 */
import type { GinkoCalls } from './calls.js';
import { errorFrom, orThrow } from './errors.js';
import type { Answer, BodyOf } from './operations.js';

export type Webhook = Answer<'/watch/v1/webhooks/{id}', 'get'>['webhook'];
/** An event as delivered and as the feed lists it. */
export type WebhookEvent = Answer<'/watch/v1/webhooks/{id}/events', 'get'>['events'][number];
export type WebhookDelivery = Answer<'/watch/v1/webhooks/{id}/deliveries', 'get'>['deliveries'][number];

/** A webhook to make: `url`, `codes` (`0537` for a bank and all its branches, `0005-135` for one branch), `description`. */
export type NewWebhook = BodyOf<'/watch/v1/webhooks'>;

/** What PATCH changes; `enabled: false` stops deliveries, `true` starts them again (after a 410 Gone disabled the webhook). */
export type WebhookChange = BodyOf<'/watch/v1/webhooks/{id}', 'patch'>;

/** POST /watch/v1/webhooks: the webhook and its signing secret, which no later answer shows. */
export async function createWebhook(calls: GinkoCalls, webhook: NewWebhook): Promise<{ webhook: Webhook; secret: string }> {
  return orThrow(calls.POST('/watch/v1/webhooks', { body: webhook }));
}

/**
 * POST /watch/v1/webhooks/{id}/secret: a new signing secret, shown this once. The replaced one
 * keeps signing beside it for `previousValidSeconds` (0 to 86,400; a day by default), so that
 * receivers can move to the new one without refusing a delivery.
 */
export async function rotateWebhookSecret(calls: GinkoCalls, id: string, options: { readonly previousValidSeconds?: number } = {}): Promise<{ webhook: Webhook; secret: string }> {
  const body = options.previousValidSeconds === undefined ? {} : { previous_valid_seconds: options.previousValidSeconds };
  return orThrow(calls.POST('/watch/v1/webhooks/{id}/secret', { params: { path: { id } }, body }));
}

/** GET /watch/v1/webhooks: this key's webhooks, oldest first. */
export async function listWebhooks(calls: GinkoCalls): Promise<Webhook[]> {
  return (await orThrow(calls.GET('/watch/v1/webhooks'))).webhooks;
}

/** PATCH /watch/v1/webhooks/{id}. */
export async function updateWebhook(calls: GinkoCalls, id: string, change: WebhookChange): Promise<Webhook> {
  return (await orThrow(calls.PATCH('/watch/v1/webhooks/{id}', { params: { path: { id } }, body: change }))).webhook;
}

/** DELETE /watch/v1/webhooks/{id}: the webhook, its pending events and its delivery log. */
export async function deleteWebhook(calls: GinkoCalls, id: string): Promise<void> {
  const { error, response } = await calls.DELETE('/watch/v1/webhooks/{id}', { params: { path: { id } } });
  if (!response.ok) throw errorFrom(response, error);
}

/**
 * GET /watch/v1/webhooks/{id}/events, page after page: every event after `after` (the id of the
 * last one you handled; from the first without it), oldest first. Keep the id of the last event
 * you handled and pass it next time.
 */
export async function* webhookEvents(calls: GinkoCalls, id: string, options: { readonly after?: string; readonly limit?: number } = {}): AsyncGenerator<WebhookEvent, void, undefined> {
  let after = options.after;
  for (;;) {
    const page = await orThrow(calls.GET('/watch/v1/webhooks/{id}/events', { params: { path: { id }, query: { ...(after === undefined ? {} : { after }), ...(options.limit === undefined ? {} : { limit: options.limit }) } } }));
    yield* page.events;
    if (!page.has_more || page.events.length === 0) return;
    after = page.events.at(-1)!.id;
  }
}
