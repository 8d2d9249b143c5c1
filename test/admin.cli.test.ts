/** `ginko admin …` and the audit entries of CLI actions, run as an operator would. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openStore } from '../src/store/open.js';
import { runGinko, runGinkoWithInput } from './support/process.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-admin-cli-');

const ginkoWithInput = (args: readonly string[], input: string) => runGinkoWithInput(args, input, { USER: 'ops' });

describe('ginko admin', () => {
  const dataDir = tempDir();
  const store = ['--data-dir', dataDir];

  it('adds, lists, changes and removes operators; the password never appears in output or store', async () => {
    const added = await ginkoWithInput(['admin', 'add', 'alice', '--password-stdin', ...store], 'a long secret phrase\n');
    assert.deepEqual([added.code, added.stdout, added.stderr], [0, 'added operator alice\n', '']);
    const again = await ginkoWithInput(['admin', 'add', 'alice', '--password-stdin', ...store], 'a long secret phrase\n');
    assert.deepEqual([again.code, again.stderr], [1, 'ginko: operator "alice" already exists\n']);
    const short = await ginkoWithInput(['admin', 'add', 'bob', '--password-stdin', ...store], 'short\n');
    assert.deepEqual([short.code, short.stderr], [1, 'ginko: the password must have at least 10 characters\n']);
    const noTerminal = await runGinko(['admin', 'add', 'bob', ...store]);
    assert.deepEqual([noTerminal.code, noTerminal.stderr], [1, 'ginko: no terminal to read the password from: pipe it in with --password-stdin\n']);
    const list = await runGinko(['admin', 'list', ...store]);
    assert.equal(list.code, 0);
    assert.match(list.stdout, /^name\tcreated\tpassword changed\nalice\t\d{4}-\d\d-\d\dT[\d:.]+Z\t\d{4}-\d\d-\d\dT[\d:.]+Z\n$/);
    const passwd = await ginkoWithInput(['admin', 'passwd', 'alice', '--password-stdin', ...store], 'another long phrase\n');
    assert.deepEqual([passwd.code, passwd.stdout], [0, 'changed the password of alice\n']);
    const missing = await ginkoWithInput(['admin', 'passwd', 'nobody', '--password-stdin', ...store], 'another long phrase\n');
    assert.deepEqual([missing.code, missing.stderr], [1, 'ginko: no operator named nobody\n']);
    const opened = await openStore({ dataDir });
    const hash = (await opened.db.selectFrom('operators').select('password_hash').where('name', '=', 'alice').executeTakeFirstOrThrow()).password_hash;
    await opened.close();
    assert.match(hash, /^scrypt\$32768\$8\$1\$/);
    assert.equal(hash.includes('another long phrase'), false);
    const removed = await runGinko(['admin', 'remove', 'alice', ...store]);
    assert.deepEqual([removed.code, removed.stdout], [0, 'removed operator alice\n']);
    const removedAgain = await runGinko(['admin', 'remove', 'alice', ...store]);
    assert.deepEqual([removedAgain.code, removedAgain.stderr], [1, 'ginko: no operator named alice\n']);
  });

  it('audits CLI actions and lists them newest first, also as JSON lines', async () => {
    const created = await runGinko(['keys', 'create', '--plan', 'free', '--name', 'team a', ...store], { USER: 'ops' });
    const id = /created (key_[0-9a-f]+)/.exec(created.stdout)![1]!;
    const updated = await runGinko(['keys', 'update', id, '--referrer', 'https://a.example/*', ...store], { USER: 'ops' });
    assert.deepEqual([updated.code, updated.stdout], [0, `updated ${id}: referrers https://a.example/*, ips -\n`]);
    const badIp = await runGinko(['keys', 'update', id, '--ip', 'not-an-ip', ...store]);
    assert.equal(badIp.code, 1);
    await runGinko(['maintenance', 'on', ...store], { USER: 'ops' });
    const audit = await runGinko(['admin', 'audit', '--json', '--limit', '3', ...store]);
    assert.equal(audit.code, 0);
    const entries = audit.stdout.trim().split('\n').map((l) => JSON.parse(l) as { operator: string; action: string; target: string; ip: string; detail: unknown });
    assert.deepEqual(
      entries.map((e) => [e.operator, e.action, e.target, e.ip]),
      [
        ['cli:ops', 'maintenance.on', '', 'cli'],
        ['cli:ops', 'key.update', id, 'cli'],
        ['cli:ops', 'key.create', id, 'cli'],
      ],
    );
    assert.deepEqual(entries[1]!.detail, { referrers: ['https://a.example/*'], ips: [] });
    const byOperator = await runGinko(['admin', 'audit', '--operator', 'nobody', ...store]);
    assert.equal(byOperator.stdout, 'when\toperator\taction\ttarget\tfrom\tdetail\n');
    const badLimit = await runGinko(['admin', 'audit', '--limit', '0', ...store]);
    assert.equal(badLimit.code, 1);
    assert.match(badLimit.stderr, /must be an integer from 1 to 10000/);
  });
});
