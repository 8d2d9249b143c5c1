/**
 * The same calls spelled right: this file must compile without a single error
 * (test/client.types.test.ts), so that the errors of misspelled.ts are the misspellings'.
 */
import { createGinkoClient } from '../src/index.js';

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
}
