/**
 * Calls with a misspelled name: each line marked `// expect-error: NAME` must fail to compile
 * with an error naming NAME, and no other line may fail (test/client.types.test.ts).
 */
import { createGinkoClient } from '../src/index.js';

const ginko = createGinkoClient({ baseUrl: 'https://localhost:8443', apiKey: 'gk_example' });

export async function misspelled(): Promise<void> {
  await ginko.GET('/v3/banks', { params: { query: { limt: 100 } } }); // expect-error: limt
  // Beside a correct name too, which openapi-fetch's own GET lets through.
  await ginko.GET('/v3/banks', { params: { query: { fields: 'code', sortt: 'code' } } }); // expect-error: sortt
  await ginko.GET('/v3/banks/{code}', { params: { path: { cod: '0001' } } }); // expect-error: cod
  await ginko.GET('/history/v1/changes', { params: { query: { bank_code: '0010', chnage_type: 'added' } } }); // expect-error: chnage_type
  await ginko.POST('/resolve/v1/bank-branch', { body: { bank_name: 'みずほ', branch_nam: '東京' } }); // expect-error: branch_nam
  for await (const bank of ginko.paginate('/v3/banks', { limit: 100, filtr: 'code==0001' })) void bank; // expect-error: filtr
  await ginko.resolve({ bank_name: 'みずほ', branch_name: '東京', contxt: 'payment' }); // expect-error: contxt
  await ginko.yuchoAccount({ symbol: '14030', numbr: '12345671' }); // expect-error: numbr
  await ginko.GET('/v3/bankz'); // expect-error: /v3/bankz
}
