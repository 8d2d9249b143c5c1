/** The client address behind trusted proxies (src/access/trusted-proxies.ts), as `--trust-proxy` decides it. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientAddressOf, LOOPBACK_PROXIES, parseTrustedProxies, trustedProxies } from '../src/access/trusted-proxies.js';

describe('trusted proxies', () => {
  const proxies = parseTrustedProxies('10.0.0.0/8, 127.0.0.1,2001:db8::/32');

  it('parses a list of addresses and CIDR blocks', () => {
    assert.deepEqual(proxies.rules, ['10.0.0.0/8', '127.0.0.1', '2001:db8::/32']);
    assert.deepEqual(
      ['10.1.2.3', '127.0.0.1', '127.0.0.2', '::ffff:10.9.9.9', '2001:db8::7', '203.0.113.5', 'garbage'].map((a) => proxies.trusts(a)),
      [true, true, false, true, true, false, false],
    );
  });

  it('refuses an empty list or an entry that is not an address, naming it', () => {
    assert.throws(() => parseTrustedProxies(' , '), { message: 'expected a comma-separated list of proxy addresses or CIDR blocks, e.g. 10.0.0.0/8,127.0.0.1' });
    assert.throws(() => parseTrustedProxies('10.0.0.0/8,nginx'), { message: '"nginx" is not an IPv4 or IPv6 address or CIDR block, e.g. 10.0.0.0/8 or 127.0.0.1' });
    assert.throws(() => parseTrustedProxies('10.0.0.0/33'), { message: '"10.0.0.0/33" is not an IPv4 or IPv6 address or CIDR block, e.g. 10.0.0.0/8 or 127.0.0.1' });
  });

  it('takes the right-most address that is not a trusted proxy', () => {
    // nginx appends the address it saw: whatever the client wrote stays on the left.
    assert.equal(clientAddressOf('10.0.0.2', '203.0.113.5, 198.51.100.7', proxies), '198.51.100.7');
    assert.equal(clientAddressOf('10.0.0.2', '198.51.100.7, 10.0.0.3', proxies), '198.51.100.7', 'past a second trusted proxy');
    assert.equal(clientAddressOf('10.0.0.2', ['203.0.113.5', '198.51.100.7, 10.0.0.3'], proxies), '198.51.100.7', 'over repeated headers');
    assert.equal(clientAddressOf('127.0.0.1', '198.51.100.7', proxies), '198.51.100.7');
    assert.equal(clientAddressOf('10.0.0.2', '2001:db8::9, 2400:cb00::1', proxies), '2400:cb00::1');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    assert.equal(clientAddressOf('198.51.100.7', '203.0.113.5', proxies), '198.51.100.7');
    assert.equal(clientAddressOf('198.51.100.7', '203.0.113.5', undefined), '198.51.100.7', 'no --trust-proxy: always the peer');
    assert.equal(clientAddressOf('127.0.0.1', '203.0.113.5', undefined), '127.0.0.1');
  });

  it('stops at the last trusted hop when all are trusted or the next entry is not an address', () => {
    assert.equal(clientAddressOf('10.0.0.2', '10.0.0.9, 10.0.0.3', proxies), '10.0.0.9');
    assert.equal(clientAddressOf('10.0.0.2', 'unknown, 10.0.0.3', proxies), '10.0.0.3');
    assert.equal(clientAddressOf('10.0.0.2', 'not an address', proxies), '10.0.0.2');
    assert.equal(clientAddressOf('10.0.0.2', '', proxies), '10.0.0.2');
    assert.equal(clientAddressOf('10.0.0.2', undefined, proxies), '10.0.0.2');
    assert.equal(clientAddressOf(undefined, '203.0.113.5', proxies), undefined);
  });

  it('reads addresses with ports and bracketed IPv6 as some proxies write them', () => {
    assert.equal(clientAddressOf('10.0.0.2', '198.51.100.7:51234', proxies), '198.51.100.7');
    assert.equal(clientAddressOf('10.0.0.2', '[2400:cb00::1]:443', proxies), '2400:cb00::1');
    assert.equal(clientAddressOf('10.0.0.2', '::ffff:198.51.100.7', proxies), '198.51.100.7');
  });

  it('trusts only the loopback by default', () => {
    const loopback = trustedProxies(LOOPBACK_PROXIES);
    assert.equal(clientAddressOf('127.0.0.1', '198.51.100.7', loopback), '198.51.100.7');
    assert.equal(clientAddressOf('::1', '198.51.100.7', loopback), '198.51.100.7');
    assert.equal(clientAddressOf('::ffff:127.0.0.1', '198.51.100.7', loopback), '198.51.100.7');
    assert.equal(clientAddressOf('10.0.0.2', '198.51.100.7', loopback), '10.0.0.2', 'a proxy elsewhere must be named');
  });
});
