/**
 * `ginko import SOURCE` detects the layout: a zengin-code package directory, its `.tgz` as
 * `npm pack` makes it, a zengin-code/source-data checkout and a Master Export ZIP. The same
 * version read from each gives the same snapshot; an unknown layout is refused in one line.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readDatasetSource } from '../src/dataset/sources.js';
import { installedPackageDir } from '../src/dataset/zengin.js';
import { runGinko } from './support/process.js';
import { raw } from './support/raw-diff.js';
import { npmPack } from './support/registry.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-sources-');

/** A source-data checkout of a bundled version: data/banks.json and data/branches/<bank>.json. */
function writeSourceData(pkg: string, date?: string): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'data', 'branches'), { recursive: true });
  const data = raw(pkg);
  const banks: Record<string, unknown> = {};
  for (const [code, bank] of Object.entries(data)) {
    const { branches, ...fields } = bank;
    banks[code] = fields;
    writeFileSync(join(dir, 'data', 'branches', `${code}.json`), JSON.stringify(branches, null, 2));
  }
  writeFileSync(join(dir, 'data', 'banks.json'), JSON.stringify(banks, null, 2));
  if (date) writeFileSync(join(dir, 'data', 'updated_at'), `${date}\n`);
  return dir;
}

describe('import sources', () => {
  it('reads a package .tgz made by npm pack as the same snapshot as the package directory', async () => {
    const packed = await npmPack(installedPackageDir('zengin-code-20260630'), tempDir());
    const file = join(tempDir(), 'zengin-code.tgz');
    writeFileSync(file, packed.bytes);
    const fromDir = await readDatasetSource(installedPackageDir('zengin-code-20260630'));
    const fromTgz = await readDatasetSource(file);
    assert.equal(fromDir.layout, 'package');
    assert.equal(fromTgz.layout, 'tarball');
    assert.equal(fromTgz.raw.effectiveDate, '2026-06-30');
    assert.equal(fromTgz.raw.institutions.length, 1_146);
    assert.deepEqual(fromTgz.raw, fromDir.raw);
  });

  it('reads a source-data checkout as the same snapshot, dated by --effective-date or data/updated_at', async () => {
    const fromDir = await readDatasetSource(installedPackageDir('zengin-code-20260630'));
    const checkout = writeSourceData('zengin-code-20260630');
    const given = await readDatasetSource(checkout, '2026-06-30');
    assert.equal(given.layout, 'source-data');
    assert.deepEqual(given.raw, fromDir.raw);
    assert.deepEqual((await readDatasetSource(writeSourceData('zengin-code-20260630', '2026-06-30'))).raw, fromDir.raw);
    await assert.rejects(readDatasetSource(checkout), { message: `${checkout} is a zengin-code/source-data checkout, which carries no date: pass --effective-date YYYY-MM-DD` });
  });

  it("reads a package's data as JSON and never runs it: a data file that is code is refused, naming it", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'zengin-code', version: '1.0.0-p20260701' }));
    const file = join(dir, 'lib', 'zengin-data.js');
    const ran = join(dir, 'ran');
    writeFileSync(file, `require('node:fs').writeFileSync(${JSON.stringify(ran)}, 'x');\nmodule.exports = {};\n`);
    await assert.rejects(readDatasetSource(dir), (err: Error) => err.message.startsWith(`${file} is not a zengin-code data file (module.exports = one JSON object): `));
    writeFileSync(file, 'module.exports = { "0001": require("./other") };\n');
    await assert.rejects(readDatasetSource(dir), (err: Error) => err.message.startsWith(`${file} is not a zengin-code data file (module.exports = one JSON object): `));
    assert.equal(existsSync(ran), false);
    writeFileSync(file, 'module.exports = {"0001": {"code": "0001", "name": "みずほ", "kana": "ミズホ", "branches": {"001": {"code": "001", "name": "東京営業部", "kana": "トウキヨウ"}}}}');
    assert.deepEqual((await readDatasetSource(dir)).raw, { effectiveDate: '2026-07-01', institutions: [{ code: '0001', name: 'みずほ', kana: 'ミズホ', branches: [{ code: '001', name: '東京営業部', kana: 'トウキヨウ' }] }] });
  });

  it('refuses a truncated .tgz in plain words', async () => {
    const packed = await npmPack(installedPackageDir('zengin-code'), tempDir());
    const file = join(tempDir(), 'cut.tgz');
    writeFileSync(file, packed.bytes.subarray(0, 100_000));
    await assert.rejects(readDatasetSource(file), (err: Error) => err.message.startsWith(`${file} is not a readable package tarball: `));
  });

  it('refuses an unknown layout in one line listing the accepted ones, exit 1, nothing created', async () => {
    const dataDir = join(tempDir(), 'data');
    const notes = join(tempDir(), 'notes.txt');
    writeFileSync(notes, 'bank codes\n');
    const run = await runGinko(['import', notes, '--data-dir', dataDir]);
    assert.deepEqual([run.code, run.stdout], [1, '']);
    assert.equal(
      run.stderr,
      `ginko: ${notes} is not a source ginko import reads; it accepts a zengin-code package directory, a zengin-code package .tgz (npm pack), a zengin-code/source-data checkout (data/banks.json), a Ginko Master Export .zip\n`,
    );
    assert.equal(existsSync(dataDir), false);
  });

  it('says which layout it found, and imports a .tgz of the current version as zero changes', async () => {
    const packed = await npmPack(installedPackageDir('zengin-code'), tempDir());
    const file = join(tempDir(), 'zengin-code-1.0.0-p20260824.tgz');
    writeFileSync(file, packed.bytes);
    const dataDir = tempDir();
    const run = await runGinko(['import', file, '--data-dir', dataDir]);
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, 'reading a zengin-code package .tgz (npm pack), effective date 2026-08-24\nimported upd-20260824-2: 1146 institutions, 28944 branches, 0 changes\n');
  });
});
