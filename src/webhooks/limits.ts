/**
 * The bounds of webhooks (docs/limits.md#webhooks): what a webhook may hold, how long a
 * delivery may take and how much of the receiver's answer is read. Per-plan limits (webhooks per
 * key, codes per webhook) are in the plans table (src/access/plans.ts); these hold for every plan.
 */

/** A delivery that has not been answered (status and headers) within this is cut off and tried again. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** At most this much of a receiver's answer is read (for the delivery log); the rest is not waited for. */
export const RESPONSE_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * How long a replica holds an event it is delivering. Longer than a delivery may take, so no two
 * replicas send one event at once; a replica killed mid-delivery leaves a lease that runs out,
 * and the event is sent again then.
 */
export const LEASE_MS = DELIVERY_TIMEOUT_MS + 5_000;

/** How long resolving a receiver's host may take when a webhook is created or changed. */
export const RESOLVE_TIMEOUT_MS = 5_000;

/** Events and delivery attempts are kept this long after they were made (the pull feed and the log reach back as far); pending events stay. */
export const EVENT_RETENTION_MS = 30 * 86_400_000;

/** How often each replica looks for events that are due. */
export const POLL_INTERVAL_MS = 2_000;

/** Events a replica delivers at once. */
export const CONCURRENT_DELIVERIES = 8;

/** Codes of one webhook, whatever the plan: every branch of the data fits. */
export const MAX_CODES_PER_WEBHOOK = 30_000;

/** The receiver's URL, in characters. */
export const MAX_RECEIVER_URL_LENGTH = 2048;

/** The description of a webhook, in characters. */
export const MAX_DESCRIPTION_LENGTH = 200;

/** A create or change body: MAX_CODES_PER_WEBHOOK codes of 8 characters and their quotes fit. */
export const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

/** Events per page of the pull feed, and deliveries per page of the log. */
export const FEED_MAX_LIMIT = 100;
export const DELIVERIES_MAX_LIMIT = 100;
export const DELIVERIES_DEFAULT_LIMIT = 20;

/**
 * How long the secret a rotation replaced keeps signing beside the new one (docs/webhooks.md#rotating-the-secret):
 * at most a day, and a day unless the rotation says otherwise.
 */
export const MAX_PREVIOUS_SECRET_SECONDS = 86_400;

/** The error of a failed attempt as the delivery log keeps it, in characters. */
export const MAX_ERROR_LENGTH = 300;
