/**
 * The log's two parts below the server (docs/operations.md#how-the-log-is-written): the sink
 * that copies lines into chunks and writes them to a descriptor within a bound, and the response
 * line written by hand, which must be the line pino writes for the same fields.
 */
import assert from 'node:assert/strict';
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { type AnsweredRequest, ResponseLog } from '../src/http/edge/response-log.js';
import { FLUSH_DELAY_MS, LogSink } from '../src/logging/log-sink.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-log-sink-');

function fileSink(maxBytes?: number): { sink: LogSink; file: string } {
  const file = join(tempDir(), 'log');
  const fd = openSync(file, 'w');
  return { sink: new LogSink({ fd, ...(maxBytes === undefined ? {} : { maxBytes }) }), file };
}

describe('LogSink', () => {
  it('writes every line in order, across chunks and with lines longer than a chunk, by the time close resolves', async () => {
    const { sink, file } = fileSink();
    const lines: string[] = [];
    for (let i = 0; i < 5_000; i++) lines.push(`{"n":${i},"text":"東京営業部 ${'x'.repeat(i % 97)}"}\n`);
    lines.splice(2_500, 0, `{"long":"${'長'.repeat(70_000)}"}\n`);
    for (const line of lines) assert.equal(sink.write(line), true);
    await sink.close();
    assert.equal(readFileSync(file, 'utf8'), lines.join(''));
    assert.equal(sink.dropped, 0);
  });

  it('writes a quiet server line within the flush delay, without waiting for a chunk to fill', async () => {
    const { sink, file } = fileSink();
    sink.write('{"msg":"one"}\n');
    assert.equal(readFileSync(file, 'utf8'), '');
    await sleep(FLUSH_DELAY_MS + 40);
    assert.equal(readFileSync(file, 'utf8'), '{"msg":"one"}\n');
    await sink.close();
  });

  it('drops and counts lines past its bound, and every line after close', async () => {
    const { sink, file } = fileSink(1_000);
    const line = `{"msg":"${'a'.repeat(89)}"}\n`; // 100 bytes, counted as up to 300 before copying
    let taken = 0;
    for (let i = 0; i < 10; i++) if (sink.write(line)) taken++;
    // Room is checked for 3 bytes a character: 1,000 bytes take lines while 300 more fit.
    assert.equal(taken, 8);
    assert.equal(sink.dropped, 2);
    await sink.close();
    assert.equal(sink.write(line), false);
    assert.equal(sink.dropped, 3);
    assert.equal(readFileSync(file, 'utf8'), line.repeat(8));
  });

  it('takes lines that write themselves into it, between text lines, within the room they ask for', async () => {
    const { sink, file } = fileSink(1_000);
    const line = { fill: (bytes: Buffer, at: number) => at + bytes.write(`{"msg":"${'b'.repeat(89)}"}\n`, at, 'latin1') }; // 100 bytes
    assert.equal(sink.write('{"msg":"東京"}\n'), true);
    let taken = 0;
    for (let i = 0; i < 12; i++) if (sink.writeBytes(100, line)) taken++;
    // 1,000 bytes less the 17 of the first line: nine lines of 100.
    assert.equal(taken, 9);
    assert.equal(sink.dropped, 3);
    await sink.close();
    assert.equal(readFileSync(file, 'utf8'), '{"msg":"東京"}\n' + `{"msg":"${'b'.repeat(89)}"}\n`.repeat(9));
  });

  it('fills the chunks it wrote again when several wait at once, instead of making new ones', async (t) => {
    // Three chunks' worth at once: one is written while two wait, as when writes end late under
    // load. Each new chunk is memory outside the heap that, dropped, waits for a full collection.
    const { sink, file } = fileSink();
    const made = t.mock.method(Buffer, 'allocUnsafeSlow');
    // 1,024 bytes, room asked for 3 bytes a character: 62 to a chunk of 64 KiB.
    const line = `{"msg":"${'c'.repeat(1_012)}"}\n`;
    let written = 0;
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 150; i++) assert.equal(sink.write(line), true);
      written += 150 * line.length;
      // Wait until the round is written, and the last write's callback has run: the chunks are
      // spare again.
      while (statSync(file).size < written) await sleep(5);
      await sleep(FLUSH_DELAY_MS);
      if (round === 0) assert.equal(made.mock.callCount(), 3);
    }
    assert.equal(made.mock.callCount(), 3);
    await sink.close();
    assert.equal(readFileSync(file, 'utf8'), line.repeat(5 * 150));
  });
});

describe('ResponseLog', () => {
  const lineOf = (write: (stream: { write(line: string): void }) => void): string => {
    let out = '';
    write({ write: (line: string) => void (out += line) });
    return out.replace(/"time":\d+/, '"time":0');
  };
  const answered: AnsweredRequest[] = [
    { reqId: 'req-3f9a1c07-2s', method: 'GET', url: '/v3/banks/0001', status: 200, elapsedMs: 0.04, ip: '127.0.0.1', keyId: 'key_9c1e4f2a' },
    { reqId: 'from-proxy:"quoted"\\\t\ud800', method: 'POST', url: '/v3/freeword/banks?freeword=%E3%81%BF&apikey=gk_secret&x="\\', status: 429, elapsedMs: 12.3456, ip: undefined, keyId: undefined },
    { reqId: 'r', method: 'GET', url: '/v3/banks?filter=name==*信用*', status: 400, elapsedMs: 1, ip: '2001:db8::1', keyId: '' },
  ];
  for (const a of answered) {
    it(`writes the line pino writes for the same fields (${a.url})`, () => {
      const handmade = lineOf((stream) => new ResponseLog(stream).write(a));
      const byPino = lineOf((stream) => {
        const log = pino({ level: 'info' }, stream);
        log.info({ reqId: a.reqId, method: a.method, url: a.url.replace('gk_secret', '[redacted]'), status: a.status, ms: Math.round(a.elapsedMs * 10) / 10, ip: a.ip, ...(a.keyId ? { keyId: a.keyId } : {}) }, 'response');
      });
      assert.equal(handmade, byPino);
      assert.ok(!handmade.includes('gk_secret'));
    });
  }

  it('writes the same lines straight into a LogSink, across its chunks', async () => {
    const { sink, file } = fileSink();
    const log = new ResponseLog(sink);
    // Lines of every kind, with times of one to four digits and with or without a decimal.
    const many = Array.from({ length: 3_000 }, (_, i) => {
      const a = answered[i % answered.length]!;
      return { ...a, elapsedMs: a.elapsedMs + (i % 7) * 1.7 + (i % 5) * 300 };
    });
    for (const a of many) log.write(a);
    await sink.close();
    const written = readFileSync(file, 'utf8').replace(/"time":\d+/g, '"time":0').split('\n').slice(0, -1);
    const expected = many.map((a) => lineOf((stream) => new ResponseLog(stream).write(a)).slice(0, -1));
    assert.deepEqual(written, expected);
  });

  it('writes a line made of parts kept from earlier lines the same as a line made anew, and each with its own time', async () => {
    const lines: string[] = [];
    const log = new ResponseLog({ write: (line: string) => void lines.push(line) });
    // The same request again (every part kept), other clients, the same client with another key,
    // another URL or status; one millisecond apart or more, so the time part is made again too.
    const first = answered[0]!;
    const order = [first, first, first, answered[2]!, answered[1]!, first, { ...first, keyId: 'key_0ther' }, first, { ...first, url: '/v3/banks/0005' }, first, { ...first, status: 404 }, first, { ...first, method: 'HEAD' }, answered[2]!, answered[2]!];
    const times: [number, number][] = [];
    for (const a of order) {
      const before = Date.now();
      log.write({ ...a, reqId: `req-${times.length}` });
      times.push([before, Date.now()]);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    lines.forEach((line, n) => {
      const fresh = lineOf((stream) => new ResponseLog(stream).write({ ...order[n]!, reqId: `req-${n}` }));
      assert.equal(line.replace(/"time":\d+/, '"time":0'), fresh);
      const time = (JSON.parse(line) as { time: number }).time;
      assert.ok(time >= times[n]![0] && time <= times[n]![1], `line ${n}: ${time} within ${times[n]!.join('–')}`);
    });
  });

  it('writes ms with one decimal as pino does, and the numbers of every digit count', () => {
    for (const [elapsedMs, ms] of [[0, 0], [0.04, 0], [0.05, 0.1], [7, 7], [12.3456, 12.3], [99.96, 100], [1234.5, 1234.5]] as const) {
      const line = lineOf((stream) => new ResponseLog(stream).write({ ...answered[0]!, status: 404, elapsedMs }));
      assert.match(line, new RegExp(`"status":404,"ms":${ms},`));
      assert.equal((JSON.parse(line) as { ms: number }).ms, Math.round(elapsedMs * 10) / 10);
    }
  });
});

// The descriptor of a closed sink is closed with it (only stdout and stderr stay open).
it('closes a descriptor other than stdout and stderr', async () => {
  const file = join(tempDir(), 'closed');
  const fd = openSync(file, 'w');
  await new LogSink({ fd }).close();
  assert.throws(() => closeSync(fd), /EBADF/);
});
