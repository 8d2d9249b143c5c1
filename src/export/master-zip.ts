/**
 * The Master Export file (docs/export.md): banks.csv and branches.csv for clients, manifest.json
 * and README.txt describing them, and zengin-data.json, the snapshot's source records, so that
 * `ginko import` can take the file back exactly. Entries carry the effective date as their time,
 * so one snapshot always gives the same bytes and the same sha256.
 */
import { createHash } from 'node:crypto';
import { ZipFile } from 'yazl';
import type { Directory } from '../dataset/directory.js';
import type { RawSnapshot } from '../dataset/raw.js';
import { BANK_COLUMNS, BRANCH_COLUMNS, banksCsv, branchesCsv, SOURCE_ENTRY } from '../dataset/master-csv.js';

export interface Manifest {
  readonly dataset_id: string;
  readonly version: string;
  readonly effective_date: string;
  readonly bank_row_count: number;
  readonly branch_row_count: number;
  readonly files: Readonly<Record<string, string>>;
  readonly source: { readonly name: string; readonly url: string; readonly license: string };
}

export interface MasterZip {
  readonly bytes: Buffer;
  readonly sha256: string;
  readonly manifest: Manifest;
}

function readme(m: Manifest): string {
  return [
    `Ginko master export ${m.dataset_id}`,
    '',
    `Dataset version ${m.version}, effective date ${m.effective_date}.`,
    `banks.csv: ${m.bank_row_count} institutions (${BANK_COLUMNS.join(', ')}).`,
    `branches.csv: ${m.branch_row_count} branches (${BRANCH_COLUMNS.join(', ')}).`,
    'UTF-8, a header row, RFC 4180 quoting, CRLF line ends.',
    `${SOURCE_ENTRY}: the source records of this snapshot, read by \`ginko import\`.`,
    '',
    `Data: ${m.source.name} (${m.source.url}), ${m.source.license} licence.`,
    '',
  ].join('\r\n');
}

export function buildMasterZip(directory: Directory, raw: RawSnapshot, datasetId: string): Promise<MasterZip> {
  const manifest: Manifest = {
    dataset_id: datasetId,
    version: directory.version,
    effective_date: directory.effectiveDate,
    bank_row_count: directory.banks.length,
    branch_row_count: directory.branchCount,
    files: { 'banks.csv': 'institutions', 'branches.csv': 'branches', [SOURCE_ENTRY]: 'source records for ginko import', 'manifest.json': 'this description', 'README.txt': 'the same in words' },
    source: { name: 'zengin-code', url: 'https://www.npmjs.com/package/zengin-code', license: 'MIT' },
  };
  const mtime = new Date(`${directory.effectiveDate}T00:00:00+09:00`);
  const zip = new ZipFile();
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text, 'utf8'), name, { mtime, mode: 0o100644 });
  add('manifest.json', JSON.stringify(manifest, null, 2) + '\n');
  add('README.txt', readme(manifest));
  add('banks.csv', banksCsv(directory));
  add('branches.csv', branchesCsv(directory));
  add(SOURCE_ENTRY, JSON.stringify(raw));
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => {
      const bytes = Buffer.concat(chunks);
      resolve({ bytes, sha256: createHash('sha256').update(bytes).digest('hex'), manifest });
    });
  });
}
