/**
 * The parts of `ginko update` that need no registry: which registry npm's configuration names,
 * which published version is newest, durations for --update-interval, and the store lease that
 * lets one replica check at a time.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseDuration } from '../src/cli/duration.js';
import { DEFAULT_REGISTRY, npmConfig, npmRegistry } from '../src/dataset/npm-config.js';
import { datedVersions, newestVersion } from '../src/dataset/package-versions.js';
import { tryLease } from '../src/store/lease.js';
import { openStore } from '../src/store/open.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-update-config-');

describe('the registry npm is configured with', () => {
  const places = (env: NodeJS.ProcessEnv = {}) => {
    const root = tempDir();
    const home = join(root, 'home');
    const project = join(root, 'project', 'sub');
    mkdirSync(home, { recursive: true });
    mkdirSync(project, { recursive: true });
    writeFileSync(join(root, 'project', 'package.json'), '{}');
    return { root, home, project, places: { env, cwd: project, home, prefix: join(root, 'prefix') } };
  };

  it('is the public registry when nothing is configured', () => {
    assert.equal(npmRegistry(npmConfig(places().places)), DEFAULT_REGISTRY);
  });

  it('reads the user .npmrc, then the project .npmrc over it, then npm_config_registry over both', () => {
    const p = places();
    writeFileSync(join(p.home, '.npmrc'), 'registry=https://user.example/npm\n//user.example/npm/:_authToken=${TOKEN}\n');
    assert.equal(npmRegistry(npmConfig(p.places)), 'https://user.example/npm/');
    assert.equal(npmConfig({ ...p.places, env: { TOKEN: 'secret' } })['//user.example/npm/:_authToken'], 'secret');
    writeFileSync(join(p.root, 'project', '.npmrc'), 'registry = https://project.example/\n');
    assert.equal(npmRegistry(npmConfig(p.places)), 'https://project.example/');
    assert.equal(npmRegistry(npmConfig({ ...p.places, env: { npm_config_registry: 'http://127.0.0.1:4873' } })), 'http://127.0.0.1:4873/');
    assert.equal(npmRegistry(npmConfig({ ...p.places, env: { NPM_CONFIG_REGISTRY: 'http://mirror.example/' } })), 'http://mirror.example/');
  });

  it('follows npm_config_userconfig to another user file', () => {
    const p = places();
    const other = join(p.root, 'other.npmrc');
    writeFileSync(other, 'registry=https://other.example/\n');
    assert.equal(npmRegistry(npmConfig({ ...p.places, env: { npm_config_userconfig: other } })), 'https://other.example/');
  });
});

describe('the newest published version', () => {
  const dist = (v: string) => ({ version: v, dist: { tarball: `https://r.example/zengin-code-${v}.tgz`, integrity: `sha512-${v}` } });
  const packument = {
    'dist-tags': { latest: '1.0.0-p20260630' },
    versions: {
      '1.0.0-p20260630': dist('1.0.0-p20260630'),
      '1.0.0-p20261031': dist('1.0.0-p20261031'),
      '1.0.0-p20260824': dist('1.0.0-p20260824'),
      '1.0.0-p20261399': dist('1.0.0-p20261399'), // no such date
      '1.0.0': dist('1.0.0'), // undated
      '1.0.0-p20261231': { version: '1.0.0-p20261231', dist: { tarball: 'https://r.example/x.tgz' } }, // no integrity
    },
  };

  it('is the one with the newest date, whatever the latest tag says', () => {
    assert.deepEqual(newestVersion(packument), { version: '1.0.0-p20261031', effectiveDate: '2026-10-31', tarball: 'https://r.example/zengin-code-1.0.0-p20261031.tgz', integrity: 'sha512-1.0.0-p20261031' });
    assert.deepEqual(datedVersions(packument).map((v) => v.version), ['1.0.0-p20261031', '1.0.0-p20260824', '1.0.0-p20260630']);
  });

  it('refuses a document without dated versions', () => {
    assert.throws(() => newestVersion({ versions: { '1.0.0': dist('1.0.0') } }), { message: 'the package document lists no version 1.0.0-pYYYYMMDD with a tarball and its integrity' });
    assert.throws(() => newestVersion({ name: 'zengin-code' }), { message: 'the package document has no versions' });
  });
});

describe('--update-interval durations', () => {
  it('reads hours, minutes, seconds and their sums; 0 is off', () => {
    assert.deepEqual(['24h', '6h', '30m', '1h30m', '45s', '1d', '0', '00'].map(parseDuration), [86_400_000, 21_600_000, 1_800_000, 5_400_000, 45_000, 86_400_000, 0, 0]);
  });

  it('refuses anything else with the accepted forms', () => {
    for (const bad of ['', '24', 'h', '1.5h', '-1h', 'daily', '6 h']) {
      assert.throws(() => parseDuration(bad), { message: `must be a duration such as 24h, 6h, 30m or 0 (off), not "${bad}"` }, bad);
    }
  });
});

describe('the store lease', () => {
  it('has one holder at a time, passes on when released or expired', async () => {
    const store = await openStore({ dataDir: tempDir() });
    try {
      const a = await tryLease(store.db, 'check', 'a', 60_000, 1_000);
      assert.ok(a);
      assert.equal(await tryLease(store.db, 'check', 'b', 60_000, 2_000), undefined);
      // Another name is another lease.
      assert.ok(await tryLease(store.db, 'other', 'b', 60_000, 2_000));
      await a.release();
      const b = await tryLease(store.db, 'check', 'b', 60_000, 3_000);
      assert.ok(b);
      // b's holder died: after its time, c takes it, and b's late release leaves c's lease alone.
      const c = await tryLease(store.db, 'check', 'c', 60_000, 63_001);
      assert.ok(c);
      await b.release();
      assert.equal(await tryLease(store.db, 'check', 'd', 60_000, 64_000), undefined);
    } finally {
      await store.close();
    }
  });
});
