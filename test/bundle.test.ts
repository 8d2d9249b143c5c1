/**
 * The start-up bundle (scripts/build.mjs) and when bin/ginko.js uses it (bin/bundle-freshness.js).
 * The bundle holds the dependencies `ginko serve` loads at start, so that Node does not find
 * and read their files one by one; it must then be rebuilt when those dependencies change, not
 * only when src/ does.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, it } from 'node:test';
import { BUNDLE, bundleStaleness } from '../bin/bundle-freshness.js';
import { runBundleApart } from './support/run-bundle.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-bundle-');

/** A checkout of the three files bundleStaleness reads, each dated `secondsAgo`. */
function checkout(secondsAgo: { bundle?: number; source: number; installed?: number }): string {
  const root = tempDir() + '/';
  const files: [string, number | undefined][] = [
    ['dist/ginko.cjs', secondsAgo.bundle],
    ['src/cli/main.ts', secondsAgo.source],
    ['node_modules/.package-lock.json', secondsAgo.installed],
  ];
  const now = Date.now() / 1000;
  for (const [path, ago] of files) {
    if (ago === undefined) continue;
    mkdirSync(dirname(root + path), { recursive: true });
    writeFileSync(root + path, '');
    utimesSync(root + path, now - ago, now - ago);
  }
  return root;
}

describe('when bin/ginko.js runs the bundle', () => {
  it('runs it while it is newer than src/ and than the installed dependencies (as after npm ci)', () => {
    assert.equal(bundleStaleness(checkout({ installed: 30, bundle: 20, source: 100 })), undefined);
  });

  it('runs src/ through tsx when a source file is newer', () => {
    assert.equal(bundleStaleness(checkout({ installed: 30, bundle: 20, source: 10 })), 'dist/ginko.cjs is older than src/');
  });

  it('runs src/ through tsx after `npm install <package>`, which changes what the bundle holds without rebuilding it', () => {
    assert.equal(bundleStaleness(checkout({ bundle: 20, source: 100, installed: 10 })), 'dist/ginko.cjs is older than the installed dependencies');
  });

  it('runs src/ through tsx when there is no bundle', () => {
    assert.equal(bundleStaleness(checkout({ source: 100 })), 'dist/ginko.cjs is missing');
  });
});

describe('the bundle npm ci builds', () => {
  /**
   * The packages under node_modules/ the bundle has loaded once every module it imports at its
   * top has run: `ginko --help` runs them all, then exits as it parses its arguments (`ginko`
   * stands where a script's path would in process.argv).
   */
  function packagesLoadedAtStart(): string[] {
    const run = runBundleApart(BUNDLE, ['--help']);
    assert.match(run.output, /^Usage: ginko/);
    return [...new Set(run.loaded.flatMap((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1] ?? []))].sort();
  }

  it('is CommonJS in strict mode', () => {
    assert.ok(existsSync(BUNDLE), 'dist/ginko.cjs is missing: npm run build');
    assert.ok(readFileSync(BUNDLE, 'utf8').startsWith("'use strict';\n"), 'strict, as the ES modules of src/ are');
  });

  it('resolves names exactly as the sources do', () => {
    // Names through the regular expressions of src/resolve and src/domain: ㈱ and 〈株〉 and ｶ) (company forms), 店番号 (a branch
    // code's label), 〇一八 (kanji numerals), ヶ, the edge punctuation 「」。, エヌ・エイ and バンク
    // (foreign banks' suffixes), ヴ (same-sound kana).
    const dir = tempDir();
    writeFileSync(
      `${dir}/in.csv`,
      'bank_name,branch_name\n㈱みずほ銀行,東京営業部\n〈株〉三井住友銀行,本店営業部\nみずほ銀行,店番号001\nゆうちょ銀行,〇一八\nｶ)ﾐｽﾞﾎｷﾞﾝｺｳ,ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ\nシティバンク、エヌ・エイ,本店\n三菱ＵＦＪ銀行,市ヶ谷\n「みずほ銀行」,東京営業部。\nヴイ銀行,ヴ支店\n',
    );
    const args = ['resolve', '--input', `${dir}/in.csv`, '--output'];
    runBundleApart(BUNDLE, [...args, `${dir}/bundle.csv`]);
    const sources = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args, `${dir}/sources.csv`], { encoding: 'utf8' });
    assert.equal(sources.status, 0, sources.stderr);
    const answers = readFileSync(`${dir}/bundle.csv`, 'utf8');
    assert.equal(answers, readFileSync(`${dir}/sources.csv`, 'utf8'));
    assert.deepEqual(
      answers.trim().split('\n').slice(1).map((row) => row.split(',').slice(2, 5).join(' ')),
      ['auto_confirm 0001 001', 'auto_confirm 0009 200', 'auto_confirm 0001 001', 'auto_confirm 9900 018', 'auto_confirm 0001 001', 'unresolved  ', 'auto_confirm 0005 014', 'auto_confirm 0001 001', 'unresolved  '],
    );
  });

  it('loads no package from node_modules at start but better-sqlite3, a native addon', () => {
    assert.deepEqual(packagesLoadedAtStart(), ['better-sqlite3']);
  });
});
