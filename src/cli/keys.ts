/** `ginko keys …` and `ginko plans …`: the account dashboard as commands over the store. */
import { type Command, InvalidArgumentError } from 'commander';
import { KeyStore } from '../store/key-store.js';
import { PlanStore } from '../store/plan-store.js';
import { openStore, type SqlStore } from '../store/open.js';
import { auditCli } from './cli-audit.js';
import { addStoreOptions, type StoreConfig } from './config.js';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function nonNegative(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) throw new InvalidArgumentError('must be a non-negative integer');
  return n;
}

function positive(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive integer');
  return n;
}

async function withStore<T>(config: StoreConfig, work: (store: SqlStore) => Promise<T>): Promise<T> {
  const store = await openStore(config);
  try {
    await new PlanStore(store.db).ensureDefaults();
    return await work(store);
  } finally {
    await store.close();
  }
}

const print = (line: string) => process.stdout.write(line + '\n');

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('create, list and revoke API keys');

  addStoreOptions(
    keys
      .command('create')
      .description('create a key; the key is printed alone on the last line and never shown again')
      .requiredOption('--plan <name>', 'plan of the key (see `ginko plans`)')
      .option('--name <text>', 'a label, e.g. "production web"', '')
      .option('--referrer <pattern>', 'allowed HTTP referrer pattern, * as wildcard (repeatable)', collect, [])
      .option('--ip <cidr>', 'allowed client address or CIDR block, IPv4 or IPv6 (repeatable)', collect, []),
  ).action(async (opts: StoreConfig & { plan: string; name: string; referrer: string[]; ip: string[] }) => {
    await withStore(opts, async (store) => {
      const { key, record } = await new KeyStore(store.db).create({ plan: opts.plan, name: opts.name, referrers: opts.referrer, ips: opts.ip });
      await auditCli(store.db, 'key.create', record.id, { plan: record.plan, name: record.name, referrers: record.referrers, ips: record.ips });
      print(`created ${record.id} (plan ${record.plan})`);
      print(key);
    });
  });

  addStoreOptions(keys.command('list').description('list keys (never the keys themselves)')).action(async (opts: StoreConfig) => {
    await withStore(opts, async (store) => {
      const rows = await new KeyStore(store.db).list();
      print(['id', 'key', 'plan', 'name', 'referrers', 'ips', 'created', 'last used', 'revoked'].join('\t'));
      for (const k of rows) {
        print([k.id, k.keyHint, k.plan, k.name, k.referrers.join(' ') || '-', k.ips.join(' ') || '-', k.createdAt, k.lastUsedAt ?? '-', k.revokedAt ?? '-'].join('\t'));
      }
    });
  });

  addStoreOptions(keys.command('revoke').description('revoke a key by id').argument('<id>')).action(async (id: string, opts: StoreConfig) => {
    await withStore(opts, async (store) => {
      if (!(await new KeyStore(store.db).revoke(id))) throw new Error(`no key with id ${id}`);
      await auditCli(store.db, 'key.revoke', id);
      print(`revoked ${id}`);
    });
  });

  addStoreOptions(
    keys
      .command('update')
      .description("replace a key's restrictions (and label): the lists given replace the old ones; none given means none")
      .argument('<id>')
      .option('--name <text>', 'a new label')
      .option('--referrer <pattern>', 'allowed HTTP referrer pattern, * as wildcard (repeatable)', collect, [])
      .option('--ip <cidr>', 'allowed client address or CIDR block, IPv4 or IPv6 (repeatable)', collect, []),
  ).action(async (id: string, opts: StoreConfig & { name?: string; referrer: string[]; ip: string[] }) => {
    await withStore(opts, async (store) => {
      if (!(await new KeyStore(store.db).update(id, { name: opts.name, referrers: opts.referrer, ips: opts.ip }))) throw new Error(`no key with id ${id}`);
      await auditCli(store.db, 'key.update', id, { ...(opts.name !== undefined ? { name: opts.name } : {}), referrers: opts.referrer, ips: opts.ip });
      print(`updated ${id}: referrers ${opts.referrer.join(' ') || '-'}, ips ${opts.ip.join(' ') || '-'}`);
    });
  });

  const plans = program.command('plans').description('list plans (`plans list`, the default) or create and change them (`plans set`)');
  addStoreOptions(plans.command('list', { isDefault: true }).description('list plans')).action(async (opts: StoreConfig) => {
    await withStore(opts, async (store) => {
      print(['plan', 'per second', 'per day', 'export', 'webhooks', 'codes per webhook'].join('\t'));
      for (const p of await new PlanStore(store.db).list()) print([p.name, p.perSecond, p.perDay, p.exportAllowed ? 'yes' : 'no', p.webhooks, p.webhookCodes].join('\t'));
    });
  });

  addStoreOptions(
    plans
      .command('set')
      .description('create or change a plan')
      .argument('<name>')
      .requiredOption('--per-second <n>', 'requests per second', positive)
      .requiredOption('--per-day <n>', 'requests per JST calendar day', positive)
      .option('--export', 'allow the Master Export API')
      .option('--no-export', 'disallow the Master Export API')
      .option('--webhooks <n>', 'webhooks a key may have (docs/webhooks.md); default: unchanged, 0 for a new plan', nonNegative)
      .option('--webhook-codes <n>', 'codes one webhook may watch; default: unchanged, 0 for a new plan', nonNegative),
  ).action(async (name: string, opts: StoreConfig & { perSecond: number; perDay: number; export?: boolean; webhooks?: number; webhookCodes?: number }) => {
    await withStore(opts, async (store) => {
      const planStore = new PlanStore(store.db);
      const existing = await planStore.get(name);
      const plan = {
        name,
        perSecond: opts.perSecond,
        perDay: opts.perDay,
        exportAllowed: opts.export ?? existing?.exportAllowed ?? false,
        webhooks: opts.webhooks ?? existing?.webhooks ?? 0,
        webhookCodes: opts.webhookCodes ?? existing?.webhookCodes ?? 0,
      };
      await planStore.set(plan);
      await auditCli(store.db, 'plan.set', name, { perSecond: plan.perSecond, perDay: plan.perDay, exportAllowed: plan.exportAllowed, webhooks: plan.webhooks, webhookCodes: plan.webhookCodes });
      print(`plan ${name}: ${plan.perSecond}/s, ${plan.perDay}/day, export ${plan.exportAllowed ? 'yes' : 'no'}, ${plan.webhooks} webhooks of ${plan.webhookCodes} codes`);
    });
  });
}
