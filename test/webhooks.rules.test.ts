/**
 * The pure rules of webhooks (src/webhooks): which addresses a delivery may reach, the retry
 * schedule, the signature (checked with @ginko/client's verifyWebhookSignature, as a receiver
 * would), and what a webhook's codes watch on the real lineage.
 */
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { verifyWebhookSignature } from '../clients/typescript/src/index.js';
import { LINEAGE } from '../src/lineage/served.js';
import { addressKind, checkReceiverUrl, refusedAddress } from '../src/webhooks/address-rules.js';
import { lineageForChange } from '../src/webhooks/events.js';
import { nextAttemptAt, outcomeOf, retryDelayMs } from '../src/webhooks/retry-schedule.js';
import { newWebhookSecret, signatureHeader } from '../src/webhooks/signature.js';
import { distinctCodes, touches, unknownCodes, watchSetOf } from '../src/webhooks/watched-codes.js';
import { bundledSnapshot } from './support/app.js';

describe('address rules', () => {
  it('name every special block, IPv4 and IPv6, and leave ordinary addresses alone', () => {
    const kinds: [string, string | undefined][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['::1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.10.20', 'private'],
      ['fd12:3456::1', 'private'],
      ['fc00::1', 'private'],
      ['169.254.1.1', 'link-local'],
      ['fe80::1', 'link-local'],
      ['100.64.0.1', 'shared'],
      ['100.127.255.255', 'shared'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['224.0.0.251', 'multicast'],
      ['ff02::1', 'multicast'],
      ['192.0.2.10', 'documentation'],
      ['2001:db8::1', 'documentation'],
      ['240.0.0.1', 'reserved'],
      ['255.255.255.255', 'reserved'],
      ['169.254.169.254', 'metadata'],
      ['fd00:ec2::254', 'metadata'],
      ['fd00:0ec2:0:0:0:0:0:254', 'metadata'],
      ['100.100.100.200', 'metadata'],
      // IPv6 forms that carry an IPv4 address routers act on.
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:a9fe:a9fe', 'metadata'],
      ['64:ff9b::10.0.0.1', 'private'],
      ['2002:c0a8:0101::1', 'private'],
      ['::127.0.0.1', 'loopback'],
      // Ordinary addresses.
      ['8.8.8.8', undefined],
      ['172.32.0.1', undefined],
      ['100.128.0.1', undefined],
      ['2001:4860:4860::8888', undefined],
      ['::ffff:8.8.8.8', undefined],
      ['example.jp', undefined],
    ];
    for (const [ip, kind] of kinds) assert.equal(addressKind(ip), kind, ip);
  });

  it('allow the private kinds with --webhook-allow-private, never the metadata addresses', () => {
    for (const ip of ['127.0.0.1', '::1', '10.0.0.1', '192.168.1.1', 'fd12::1', '169.254.1.1', '100.64.0.1']) {
      assert.notEqual(refusedAddress(ip, false), undefined, ip);
      assert.equal(refusedAddress(ip, true), undefined, ip);
    }
    for (const ip of ['169.254.169.254', 'fd00:ec2::254', '::ffff:169.254.169.254', '0.0.0.0', '224.0.0.1', '192.0.2.1']) assert.notEqual(refusedAddress(ip, true), undefined, ip);
  });

  it('check a URL without DNS: scheme, credentials, fragment, literal addresses in any spelling', () => {
    const refused = (url: string, allowPrivate = false) => {
      const check = checkReceiverUrl(url, allowPrivate);
      return check.ok ? 'ok' : check.message;
    };
    assert.equal(refused('https://erp.example.co.jp/hooks'), 'ok');
    assert.equal(refused('http://erp.example.co.jp/hooks'), 'url must be an https:// URL; a server started with --webhook-allow-private also allows http://');
    assert.equal(refused('http://127.0.0.1:8080/hooks', true), 'ok');
    assert.equal(refused('ftp://example.jp/', true), 'url must be an https:// or http:// URL');
    assert.equal(refused('not a url'), 'url must be an absolute https:// URL');
    assert.equal(refused('https://user:pw@example.jp/'), 'url must not carry a user name or password: authenticate deliveries by their signature');
    assert.equal(refused('https://example.jp/#x'), 'url must not have a #fragment');
    assert.equal(refused('https://127.0.0.1/'), 'url: 127.0.0.1 is a loopback address, where webhooks are not delivered; a server started with --webhook-allow-private allows it');
    // Decimal, hexadecimal and short forms are IPv4 addresses to the URL parser, and so here.
    assert.equal(refused('https://2130706433/'), refused('https://127.0.0.1/'));
    assert.equal(refused('https://0x7f.1/'), refused('https://127.0.0.1/'));
    assert.equal(refused('https://[::1]:8443/'), 'url: ::1 is a loopback address, where webhooks are not delivered; a server started with --webhook-allow-private allows it');
    assert.equal(refused('https://[::ffff:127.0.0.1]/'), 'url: ::ffff:7f00:1 is a loopback address, where webhooks are not delivered; a server started with --webhook-allow-private allows it');
    assert.equal(refused('https://169.254.169.254/latest/meta-data/', true), 'url: 169.254.169.254 is a cloud metadata address, where webhooks are not delivered');
    assert.equal(refused('https://10.0.0.8/'), 'url: 10.0.0.8 is a private address, where webhooks are not delivered; a server started with --webhook-allow-private allows it');
  });
});

describe('retry schedule', () => {
  it('doubles from 5 s, at most an hour, stretched by up to a fifth', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 10, 11, 12, 50].map((n) => retryDelayMs(n, 0)), [5_000, 10_000, 20_000, 40_000, 80_000, 2_560_000, 3_600_000, 3_600_000, 3_600_000]);
    assert.deepEqual([1, 2, 12].map((n) => retryDelayMs(n, 0.5)), [5_500, 11_000, 3_960_000]);
    assert.equal(retryDelayMs(1, 0.9999), 6_000);
  });

  it('gives an event up once the next attempt would come after its 3 days', () => {
    const start = Date.parse('2026-09-01T00:00:00Z');
    const giveUpAt = start + 3 * 86_400_000;
    let now = start;
    let attempts = 0;
    for (;;) {
      attempts++;
      const next = nextAttemptAt(attempts, now, giveUpAt, 0);
      if (next === undefined) break;
      now = next;
    }
    // 5 s … 2,560 s after the first 10 (5,115 s in all), then hourly: the 81st is the last within 72 h.
    assert.equal(attempts, 81);
    assert.ok(now <= giveUpAt && now + 3_600_000 > giveUpAt);
  });

  it('reads 2xx as delivered, 410 as gone and anything else, no answer included, as a retry', () => {
    assert.deepEqual([200, 201, 204, 299, 410, 300, 302, 400, 404, 429, 500, 503, undefined].map(outcomeOf), ['delivered', 'delivered', 'delivered', 'delivered', 'gone', 'retry', 'retry', 'retry', 'retry', 'retry', 'retry', 'retry', 'retry']);
  });
});

describe('signature', () => {
  it('is the HMAC-SHA256 of "<t>.<body>" keyed with the secret, in the header @ginko/client verifies', async () => {
    const secret = newWebhookSecret();
    assert.match(secret, /^whsec_[A-Za-z0-9_-]{32}$/);
    const body = '{"id":"evt_000000000000000000000000","type":"ping","created_at":"2026-09-01T09:00:00+09:00","webhook":{"id":"wh_0000000000000000"}}';
    const t = 1_788_220_800;
    const header = signatureHeader([secret], body, t);
    assert.equal(header, `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
    assert.deepEqual(await verifyWebhookSignature({ body, signature: header, secret, now: t * 1000 }), { timestamp: t });
    await assert.rejects(verifyWebhookSignature({ body: body.replace('ping', 'pong'), signature: header, secret, now: t * 1000 }), { reason: 'mismatch' });
    await assert.rejects(verifyWebhookSignature({ body, signature: header, secret, now: (t + 301) * 1000 }), { reason: 'stale' });
  });

  it('signs UTF-8 bodies byte for byte', async () => {
    const body = '{"change":{"bank":{"name":"三菱ＵＦＪ銀行"}}}';
    const header = signatureHeader(['whsec_秘密'], body, 1);
    assert.deepEqual(await verifyWebhookSignature({ body: Buffer.from(body, 'utf8'), signature: header, secret: 'whsec_秘密', now: 1000 }), { timestamp: 1 });
  });

  it('carries a v1 per secret while a rotated one still signs, each verifying alone', async () => {
    const body = '{"id":"evt_000000000000000000000001","type":"ping"}';
    const [current, previous] = ['whsec_current', 'whsec_previous'];
    const header = signatureHeader([current, previous], body, 1_788_220_800);
    const mac = (secret: string) => createHmac('sha256', secret).update(`1788220800.${body}`).digest('hex');
    assert.equal(header, `t=1788220800,v1=${mac(current)},v1=${mac(previous)}`);
    for (const secret of [current, previous]) assert.deepEqual(await verifyWebhookSignature({ body, signature: header, secret, now: 1_788_220_800_000 }), { timestamp: 1_788_220_800 });
    await assert.rejects(verifyWebhookSignature({ body, signature: header, secret: 'whsec_other', now: 1_788_220_800_000 }), { reason: 'mismatch' });
  });
});

describe("docs/webhooks.md's verify() in a few lines of Node", () => {
  const source = /```js\n(import [^\n]+\n\n)(function verify[\s\S]+?\n})\n```/.exec(readFileSync('docs/webhooks.md', 'utf8'));
  // The function as the page shows it, given what its import line imports.
  const verify = new Function('createHmac', 'timingSafeEqual', `${source![2]}\nreturn verify;`)(createHmac, timingSafeEqual) as (rawBody: string, header: string, secret: string) => boolean;
  const body = '{"id":"evt_000000000000000000000001","type":"ping"}';
  const now = Math.floor(Date.now() / 1000);

  it('imports what it uses', () => {
    assert.equal(source![1], "import { createHmac, timingSafeEqual } from 'node:crypto';\n\n");
  });

  it('accepts a delivery signed with the secret, with either of two while a secret is rotated', () => {
    assert.equal(verify(body, signatureHeader(['whsec_a'], body, now), 'whsec_a'), true);
    const rotating = signatureHeader(['whsec_new', 'whsec_old'], body, now);
    assert.deepEqual(['whsec_new', 'whsec_old', 'whsec_other'].map((secret) => verify(body, rotating, secret)), [true, true, false]);
  });

  it('refuses another body, a stale timestamp and a malformed header', () => {
    assert.equal(verify(body.replace('ping', 'pong'), signatureHeader(['whsec_a'], body, now), 'whsec_a'), false);
    assert.equal(verify(body, signatureHeader(['whsec_a'], body, now - 301), 'whsec_a'), false);
    for (const header of ['', 'v1=00', `t=${now}`, `t=${now},v1=zz`]) assert.equal(verify(body, header, 'whsec_a'), false, header);
  });
});

describe('watched codes on the real lineage', () => {
  const lineage = bundledSnapshot().derive(LINEAGE);
  const change = (bank: string, branch: string | null) => ({ bank: { code: bank }, branch: { code: branch } });

  it('follow a merged institution to the one that took it, watched whole', () => {
    const watch = watchSetOf(['0537'], lineage);
    assert.deepEqual([[...watch.banks], [...watch.branches], [...watch.bankRecords]], [['0537', '0147'], [], []]);
    assert.ok(touches(watch, change('0147', '110')) && touches(watch, change('0147', null)) && touches(watch, change('0537', '110')));
    assert.ok(!touches(watch, change('0148', null)));
  });

  it('follow a branch to its successor branch, or to the institution where only it is known', () => {
    assert.deepEqual([...watchSetOf(['0537-110'], lineage).branches], ['0537-110', '0147-110']);
    assert.deepEqual([...watchSetOf(['0120-121'], lineage).branches], ['0120-121', '0120-254']);
    const onlyBank = watchSetOf(['0533-101'], lineage);
    assert.deepEqual([[...onlyBank.branches], [...onlyBank.bankRecords]], [['0533-101'], ['0533', '0143']]);
    assert.ok(touches(onlyBank, change('0143', null)), "the successor institution's own record");
    assert.ok(!touches(onlyBank, change('0143', '101')), 'not its branches');
  });

  it("watch a branch with its institution's record, and nothing else of the institution", () => {
    const watch = watchSetOf(['0005-135'], lineage);
    assert.ok(touches(watch, change('0005', '135')) && touches(watch, change('0005', null)));
    assert.ok(!touches(watch, change('0005', '136')));
  });

  it('know the codes some version listed, and each code once', () => {
    assert.deepEqual(unknownCodes(['0537', '0005-135', '9999', '0005-999', '0533-101'], lineage), ['9999', '0005-999']);
    assert.deepEqual(distinctCodes(['0005', '0001', '0005']), ['0005', '0001']);
  });

  it('give a change the lineage of its code when it merged, changed code or closed', () => {
    assert.equal(lineageForChange(lineage, change('0537', '110'))?.status, 'merged');
    assert.equal(lineageForChange(lineage, change('0120', '121'))?.status, 'code_changed');
    assert.equal(lineageForChange(lineage, change('0005', '569'))?.status, 'closed');
    assert.equal(lineageForChange(lineage, change('0038', null)), null, 'renamed');
    assert.equal(lineageForChange(lineage, change('0005', '135')), null, 'active');
  });
});
