/**
 * Webhook delivery metrics (docs/operations.md#metrics, docs/webhooks.md#delivery): the attempts
 * this replica made by outcome and the events it gave up. The counts live in the delivery loop
 * (src/delivery/webhook-delivery.ts) and are read when /metrics is scraped.
 */
import { Counter, type Registry } from 'prom-client';

/** What the delivery loop counts (DeliveryCounts of src/delivery/webhook-delivery.ts). */
export interface WebhookDeliveryCounts {
  readonly attempts: Readonly<Record<string, number>>;
  readonly givenUp: number;
}

export function registerWebhookDeliveryMetrics(registry: Registry, counts: WebhookDeliveryCounts): void {
  const registers = [registry];
  new Counter({
    name: 'ginko_webhook_delivery_attempts_total',
    help: 'Webhook delivery attempts of this replica, test pings included, by outcome: delivered (2xx), retry (another answer or none), gone (410)',
    labelNames: ['outcome'],
    registers,
    collect() {
      this.reset();
      for (const [outcome, n] of Object.entries(counts.attempts)) this.inc({ outcome }, n);
    },
  });
  new Counter({
    name: 'ginko_webhook_events_given_up_total',
    help: 'Webhook events this replica gave up after failing for 3 days',
    registers,
    collect() {
      this.reset();
      this.inc(counts.givenUp);
    },
  });
}
