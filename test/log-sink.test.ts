/** The sink below the server's log (docs/operations.md#logs): lines written to a descriptor within a bound. */
import assert from 'node:assert/strict';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { FLUSH_DELAY_MS, LogSink } from '../src/logging/log-sink.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-log-sink-');

function fileSink(maxBytes?: number): { sink: LogSink; file: string } {
  const file = join(tempDir(), 'log');
  const fd = openSync(file, 'w');
  return { sink: new LogSink({ fd, ...(maxBytes === undefined ? {} : { maxBytes }) }), file };
}

describe('LogSink', () => {
  it('writes every line in order, long ones too, by the time close resolves', async () => {
    const { sink, file } = fileSink();
    const lines: string[] = [];
    for (let i = 0; i < 5_000; i++) lines.push(`{"n":${i},"text":"東京営業部 ${'x'.repeat(i % 97)}"}\n`);
    lines.splice(2_500, 0, `{"long":"${'長'.repeat(70_000)}"}\n`);
    for (const line of lines) assert.equal(sink.write(line), true);
    await sink.close();
    assert.equal(readFileSync(file, 'utf8'), lines.join(''));
    assert.equal(sink.dropped, 0);
  });

  it('writes a quiet server\'s line within the flush delay', async () => {
    const { sink, file } = fileSink();
    sink.write('{"msg":"one"}\n');
    assert.equal(readFileSync(file, 'utf8'), '');
    await sleep(FLUSH_DELAY_MS + 40);
    assert.equal(readFileSync(file, 'utf8'), '{"msg":"one"}\n');
    await sink.close();
  });

  it('writes each line once when closed while a write is under way, as SIGTERM under load does', async () => {
    const { sink, file } = fileSink();
    const lines = Array.from({ length: 2_000 }, (_, i) => `{"n":${i}}\n`);
    for (const line of lines) sink.write(line);
    // Queued after the sink's own flush timer with the same delay: it runs just after that
    // timer has started a write, before the write has finished.
    await new Promise<void>((resolve) => setTimeout(() => void sink.close().then(resolve), FLUSH_DELAY_MS));
    assert.equal(readFileSync(file, 'utf8'), lines.join(''));
  });

  it('drops and counts lines past its bound, and every line after close', async () => {
    const { sink, file } = fileSink(1_000);
    const line = `{"msg":"${'東'.repeat(29)}"}\n`; // 100 bytes of UTF-8
    let taken = 0;
    for (let i = 0; i < 12; i++) if (sink.write(line)) taken++;
    assert.equal(taken, 10);
    assert.equal(sink.dropped, 2);
    await sink.close();
    assert.equal(sink.write(line), false);
    assert.equal(sink.dropped, 3);
    assert.equal(readFileSync(file, 'utf8'), line.repeat(10));
  });
});

// The descriptor of a closed sink is closed with it (only stdout and stderr stay open).
it('closes a descriptor other than stdout and stderr', async () => {
  const file = join(tempDir(), 'closed');
  const fd = openSync(file, 'w');
  await new LogSink({ fd }).close();
  assert.throws(() => closeSync(fd), /EBADF/);
});
