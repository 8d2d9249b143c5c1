/**
 * `createGinkoClient()`: the typed calls of calls.ts and, on top, the helpers for what the
 * document alone cannot say: paging, Resolve and payee checks in batches, ゆうちょ and kana,
 * webhooks and their feed.
 */
import { type PayeeItem, type PayeeResult, validateAccounts, type ValidateAccountsOptions } from './accounts.js';
import { createCalls, type GinkoCalls, type GinkoClientOptions } from './calls.js';
import { kanaEquivalent, type KanaEquivalence, type KanaField, normalizeKana, type NormalizedKana } from './kana.js';
import { type ItemOf, paginate, type PagedPath, type PaginateArgs } from './paginate.js';
import { resolve, type ResolveAnswer, resolveBatch, type ResolveBatchItem, type ResolveBatchOptions, type ResolveBatchResult, type ResolveOptions, type ResolveRequest } from './resolve.js';
import { yuchoAccount, type YuchoAccount, type YuchoQuery } from './yucho.js';
import { lineage, type Lineage } from './lineage.js';
import { createWebhook, deleteWebhook, listWebhooks, type NewWebhook, rotateWebhookSecret, updateWebhook, type Webhook, type WebhookChange, type WebhookEvent, webhookEvents } from './webhooks.js';
import { zenginBanks, zenginBranches, type ZenginRecords } from './zengin-json.js';

export interface GinkoClient extends GinkoCalls {
  /**
   * Every item of a paged list, fetching the next page as the loop reaches it:
   * `for await (const bank of ginko.paginate('/v3/banks', {limit: 100}))`. Path parameters come
   * third: `paginate('/v3/banks/{bankCode}/branches', {limit: 500}, {bankCode: '0001'})`.
   */
  paginate<P extends PagedPath>(path: P, ...args: PaginateArgs<P>): AsyncGenerator<ItemOf<P>, void, undefined>;
  /** POST /resolve/v1/bank-branch. */
  resolve(request: ResolveRequest, options?: ResolveOptions): Promise<ResolveAnswer>;
  /** POST /resolve/v1/bank-branch/batch, as many times as the items need. */
  resolveBatch(items: readonly ResolveBatchItem[], options?: ResolveBatchOptions): Promise<ResolveBatchResult[]>;
  /** POST /accounts/v1/validate, as many times as the records need. */
  validateAccounts(items: readonly PayeeItem[], options?: ValidateAccountsOptions): Promise<PayeeResult[]>;
  /** GET /history/v1/lineage/{bankCode}[/{branchCode}]: where a code went. */
  lineage(bankCode: string, branchCode?: string): Promise<Lineage>;
  /** GET /api/banks.json: every bank in the zengin-code package's shape. */
  zenginBanks(): Promise<ZenginRecords>;
  /** GET /api/branches/{bankCode}.json: a bank's branches in the zengin-code package's shape. */
  zenginBranches(bankCode: string): Promise<ZenginRecords>;
  /** GET /yucho/v1/account. */
  yuchoAccount(query: YuchoQuery): Promise<YuchoAccount>;
  /** POST /kana/v1/normalize. */
  normalizeKana(text: string, field?: KanaField): Promise<NormalizedKana>;
  /** POST /kana/v1/equivalent. */
  kanaEquivalent(a: string, b: string): Promise<KanaEquivalence>;
  /** POST /watch/v1/webhooks: the webhook and its signing secret, shown this once. */
  createWebhook(webhook: NewWebhook): Promise<{ webhook: Webhook; secret: string }>;
  /** GET /watch/v1/webhooks. */
  listWebhooks(): Promise<Webhook[]>;
  /** PATCH /watch/v1/webhooks/{id}. */
  updateWebhook(id: string, change: WebhookChange): Promise<Webhook>;
  /** DELETE /watch/v1/webhooks/{id}. */
  deleteWebhook(id: string): Promise<void>;
  /** POST /watch/v1/webhooks/{id}/secret: a new signing secret, shown this once; the replaced one signs beside it for a while (a day by default). */
  rotateWebhookSecret(id: string, options?: { readonly previousValidSeconds?: number }): Promise<{ webhook: Webhook; secret: string }>;
  /** The pull feed: every event of the webhook after `after`, page after page. */
  webhookEvents(id: string, options?: { readonly after?: string; readonly limit?: number }): AsyncGenerator<WebhookEvent, void, undefined>;
}

export function createGinkoClient(options: GinkoClientOptions): GinkoClient {
  const calls = createCalls(options);
  return {
    ...calls,
    paginate: (path, ...args) => paginate(calls, path, ...args),
    resolve: (request, resolveOptions) => resolve(calls, request, resolveOptions),
    resolveBatch: (items, batchOptions) => resolveBatch(calls, items, batchOptions),
    validateAccounts: (items, validateOptions) => validateAccounts(calls, items, validateOptions),
    yuchoAccount: (query) => yuchoAccount(calls, query),
    lineage: (bankCode, branchCode) => lineage(calls, bankCode, branchCode),
    zenginBanks: () => zenginBanks(calls),
    zenginBranches: (bankCode) => zenginBranches(calls, bankCode),
    normalizeKana: (text, field) => normalizeKana(calls, text, field),
    kanaEquivalent: (a, b) => kanaEquivalent(calls, a, b),
    createWebhook: (webhook) => createWebhook(calls, webhook),
    listWebhooks: () => listWebhooks(calls),
    updateWebhook: (id, change) => updateWebhook(calls, id, change),
    deleteWebhook: (id) => deleteWebhook(calls, id),
    rotateWebhookSecret: (id, rotateOptions) => rotateWebhookSecret(calls, id, rotateOptions),
    webhookEvents: (id, options) => webhookEvents(calls, id, options),
  };
}
