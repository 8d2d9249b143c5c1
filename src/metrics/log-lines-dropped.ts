/**
 * `ginko_log_lines_dropped_total` (docs/operations.md#logs): log lines the log sink dropped
 * because its reader did not keep up (src/logging/log-sink.ts). The count lives in the sink and
 * is read when /metrics is scraped, so writing a line costs nothing here. Only `ginko serve`
 * registers it: apps built in a test log where the test chooses.
 */
import { Counter, type Registry } from 'prom-client';

export function registerLogLinesDropped(registry: Registry, dropped: () => number): void {
  new Counter({
    name: 'ginko_log_lines_dropped_total',
    help: 'Log lines not written because the log reader (stdout) did not keep up and the buffer of lines waiting was full',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(dropped());
    },
  });
}
