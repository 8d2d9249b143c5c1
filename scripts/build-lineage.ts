/**
 * Builds src/lineage/data/lineage.json, the lineage dataset (docs/lineage.md#the-dataset): what
 * every bank and branch code was called in every published zengin-code version since
 * 1.0.0-p20191217, with each version's tarball integrity as evidence. Lineage (src/lineage/) is
 * inferred from it when a server first needs it, and Resolve's former names come from it.
 *
 * The versions are fetched with `npm pack` into a temporary directory, never installed: the
 * service ships one data package, not sixteen. Each is read and built exactly as an import
 * reads a zengin-code package, so the names are the public ones (福邦銀行, not 福邦). Run:
 *
 *   npx tsx scripts/build-lineage.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDirectory } from '../src/dataset/build.js';
import { effectiveDateOfPackageVersion, readZenginPackage } from '../src/dataset/zengin.js';
import { EMPTY_HISTORY, extendHistory, type LineageHistory } from '../src/lineage/history.js';
import { LINEAGE_FILE_PATH, lineageFileOf } from '../src/lineage/lineage-file.js';

const PACKAGE = 'zengin-code';
const FIRST_VERSION = '1.0.0-p20191217';

function npm(args: readonly string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

const work = mkdtempSync(join(tmpdir(), 'ginko-lineage-'));
try {
  const dated = (v: string) => /-p\d{8}$/.test(v);
  const versions = (JSON.parse(npm(['view', PACKAGE, 'versions', '--json'], work)) as string[])
    .filter((v) => dated(v) && effectiveDateOfPackageVersion(v) >= effectiveDateOfPackageVersion(FIRST_VERSION))
    .sort((a, b) => (effectiveDateOfPackageVersion(a) < effectiveDateOfPackageVersion(b) ? -1 : 1));

  let history: LineageHistory = EMPTY_HISTORY;
  for (const version of versions) {
    const dir = join(work, version);
    mkdirSync(dir, { recursive: true });
    const [packed] = JSON.parse(npm(['pack', `${PACKAGE}@${version}`, '--json', '--pack-destination', dir], work)) as { filename: string; integrity: string }[];
    execFileSync('tar', ['-xzf', join(dir, packed!.filename), '-C', dir]);
    const directory = buildDirectory(readZenginPackage(join(dir, 'package')));
    history = extendHistory(history, directory, { date: directory.effectiveDate, source: `${PACKAGE}@${version}`, integrity: packed!.integrity });
    process.stderr.write(`${version}: ${directory.banks.length} institutions, ${directory.branchCount} branches\n`);
    rmSync(dir, { recursive: true, force: true });
  }

  const file = lineageFileOf(history, {
    description:
      'What every bank and branch code was called in each published zengin-code version: [name, reading, first version, last version] by code, versions as indexes into `versions`. Codes listed the same way in every version are left out; the newest version completes them. See docs/lineage.md.',
    generated_by: 'scripts/build-lineage.ts',
    source: `npm package ${PACKAGE} (MIT), versions ${versions[0]} to ${versions.at(-1)}, fetched with npm pack`,
  });
  // One code per line: a new version shows as a readable diff.
  const lines = (entries: Readonly<Record<string, unknown>>) => Object.entries(entries).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',\n');
  const text = [
    `{"description":${JSON.stringify(file.description)},"generated_by":${JSON.stringify(file.generated_by)},"source":${JSON.stringify(file.source)},`,
    `"versions":[\n${file.versions.map((v) => JSON.stringify(v)).join(',\n')}],`,
    `"banks":{\n${lines(file.banks)}},`,
    `"branches":{\n${lines(file.branches)}}}`,
  ].join('\n');
  mkdirSync(join(LINEAGE_FILE_PATH, '..'), { recursive: true });
  writeFileSync(LINEAGE_FILE_PATH, text + '\n');
  process.stderr.write(`${Object.keys(file.banks).length} bank codes and ${Object.keys(file.branches).length} branch codes changed\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
