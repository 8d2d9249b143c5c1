/** The console's store (operators, sessions, audit, usage, replicas) on SQLite and PostgreSQL. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AuditLog } from '../src/console/audit.js';
import { OperatorStore } from '../src/console/operators.js';
import { recentReplicas, ReplicaHeartbeat } from '../src/console/replicas.js';
import { IDLE_TIMEOUT_MS, SessionStore } from '../src/console/sessions.js';
import { UsageLog } from '../src/console/usage-log.js';
import { UsageRecorder } from '../src/console/usage-recorder.js';
import { onEachStore } from './support/store-suites.js';

onEachStore('console store', (s) => {
  it('adds operators with a scrypt hash, verifies, changes the password and removes them', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const operators = new OperatorStore(s.store!.db);
    await operators.add('alice', 'correct horse battery');
    const row = await s.store!.db.selectFrom('operators').selectAll().where('name', '=', 'alice').executeTakeFirstOrThrow();
    assert.match(row.password_hash, /^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    assert.equal(row.password_hash.includes('correct horse'), false);
    assert.equal(await operators.verify('alice', 'correct horse battery'), true);
    assert.equal(await operators.verify('alice', 'wrong password!'), false);
    assert.equal(await operators.verify('nobody', 'correct horse battery'), false);
    await assert.rejects(operators.add('alice', 'another password'), /operator "alice" already exists/);
    await assert.rejects(operators.add('Alice Smith', 'another password'), /operator name "Alice Smith" must match/);
    await assert.rejects(operators.add('bob', 'short'), /the password must have at least 10 characters/);
    const sessions = new SessionStore(s.store!.db);
    const { token } = await sessions.create('alice', '127.0.0.1');
    assert.equal(await operators.setPassword('alice', 'a new long password'), true);
    assert.equal(await sessions.find(token), undefined, 'a password change ends the sessions');
    assert.equal(await operators.verify('alice', 'a new long password'), true);
    assert.equal(await operators.setPassword('nobody', 'a new long password'), false);
    assert.deepEqual((await operators.list()).map((o) => o.name), ['alice']);
    assert.equal(await operators.remove('alice'), true);
    assert.equal(await operators.remove('alice'), false);
    assert.deepEqual(await operators.list(), []);
  });

  it('keeps sessions by the hash of their token and ends them after 30 idle minutes', async (t) => {
    if (s.skip) return t.skip(s.skip);
    let now = Date.parse('2026-11-24T10:00:00Z');
    const sessions = new SessionStore(s.store!.db, () => now);
    const { token, session } = await sessions.create('carol', '10.0.0.1');
    const row = await s.store!.db.selectFrom('operator_sessions').selectAll().where('operator', '=', 'carol').executeTakeFirstOrThrow();
    assert.notEqual(row.id_hash, token);
    assert.equal(row.id_hash.length, 64);
    assert.deepEqual(await sessions.find(token), session);
    now += IDLE_TIMEOUT_MS - 1000;
    assert.equal((await sessions.find(token))?.operator, 'carol', 'a request within the idle time keeps it alive');
    now += IDLE_TIMEOUT_MS - 1000;
    assert.equal((await sessions.find(token))?.operator, 'carol');
    now += IDLE_TIMEOUT_MS + 1;
    assert.equal(await sessions.find(token), undefined);
    const second = await sessions.create('carol', '10.0.0.1');
    await sessions.destroy(second.token);
    assert.equal(await sessions.find(second.token), undefined);
    assert.equal(await sessions.find('not a token'), undefined);
  });

  it('records and lists the audit log newest first', async (t) => {
    if (s.skip) return t.skip(s.skip);
    let now = Date.parse('2026-11-24T10:00:00Z');
    const audit = new AuditLog(s.store!.db, () => new Date(now));
    await audit.record({ operator: 'alice', action: 'key.create', target: 'key_1', detail: { plan: 'free' }, ip: '10.0.0.1' });
    now += 1000;
    await audit.record({ operator: 'bob', action: 'maintenance.on', target: '', detail: {}, ip: 'cli' });
    assert.deepEqual(await audit.list(), [
      { at: '2026-11-24T10:00:01.000Z', operator: 'bob', action: 'maintenance.on', target: '', detail: {}, ip: 'cli' },
      { at: '2026-11-24T10:00:00.000Z', operator: 'alice', action: 'key.create', target: 'key_1', detail: { plan: 'free' }, ip: '10.0.0.1' },
    ]);
    assert.deepEqual((await audit.list({ operator: 'alice' })).map((e) => e.action), ['key.create']);
  });

  it('adds usage counts of several replicas, splits them by API and outcome, and prunes old rows', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const now = Date.parse('2026-11-24T10:00:30Z');
    const log = new UsageLog(s.store!.db);
    const a = new UsageRecorder(log, (err) => assert.fail(String(err)), () => now, 60_000);
    const b = new UsageRecorder(log, (err) => assert.fail(String(err)), () => now, 60_000);
    a.count('/v3/banks/0001', 200, 'key_a');
    a.count('/v3/banks/0001', 200, 'key_a');
    a.count('/history/v1/changes', 429, 'key_a');
    a.count('/healthz', 200, undefined);
    b.count('/v1/banks', 401, undefined);
    b.count('/v2/banks/0001', 200, 'key_a');
    await a.close();
    await b.close();
    assert.deepEqual(await log.daily('2026-11-24'), [
      { at: '2026-11-24', keyId: '-', api: 'search', outcome: '4xx', count: 1 },
      { at: '2026-11-24', keyId: 'key_a', api: 'history', outcome: '429', count: 1 },
      { at: '2026-11-24', keyId: 'key_a', api: 'search', outcome: '2xx', count: 3 },
    ]);
    assert.deepEqual(await log.minutes('2026-11-24T10:00', 'key_a'), [
      { at: '2026-11-24T10:00', keyId: 'key_a', api: 'history', outcome: '429', count: 1 },
      { at: '2026-11-24T10:00', keyId: 'key_a', api: 'search', outcome: '2xx', count: 3 },
    ]);
    assert.deepEqual([...(await log.perKeyOn('2026-11-24'))].sort(), [['-', 1], ['key_a', 4]]);
    await log.add([{ at: '2025-10-01', keyId: 'key_a', api: 'search', outcome: '2xx', count: 7 }], []);
    // 400 days before 2026-11-24 (JST) is 2025-10-20: older daily rows go, minute rows older than two hours go.
    await new UsageRecorder(log, undefined, () => Date.parse('2026-11-24T12:30:00Z')).close();
    const late = new UsageRecorder(log, undefined, () => Date.parse('2026-11-24T12:30:00Z'));
    await late.prune();
    await late.close();
    assert.deepEqual(await log.daily('2025-01-01', 'key_a').then((rows) => rows.map((r) => r.at)), ['2026-11-24', '2026-11-24']);
    assert.deepEqual(await log.minutes('2026-01-01'), []);
  });

  it('puts each request in its own minute and JST day, across a minute that ends between two flushes and across JST midnight', async (t) => {
    if (s.skip) return t.skip(s.skip);
    let now = Date.parse('2026-11-24T14:58:59.500Z'); // 23:58:59.5 JST
    const log = new UsageLog(s.store!.db);
    const recorder = new UsageRecorder(log, (err) => assert.fail(String(err)), () => now, 3_600_000);
    recorder.count('/v3/banks/0001', 200, 'key_m');
    now += 1_000; // 23:59:00.5 JST: the next minute
    recorder.count('/v3/banks/0001', 200, 'key_m');
    recorder.count('/resolve/v1/bank-branch', 500, 'key_m');
    now += 60_000; // 00:00:00.5 JST on the 25th
    recorder.count('/v3/banks/0001', 200, 'key_m');
    await recorder.close();
    assert.deepEqual(await log.minutes('2026-11-24T14:00', 'key_m'), [
      { at: '2026-11-24T14:58', keyId: 'key_m', api: 'search', outcome: '2xx', count: 1 },
      { at: '2026-11-24T14:59', keyId: 'key_m', api: 'resolve', outcome: '5xx', count: 1 },
      { at: '2026-11-24T14:59', keyId: 'key_m', api: 'search', outcome: '2xx', count: 1 },
      { at: '2026-11-24T15:00', keyId: 'key_m', api: 'search', outcome: '2xx', count: 1 },
    ]);
    assert.deepEqual(await log.daily('2026-11-24', 'key_m'), [
      { at: '2026-11-24', keyId: 'key_m', api: 'resolve', outcome: '5xx', count: 1 },
      { at: '2026-11-24', keyId: 'key_m', api: 'search', outcome: '2xx', count: 2 },
      { at: '2026-11-25', keyId: 'key_m', api: 'search', outcome: '2xx', count: 1 },
    ]);
  });

  it('lists replicas seen in the last two minutes', async (t) => {
    if (s.skip) return t.skip(s.skip);
    let now = Date.parse('2026-11-24T10:00:00Z');
    const one = new ReplicaHeartbeat(s.store!.db, '0.1.0', () => now);
    const two = new ReplicaHeartbeat(s.store!.db, '0.1.0', () => now);
    await one.beat();
    await two.beat();
    now += 90_000;
    await two.beat();
    assert.deepEqual((await recentReplicas(s.store!.db, now)).map((r) => r.id), [two.id, one.id]);
    now += 60_000;
    assert.deepEqual((await recentReplicas(s.store!.db, now)).map((r) => r.id), [two.id]);
    await two.stop();
    assert.deepEqual(await recentReplicas(s.store!.db, now), []);
  });
});
