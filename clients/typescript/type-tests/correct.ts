/**
 * The same calls spelled right: this file must compile without a single error
 * (test/client.types.test.ts), so that the errors of misspelled.ts are the misspellings'.
 */
import { createGinkoClient, orThrow } from '../src/index.js';

const ginko = createGinkoClient({ baseUrl: 'https://localhost:8443', apiKey: 'gk_example' });

export async function correct(): Promise<void> {
  await ginko.GET('/v3/banks', { params: { query: { limit: 100 } } });
  await ginko.GET('/v3/banks', { params: { query: { fields: 'code', sort: 'code' } } });
  await ginko.GET('/v3/banks/{code}', { params: { path: { code: '0001' } } });
  await ginko.GET('/history/v1/changes', { params: { query: { bank_code: '0010', change_type: 'added' } } });
  await ginko.POST('/resolve/v1/bank-branch', { body: { bank_name: 'みずほ', branch_name: '東京' } });
  for await (const bank of ginko.paginate('/v3/banks', { limit: 100, filter: 'code==0001' })) void bank;
  await ginko.resolve({ bank_name: 'みずほ', branch_name: '東京', context: 'payment' });
  await ginko.yuchoAccount({ symbol: '14030', number: '12345671' });
  await ginko.GET('/v3/banks');
  // As the README shows them.
  await ginko.validateAccounts([{ id: 'p1', bank_code: '0537', branch_code: '110', bank_name: '福邦銀行', branch_name: '春江中央' }, { id: 'p2', bank_code: '9900', symbol: '14030', number: '12345671', holder_kana: 'ﾔﾏﾀﾞ ﾀﾛｳ' }]);
  const { webhook } = await ginko.createWebhook({ url: 'https://erp.example.co.jp/hooks/ginko', codes: ['0537', '0005-135'] });
  await ginko.updateWebhook(webhook.id, { codes: ['0537', '0005'] });
  await ginko.updateWebhook(webhook.id, { enabled: true });
  await orThrow(ginko.GET('/watch/v1/webhooks/{id}', { params: { path: { id: webhook.id } } }));
  await orThrow(ginko.GET('/watch/v1/webhooks/{id}/deliveries', { params: { path: { id: webhook.id }, query: { limit: 20 } } }));
  await orThrow(ginko.POST('/watch/v1/webhooks/{id}/test', { params: { path: { id: webhook.id } } }));
}
