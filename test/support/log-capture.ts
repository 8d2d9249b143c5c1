/** A stream for an app's logger (`logger: { level: 'info', stream }`) that keeps what it was given. */
import { Writable } from 'node:stream';

export class LogCapture extends Writable {
  readonly chunks: string[] = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.chunks.push(chunk.toString('utf8'));
    done();
  }

  /** Every line, parsed. */
  lines(): Record<string, unknown>[] {
    return this.text()
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  /** The one-per-response lines (src/http/app.ts). */
  responses(): Record<string, unknown>[] {
    return this.lines().filter((l) => l.msg === 'response');
  }

  text(): string {
    return this.chunks.join('');
  }
}
