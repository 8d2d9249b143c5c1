/** The Host header check of the edge (src/http/edge/host-header.ts). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { hasDuplicateHost, validHostHeader } from '../src/http/edge/host-header.js';

const VALID = ['localhost', 'localhost:8443', 'api.example.jp', 'api.example.jp.', '127.0.0.1:443', '[::1]:8443', 'a-b.c0'];
const INVALID = ['evil.example/x', 'user@host', 'a b', 'a,b', '-a.example', `${'a'.repeat(64)}.example`, 'host:123456', `${'a.'.repeat(128)}jp`];

it('takes host names, addresses and ports, and refuses anything else', () => {
  for (const host of VALID) assert.equal(validHostHeader(host), true, host);
  for (const host of INVALID) assert.equal(validHostHeader(host), false, host);
  assert.equal(validHostHeader(undefined), true);
  assert.equal(validHostHeader(''), true);
});

it('refuses an invalid Host right after a valid one, and takes the valid one again', () => {
  // The last valid Host is remembered (host-header.ts): only that value may skip the pattern.
  for (const host of INVALID) {
    assert.equal(validHostHeader('api.example.jp'), true);
    assert.equal(validHostHeader(host), false, host);
    assert.equal(validHostHeader('api.example.jp'), true);
  }
});

it('finds a second Host in the raw headers, whatever its case', () => {
  assert.equal(hasDuplicateHost(['Host', 'a', 'Date', 'x']), false);
  assert.equal(hasDuplicateHost(['Host', 'a', 'hOST', 'b']), true);
});
