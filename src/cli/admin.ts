/** `ginko admin …`: operators of the console (docs/console.md) and the audit log of their actions. */
import { type Command, InvalidArgumentError } from 'commander';
import { AuditLog } from '../console/audit.js';
import { OperatorStore } from '../console/operators.js';
import { openStore, type SqlStore } from '../store/open.js';
import { auditCli } from './cli-audit.js';
import { addStoreOptions, type StoreConfig } from './config.js';
import { readNewPassword } from './password-input.js';

const print = (line: string) => process.stdout.write(line + '\n');

async function withStore<T>(config: StoreConfig, work: (store: SqlStore) => Promise<T>): Promise<T> {
  const store = await openStore(config);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

function limit(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 10_000) throw new InvalidArgumentError('must be an integer from 1 to 10000');
  return n;
}

export function registerAdminCommands(program: Command): void {
  const admin = program.command('admin').description('operators of the web console at /admin/ and the audit log');

  addStoreOptions(
    admin
      .command('add')
      .description('add an operator; the password is read from the terminal (twice) or, with --password-stdin, from standard input')
      .argument('<name>')
      .option('--password-stdin', 'read the password from the first line of standard input'),
  ).action(async (name: string, opts: StoreConfig & { passwordStdin?: boolean }) => {
    const password = await readNewPassword(opts.passwordStdin ?? false);
    await withStore(opts, async (store) => {
      await new OperatorStore(store.db).add(name, password);
      await auditCli(store.db, 'operator.add', name);
      print(`added operator ${name}`);
    });
  });

  addStoreOptions(admin.command('list').description('list operators')).action(async (opts: StoreConfig) => {
    await withStore(opts, async (store) => {
      print(['name', 'created', 'password changed'].join('\t'));
      for (const o of await new OperatorStore(store.db).list()) print([o.name, o.createdAt, o.passwordChangedAt].join('\t'));
    });
  });

  addStoreOptions(admin.command('remove').description('remove an operator and end their sessions').argument('<name>')).action(async (name: string, opts: StoreConfig) => {
    await withStore(opts, async (store) => {
      if (!(await new OperatorStore(store.db).remove(name))) throw new Error(`no operator named ${name}`);
      await auditCli(store.db, 'operator.remove', name);
      print(`removed operator ${name}`);
    });
  });

  addStoreOptions(
    admin
      .command('passwd')
      .description("change an operator's password (ends their sessions)")
      .argument('<name>')
      .option('--password-stdin', 'read the password from the first line of standard input'),
  ).action(async (name: string, opts: StoreConfig & { passwordStdin?: boolean }) => {
    await withStore(opts, async (store) => {
      const operators = new OperatorStore(store.db);
      if (!(await operators.get(name))) throw new Error(`no operator named ${name}`);
      const password = await readNewPassword(opts.passwordStdin ?? false);
      await operators.setPassword(name, password);
      await auditCli(store.db, 'operator.passwd', name);
      print(`changed the password of ${name}`);
    });
  });

  addStoreOptions(
    admin
      .command('audit')
      .description('the audit log of operator actions, newest first (tab-separated, or JSON lines with --json)')
      .option('--operator <name>', 'only the actions of this operator')
      .option('--limit <n>', 'at most this many entries', limit, 100)
      .option('--json', 'one JSON object per line'),
  ).action(async (opts: StoreConfig & { operator?: string; limit: number; json?: boolean }) => {
    await withStore(opts, async (store) => {
      const entries = await new AuditLog(store.db).list({ operator: opts.operator, limit: opts.limit });
      if (opts.json) {
        for (const e of entries) print(JSON.stringify(e));
        return;
      }
      print(['when', 'operator', 'action', 'target', 'from', 'detail'].join('\t'));
      for (const e of entries) print([e.at, e.operator, e.action, e.target || '-', e.ip, JSON.stringify(e.detail)].join('\t'));
    });
  });
}
