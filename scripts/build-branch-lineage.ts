/**
 * Builds src/resolve/data/branch-lineage.json: for every bank and branch code whose branch name
 * changed across the published zengin-code versions since 1.0.0-p20191217, each name it had and
 * the dates of the first and last version that carried it. Resolve reads it to match former
 * branch names (docs/resolve.md#former-branch-names).
 *
 * The versions are fetched at generation time with `npm pack` into a temporary directory, never
 * installed: the service ships one data package, not sixteen. Run:
 *
 *   npx tsx scripts/build-branch-lineage.ts
 *
 * The output records each version's tarball integrity, so the file says where it came from.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PACKAGE = 'zengin-code';
const FIRST_VERSION = '1.0.0-p20191217';
const OUTPUT = new URL('../src/resolve/data/branch-lineage.json', import.meta.url);

interface ZenginBranch {
  readonly name: string;
  readonly kana: string;
}
interface ZenginBank {
  readonly name: string;
  readonly branches: Readonly<Record<string, ZenginBranch>>;
}

/** 1.0.0-p20191217 → 2019-12-17; versions are ordered by this date, not by publish order. */
function dateOf(version: string): string {
  const m = /-p(\d{4})(\d{2})(\d{2})$/.exec(version);
  if (!m) throw new Error(`${version}: no pYYYYMMDD suffix`);
  return `${m[1]}-${m[2]}-${m[3]}`;
}

function npm(args: readonly string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

const work = mkdtempSync(join(tmpdir(), 'ginko-lineage-'));
try {
  const versions = (JSON.parse(npm(['view', PACKAGE, 'versions', '--json'], work)) as string[])
    .filter((v) => /-p\d{8}$/.test(v) && dateOf(v) >= dateOf(FIRST_VERSION))
    .sort((a, b) => (dateOf(a) < dateOf(b) ? -1 : 1));

  /** "bank-branch" → name → [kana, first date, last date] */
  const names = new Map<string, Map<string, [string, string, string]>>();
  const provenance: { version: string; date: string; integrity: string }[] = [];
  for (const version of versions) {
    const dir = join(work, version);
    mkdirSync(dir, { recursive: true });
    const [packed] = JSON.parse(npm(['pack', `${PACKAGE}@${version}`, '--json', '--pack-destination', dir], work)) as { filename: string; integrity: string }[];
    execFileSync('tar', ['-xzf', join(dir, packed!.filename), '-C', dir]);
    const data = createRequire(import.meta.url)(join(dir, 'package', 'lib', 'zengin-data.js')) as Record<string, ZenginBank>;
    const date = dateOf(version);
    provenance.push({ version, date, integrity: packed!.integrity });
    for (const [bankCode, bank] of Object.entries(data)) {
      for (const [branchCode, branch] of Object.entries(bank.branches)) {
        const key = `${bankCode}-${branchCode}`;
        const byName = names.get(key) ?? names.set(key, new Map()).get(key)!;
        const seen = byName.get(branch.name);
        if (seen) seen[2] = date;
        else byName.set(branch.name, [branch.kana, date, date]);
      }
    }
    process.stderr.write(`${version}: ${Object.keys(data).length} institutions\n`);
    rmSync(dir, { recursive: true, force: true });
  }

  // Only codes that carried more than one name: the rest have no former name to match.
  const branches: Record<string, [name: string, kana: string, from: string, to: string][]> = {};
  for (const key of [...names.keys()].sort()) {
    const byName = names.get(key)!;
    if (byName.size < 2) continue;
    branches[key] = [...byName].map(([name, [kana, from, to]]) => [name, kana, from, to] as [string, string, string, string]).sort((a, b) => (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
  }
  const file = {
    description: 'Branch names by bank and branch code across the published zengin-code versions: each name with the dates of the first and last version that carried it. Only codes whose name changed are listed.',
    generated_by: 'scripts/build-branch-lineage.ts',
    source: `npm package ${PACKAGE} (MIT), versions ${versions[0]} to ${versions.at(-1)}, fetched with npm pack`,
    versions: provenance,
    branches,
  };
  writeFileSync(OUTPUT, JSON.stringify(file, null, 0).replace(/\],"/g, '],\n"') + '\n');
  process.stderr.write(`${Object.keys(branches).length} branch codes with more than one name\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
