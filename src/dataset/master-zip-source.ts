/**
 * Reads a Master Export file back (`ginko import FILE.zip`): the source records of
 * zengin-data.json, checked against the CSVs, so an edited or foreign file is refused rather
 * than imported half-understood. Only those three entries are read, each within the per-file
 * cap and all within the total cap (archive-limits.ts); every other entry is passed over
 * without being inflated, so a file of many large entries costs nothing to refuse.
 */
import { fromBuffer, open, type Entry, type ZipFile } from 'yauzl';
import { ReadBudget } from './archive-limits.js';
import { buildDirectory } from './build.js';
import type { RawSnapshot } from './raw.js';
import { banksCsv, branchesCsv, SOURCE_ENTRY } from './master-csv.js';

const WANTED: readonly string[] = ['banks.csv', 'branches.csv', SOURCE_ENTRY];

type Opened = (done: (err: Error | null, zip?: ZipFile) => void) => void;

function wantedEntries(openZip: Opened, budget: ReadBudget): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    openZip((err, zip) => {
      if (err || !zip) return reject(new Error(`not a ZIP file: ${err?.message ?? 'unreadable'}`));
      const found = new Map<string, Buffer>();
      const fail = (e: Error) => {
        if (zip.isOpen) zip.close();
        reject(e);
      };
      zip.on('entry', (entry: Entry) => {
        if (!WANTED.includes(entry.fileName)) return zip.readEntry();
        if (found.has(entry.fileName)) return fail(new Error(`the ZIP holds ${entry.fileName} twice`));
        try {
          // yauzl refuses an entry that inflates to more than it declares (validateEntrySizes).
          budget.entry(entry.fileName, entry.uncompressedSize);
          budget.take(entry.uncompressedSize);
        } catch (e) {
          return fail(e as Error);
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(e ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', fail);
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(found));
      zip.on('error', fail);
      zip.readEntry();
    });
  });
}

/** The Master Export ZIP at `path`, read from the file (its central directory, then the three entries). */
export function readMasterZipFile(path: string): Promise<RawSnapshot> {
  return readMaster((done) => open(path, { lazyEntries: true, validateEntrySizes: true }, done), new ReadBudget(path));
}

/** A Master Export ZIP held in memory (a download, in tests). */
export function readMasterZip(bytes: Buffer): Promise<RawSnapshot> {
  return readMaster((done) => fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, done), new ReadBudget('the ZIP'));
}

function isRawSnapshot(value: unknown): value is RawSnapshot {
  const v = value as RawSnapshot;
  return typeof v === 'object' && v !== null && typeof v.effectiveDate === 'string' && Array.isArray(v.institutions) &&
    v.institutions.every((i) => typeof i.code === 'string' && typeof i.name === 'string' && typeof i.kana === 'string' && Array.isArray(i.branches) &&
      i.branches.every((b: { code: unknown; name: unknown; kana: unknown }) => typeof b.code === 'string' && typeof b.name === 'string' && typeof b.kana === 'string'));
}

async function readMaster(openZip: Opened, budget: ReadBudget): Promise<RawSnapshot> {
  const files = await wantedEntries(openZip, budget);
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
