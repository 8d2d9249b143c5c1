/**
 * The console's two in-memory limiters past their tables' size: a flood of new names and
 * addresses neither frees those already limited nor escapes the limit itself
 * (docs/console.md#sign-in-limit, docs/console.md#request-limit).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONSOLE_LIMIT_ADDRESSES, CONSOLE_REQUESTS_PER_MINUTE, ConsoleRequestLimit } from '../src/console/request-limit.js';
import { DEFAULT_SIGNIN_LIMIT, type SigninAdmission, SigninLimiter } from '../src/console/signin-limiter.js';

const admitted = (a: SigninAdmission) => 'attempt' in a;

describe('the sign-in limiter past 10,000 names and addresses', () => {
  const { maxEntries, maxFailures, windowMs } = DEFAULT_SIGNIN_LIMIT;

  it('keeps refusing a limited address while a flood fills the table, and counts newcomers together past it', () => {
    let now = 1_000_000;
    const limiter = new SigninLimiter(DEFAULT_SIGNIN_LIMIT, () => now);
    for (let i = 0; i < maxFailures; i++) assert.ok(admitted(limiter.admit(`name${i}`, '198.51.100.1')));
    assert.deepEqual(limiter.admit('other', '198.51.100.1'), { retryAfterSeconds: windowMs / 1000 });
    // Each failed attempt holds a name and an address: this fills the table and goes past it.
    const flood = maxEntries / 2 + 100;
    let floodAdmitted = 0;
    for (let i = 0; i < flood; i++) if (admitted(limiter.admit(`flood${i}`, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`))) floodAdmitted++;
    assert.deepEqual(limiter.admit('other', '198.51.100.1'), { retryAfterSeconds: windowMs / 1000 }, 'the limited address is still limited');
    // The first attempts hold 5 names and 1 address; the flood's attempts fill the rest of the
    // table two entries at a time, then share one overflow window of maxFailures.
    const inTable = Math.floor((maxEntries - (maxFailures + 1)) / 2);
    assert.equal(floodAdmitted, inTable + maxFailures);
    assert.deepEqual(limiter.admit('newcomer', '192.0.2.1'), { retryAfterSeconds: windowMs / 1000 }, 'a newcomer past the table is refused');
    // When the windows end, the table has room again.
    now += windowMs;
    assert.ok(admitted(limiter.admit('newcomer', '192.0.2.1')));
    assert.ok(admitted(limiter.admit('other', '198.51.100.1')));
  });

  it('stores nothing for a refused attempt, so refusals cannot fill the table', () => {
    const limiter = new SigninLimiter({ maxFailures: 1, windowMs: 60_000, maxEntries: 4 }, () => 0);
    assert.ok(admitted(limiter.admit('a', '192.0.2.1')));
    for (let i = 0; i < 100; i++) assert.equal(admitted(limiter.admit(`n${i}`, '192.0.2.1')), false);
    assert.ok(admitted(limiter.admit('b', '192.0.2.2')), 'the table still has room for a name and an address');
  });
});

describe('the console request limit past 10,000 addresses', () => {
  it('limits addresses beyond the table together instead of letting them through', () => {
    let now = 60_000;
    const limit = new ConsoleRequestLimit(CONSOLE_REQUESTS_PER_MINUTE, () => now);
    for (let i = 0; i < CONSOLE_LIMIT_ADDRESSES; i++) assert.equal(limit.take(`10.0.${i >> 8}.${i & 255}`), 0);
    const late: number[] = [];
    for (let i = 0; i <= CONSOLE_REQUESTS_PER_MINUTE; i++) late.push(limit.take(`192.0.2.${i % 200}`));
    assert.deepEqual(late.slice(0, CONSOLE_REQUESTS_PER_MINUTE), Array(CONSOLE_REQUESTS_PER_MINUTE).fill(0));
    assert.equal(late[CONSOLE_REQUESTS_PER_MINUTE], 60, 'the 301st request of the newcomers is refused until the minute ends');
    assert.equal(limit.take('10.0.0.1'), 0, 'an address in the table keeps its own count');
    now += 60_000;
    assert.equal(limit.take('192.0.2.1'), 0, 'a new minute starts a new table');
  });
});
