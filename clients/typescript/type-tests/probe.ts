import { createGinkoClient } from '../src/index.js';
const c = createGinkoClient({ baseUrl: 'https://x', apiKey: 'k' });
export async function f() {
  await c.GET('/v3/banks', { params: { query: { limt: 100, fields: 'code' } } });
  await c.GET('/v3/banks/{code}', { params: { path: { cod: '0001' } } });
  await c.GET('/v3/banks/{code}');
  const ok = await c.GET('/v3/banks/{code}', { params: { path: { code: '0001' } } });
  const n: number = ok.data!.name;
  await c.GET('/v3/version');
  for await (const b of c.paginate('/v3/banks', { limit: 100 })) { const x: number = b.code; }
  for await (const b of c.paginate('/v3/banks/{bankCode}/branches', { limit: 100 })) { b; }
  for await (const b of c.paginate('/v3/banks/{bankCode}/branches', { limit: 100 }, { bankCode: '0001' })) { const y: number = b.name; }
  for await (const u of c.paginate('/history/v1/changes', { limit: 100, bank_code: '0001' })) { const z: number = u.change_id; }
  c.paginate('/v3/version');
  await c.POST('/resolve/v1/bank-branch', { body: { bank_name: 'a', branch_nam: 'b' } });
  const r = await c.resolve({ bank_name: 'a', branch_name: 'b', contxt: 'x' });
}
