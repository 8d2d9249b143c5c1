/**
 * A zengin-code package as `npm pack` and the registry ship it: a gzipped tar whose files sit
 * under `package/`. Streamed once from the file: inflated with zlib, its bytes counted against
 * the total cap, parsed with the `tar` library; only package.json and lib/zengin-data.js are
 * kept (in memory, each within the per-file cap), every other entry is skipped as it passes.
 * Nothing is written to disk (docs/limits.md#dataset-sources).
 */
import { createReadStream } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { ArchiveLimitError, ReadBudget } from './archive-limits.js';
import type { RawSnapshot } from './raw.js';
import { zenginSnapshot } from './zengin.js';

/** The entries the snapshot is read from, below the package's top directory (`package/`). */
const WANTED = /^(?:[^/]+\/)?(package\.json|lib\/zengin-data\.js)$/;

/** Reads the package tarball at `file`; `effectiveDate` overrides its version's date. */
export async function readZenginTarball(file: string, effectiveDate?: string): Promise<RawSnapshot> {
  let files: Map<string, Buffer>;
  try {
    files = await wantedEntries(file, new ReadBudget(file));
  } catch (err) {
    if (err instanceof ArchiveLimitError) throw err;
    throw new Error(`${file} is not a readable package tarball: ${(err as Error).message}`);
  }
  const data = files.get('lib/zengin-data.js');
  try {
    if (!data) throw new Error('it has no lib/zengin-data.js');
    return zenginSnapshot({ packageJson: files.get('package.json')?.toString('utf8'), data: data.toString('utf8'), dataName: 'package/lib/zengin-data.js' }, effectiveDate);
  } catch (err) {
    throw new Error(`the package is malformed: ${(err as Error).message}`);
  }
}

/** The wanted entries' bytes by their path below the top directory; a later copy replaces an earlier one, as tar does. */
async function wantedEntries(file: string, budget: ReadBudget): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  // strict: a truncated or corrupt archive is an error, not a warning and a partial result.
  const parser = new Parser({ strict: true, onReadEntry: (entry) => keep(entry) });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        budget.take(chunk.length);
      } catch (err) {
        return done(err as Error);
      }
      if (parser.write(chunk)) done();
      else parser.once('drain', () => done());
    },
    final(done) {
      parser.once('end', () => done());
      parser.end();
    },
  });
  parser.on('error', (err: Error) => sink.destroy(err));
  parser.on('abort', (err: Error) => sink.destroy(err));

  function keep(entry: ReadEntry): void {
    const name = WANTED.exec(entry.path)?.[1];
    // Skipped entries are let flow past (their bytes are counted by the sink).
    if (!name || (entry.type !== 'File' && entry.type !== 'OldFile')) return void entry.resume();
    try {
      budget.entry(entry.path, entry.size);
    } catch (err) {
      entry.resume();
      sink.destroy(err as Error);
      return;
    }
    const chunks: Buffer[] = [];
    entry.on('data', (c: Buffer) => chunks.push(c));
    entry.on('end', () => found.set(name, Buffer.concat(chunks)));
  }

  await pipeline(createReadStream(file), createGunzip(), sink);
  return found;
}
