/**
 * Hostile dataset sources and downloads stay within the caps of docs/limits.md#dataset-sources:
 * a .tgz whose data file inflates to 2 GiB, a .tgz of large unneeded entries, a ZIP of sixteen
 * 64 MiB entries it does not need, files past the per-file cap in directories, and a registry
 * that answers a tarball of 512 MiB (or declares 3 GB). Each is refused naming its cap, exit 1
 * for the commands, with memory where it was.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { banksCsv, branchesCsv, SOURCE_ENTRY } from '../src/dataset/master-csv.js';
import { readDatasetSource } from '../src/dataset/sources.js';
import { installedPackageDir, readZenginPackage } from '../src/dataset/zengin.js';
import { checkForUpdate } from '../src/history/updater.js';
import { openStore } from '../src/store/open.js';
import { bundledDirectory, startTestApp } from './support/app.js';
import { FORM, form, signIn } from './support/console.js';
import { hostileTgz, hostileZip, peakRssMb, zeroStream } from './support/hostile-archives.js';
import { runGinko, runGinkoMeasured } from './support/process.js';
import { TestRegistry } from './support/registry.js';
import { seedTestStore } from './support/seed.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-archives-');
const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
/** What reading within the caps may add to a process's peak memory; the hostile inputs are 0.5–2 GiB. */
const FLAT_MB = 64;

const packageJson = readFileSync(join(installedPackageDir('zengin-code'), 'package.json'));
const dataFile = readFileSync(join(installedPackageDir('zengin-code'), 'lib', 'zengin-data.js'));

function write(name: string, bytes: Buffer): string {
  const file = join(tempDir(), name);
  writeFileSync(file, bytes);
  return file;
}

describe('ginko import of hostile archives', () => {
  it('refuses a 2 MB .tgz whose data file inflates to 2 GiB, naming the per-file cap, exit 1, memory flat', async () => {
    const file = write('bomb.tgz', hostileTgz([{ path: 'package/package.json', content: packageJson }, { path: 'package/lib/zengin-data.js', content: 2 * GIB }]));
    assert.ok(readFileSync(file).length < 3 * MIB);
    const notes = write('notes.txt', Buffer.from('bank codes\n'));
    const baseline = await runGinkoMeasured(['import', notes, '--data-dir', join(tempDir(), 'data')]);
    assert.equal(baseline.code, 1);
    const run = await runGinkoMeasured(['import', file, '--data-dir', join(tempDir(), 'data')]);
    assert.deepEqual([run.code, run.stdout, run.stderr], [1, '', `ginko: ${file}: package/lib/zengin-data.js is larger than the per-file cap of 32 MiB\n`]);
    assert.ok(run.peakRssMb < baseline.peakRssMb + FLAT_MB, `peak ${run.peakRssMb} MB against ${baseline.peakRssMb} MB refusing a text file`);
  });

  it('refuses a .tgz whose unneeded entries inflate past the total cap, before reading its data file', async () => {
    const entries = [{ path: 'package/package.json', content: packageJson }, ...[0, 1, 2].map((i) => ({ path: `package/docs/blob-${i}.bin`, content: 30 * MIB })), { path: 'package/lib/zengin-data.js', content: dataFile }];
    const file = write('padded.tgz', hostileTgz(entries));
    await assert.rejects(readDatasetSource(file), { message: `${file}: what it unpacks and reads adds up to more than the total cap of 64 MiB` });
    // The same package without the padding is read.
    const plain = write('plain.tgz', hostileTgz([entries[0]!, entries[4]!]));
    assert.equal((await readDatasetSource(plain)).raw.institutions.length, 1_146);
  });

  it('reads a Master Export ZIP padded with sixteen 64 MiB entries without inflating them: memory flat', async () => {
    const raw = readZenginPackage(installedPackageDir('zengin-code'));
    const padding = Array.from({ length: 16 }, (_, i) => ({ name: `padding-${i}.bin`, content: 64 * MIB }));
    const file = write('padded.zip', hostileZip([...padding, { name: 'banks.csv', content: Buffer.from(banksCsv(bundledDirectory())) }, { name: 'branches.csv', content: Buffer.from(branchesCsv(bundledDirectory())) }, { name: SOURCE_ENTRY, content: Buffer.from(JSON.stringify(raw)) }]));
    const peakBefore = peakRssMb();
    const read = await readDatasetSource(file);
    assert.equal(read.layout, 'master-zip');
    assert.deepEqual(read.raw, raw);
    assert.ok(peakRssMb() < peakBefore + FLAT_MB + 100, `peak ${peakRssMb()} MB, ${peakBefore} MB before (the snapshot itself takes about 100 MB)`);
  });

  it('refuses a ZIP entry it needs past the per-file cap, before inflating it', async () => {
    const file = write('big-entry.zip', hostileZip([{ name: 'banks.csv', content: 40 * MIB }, { name: 'branches.csv', content: Buffer.from('x') }, { name: SOURCE_ENTRY, content: Buffer.from('{}') }]));
    const run = await runGinko(['import', file, '--data-dir', join(tempDir(), 'data')]);
    assert.deepEqual([run.code, run.stderr], [1, `ginko: ${file}: banks.csv is larger than the per-file cap of 32 MiB\n`]);
  });

  it('refuses a package directory or a source-data checkout with a file past the per-file cap, or files past the total cap', async () => {
    const pkg = tempDir();
    mkdirSync(join(pkg, 'lib'));
    writeFileSync(join(pkg, 'package.json'), packageJson);
    writeFileSync(join(pkg, 'lib', 'zengin-data.js'), '');
    truncateSync(join(pkg, 'lib', 'zengin-data.js'), 40 * MIB);
    await assert.rejects(readDatasetSource(pkg), { message: `${pkg}: lib/zengin-data.js is larger than the per-file cap of 32 MiB` });

    const checkout = tempDir();
    mkdirSync(join(checkout, 'data', 'branches'), { recursive: true });
    const banks = Object.fromEntries(['0001', '0005', '0009'].map((code) => [code, { code, name: 'x', kana: 'x' }]));
    writeFileSync(join(checkout, 'data', 'banks.json'), JSON.stringify(banks));
    // Each file valid JSON (an empty object and 30 MiB of spaces), within the per-file cap.
    const padded = Buffer.alloc(30 * MIB, ' ');
    padded.write('{}');
    for (const code of Object.keys(banks)) writeFileSync(join(checkout, 'data', 'branches', `${code}.json`), padded);
    await assert.rejects(readDatasetSource(checkout, '2026-09-01'), { message: `${checkout}: what it unpacks and reads adds up to more than the total cap of 64 MiB` });
    truncateSync(join(checkout, 'data', 'branches', '0001.json'), 33 * MIB);
    await assert.rejects(readDatasetSource(checkout, '2026-09-01'), { message: `${checkout}: data/branches/0001.json is larger than the per-file cap of 32 MiB` });
  });
});

describe('ginko update from a registry answering an oversized tarball', () => {
  const HOSTILE = '1.0.0-p20261231';
  const NO_MATCH = 'sha512-' + 'A'.repeat(86) + '==';
  let registry: TestRegistry;
  let dataDir: string;
  before(async () => {
    registry = await new TestRegistry().start();
    // Only the document's newest date matters; its integrity is never matched.
    registry.publish({ version: '1.0.0-p20260101', bytes: Buffer.from('old'), integrity: NO_MATCH });
    dataDir = tempDir();
    const store = await openStore({ dataDir });
    await seedTestStore(store);
    await store.close();
  });
  after(() => registry.close());

  /** A version newer than the store's, whose tarball each test answers in its own way. */
  const publishHostile = () => registry.publish({ version: HOSTILE, bytes: Buffer.from('never served'), integrity: NO_MATCH });

  it('stops a chunked 512 MiB answer at the download cap: exit 1, the documented message, memory flat', async () => {
    const args = ['update', '--registry', registry.url, '--data-dir', dataDir];
    const baseline = await runGinkoMeasured(args);
    assert.deepEqual([baseline.code, baseline.stdout], [0, 'already current (2026-08-24)\n']);
    publishHostile();
    registry.serveInstead(HOSTILE, { stream: () => zeroStream(512 * MIB) });
    // With an npm cache configured, as `npm run` configures one: npm's cache must not read on.
    const run = await runGinkoMeasured(args, { npm_config_cache: tempDir() });
    assert.deepEqual([run.code, run.stdout, run.stderr], [1, '', `ginko: update failed (too_large): zengin-code@${HOSTILE}'s tarball is larger than the download cap of 32 MiB (--max-download-mib); nothing changed\n`]);
    assert.ok(run.peakRssMb < baseline.peakRssMb + FLAT_MB, `peak ${run.peakRssMb} MB against ${baseline.peakRssMb} MB when current`);
  });

  it('refuses a declared 3 GB answer before reading it, and takes its cap from --max-download-mib or GINKO_MAX_DOWNLOAD_MIB', async () => {
    publishHostile();
    registry.serveInstead(HOSTILE, { stream: () => zeroStream(3_000_000_000), declaredLength: 3_000_000_000 });
    const store = await openStore({ dataDir });
    try {
      const peakBefore = peakRssMb();
      const outcome = await checkForUpdate(store, { registry: registry.url, retries: 0, maxDownloadBytes: 2 * MIB });
      assert.deepEqual(outcome, { kind: 'failed', reason: 'too_large', message: `zengin-code@${HOSTILE}'s tarball is larger than the download cap of 2 MiB (--max-download-mib)` });
      assert.ok(peakRssMb() < peakBefore + FLAT_MB);
    } finally {
      await store.close();
    }
    const flag = await runGinko(['update', '--registry', registry.url, '--data-dir', dataDir, '--max-download-mib', '5']);
    assert.match(flag.stderr, /the download cap of 5 MiB/);
    const env = await runGinko(['update', '--registry', registry.url, '--data-dir', dataDir], { GINKO_MAX_DOWNLOAD_MIB: '7' });
    assert.match(env.stderr, /the download cap of 7 MiB/);
    const bad = await runGinko(['update', '--registry', registry.url, '--data-dir', dataDir], { GINKO_MAX_DOWNLOAD_MIB: '0.5' });
    assert.deepEqual([bad.code, bad.stderr], [1, 'ginko: GINKO_MAX_DOWNLOAD_MIB must be a whole number of MiB, at least 1, not "0.5"\n']);
  });

  it("refuses it through the console's Check for updates now, the server's memory where it was", async () => {
    publishHostile();
    registry.serveInstead(HOSTILE, { stream: () => zeroStream(512 * MIB) });
    const t = await startTestApp({ console: {}, updateRegistry: { registry: registry.url, retries: 0 } });
    try {
      await t.console!.operators.add('alice', 'a long enough password');
      const s = await signIn(t.app, 'alice', 'a long enough password');
      const peakBefore = peakRssMb();
      const res = await t.app.inject({ method: 'POST', url: '/admin/data/check', headers: { ...FORM, cookie: s.cookie, 'accept-language': 'en' }, payload: form({ _csrf: s.csrf }) });
      assert.equal(res.statusCode, 502);
      assert.ok(res.body.includes(`update failed (too_large): zengin-code@${HOSTILE}&#39;s tarball is larger than the download cap of 32 MiB (--max-download-mib); nothing changed`), res.body);
      assert.ok(peakRssMb() < peakBefore + FLAT_MB, `peak ${peakRssMb()} MB, ${peakBefore} MB before`);
    } finally {
      await t.close();
    }
  });
});
