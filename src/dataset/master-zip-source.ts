/**
 * Reads a Master Export file back (`ginko import FILE.zip`): the source records of
 * zengin-data.json, checked against the CSVs, so an edited or foreign file is refused rather
 * than imported half-understood.
 */
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { buildDirectory } from './build.js';
import type { RawSnapshot } from './raw.js';
import { banksCsv, branchesCsv, SOURCE_ENTRY } from './master-csv.js';

/** Largest entry accepted: the real master's largest is about 3 MB. */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

function entries(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (err, zip?: ZipFile) => {
      if (err || !zip) return reject(new Error(`not a ZIP file: ${err?.message ?? 'unreadable'}`));
      const found = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        if (entry.uncompressedSize > MAX_ENTRY_BYTES) return reject(new Error(`${entry.fileName} is larger than ${MAX_ENTRY_BYTES} bytes`));
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(found));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

function isRawSnapshot(value: unknown): value is RawSnapshot {
  const v = value as RawSnapshot;
  return typeof v === 'object' && v !== null && typeof v.effectiveDate === 'string' && Array.isArray(v.institutions) &&
    v.institutions.every((i) => typeof i.code === 'string' && typeof i.name === 'string' && typeof i.kana === 'string' && Array.isArray(i.branches) &&
      i.branches.every((b: { code: unknown; name: unknown; kana: unknown }) => typeof b.code === 'string' && typeof b.name === 'string' && typeof b.kana === 'string'));
}

export async function readMasterZip(bytes: Buffer): Promise<RawSnapshot> {
  const files = await entries(bytes);
  for (const name of ['banks.csv', 'branches.csv', SOURCE_ENTRY]) {
    if (!files.has(name)) throw new Error(`the ZIP has no ${name}: it is not a Ginko master export`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(files.get(SOURCE_ENTRY)!.toString('utf8'));
  } catch {
    throw new Error(`${SOURCE_ENTRY} is not valid JSON`);
  }
  if (!isRawSnapshot(raw)) throw new Error(`${SOURCE_ENTRY} does not hold a snapshot's source records`);
  const directory = buildDirectory(raw);
  if (files.get('banks.csv')!.toString('utf8') !== banksCsv(directory)) throw new Error('banks.csv does not match the source records: the file was edited or is damaged');
  if (files.get('branches.csv')!.toString('utf8') !== branchesCsv(directory)) throw new Error('branches.csv does not match the source records: the file was edited or is damaged');
  return raw;
}
