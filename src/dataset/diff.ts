/**
 * The changes between two snapshots of the directory (issue 7 diff rules). Banks are matched by
 * code, branches by (bank code, branch code). A branch that disappears and reappears in the
 * same bank under another code with the same name and reading, within one update, is one
 * `code_changed` rather than a removal and an addition. Branches of an added or removed
 * institution are reported too, so a consumer that mirrors branches needs nothing else.
 */
import type { Bank, Branch } from '../domain/types.js';
import type { Directory } from './directory.js';

export type ChangeType = 'added' | 'removed' | 'renamed' | 'code_changed' | 'updated';
export type ResourceType = 'bank' | 'branch';

export interface FieldChange {
  readonly field: string;
  readonly before: string | null;
  readonly after: string | null;
}

export interface ChangeDraft {
  readonly resourceType: ResourceType;
  readonly changeType: ChangeType;
  readonly bankCode: string;
  readonly bankName: string | null;
  readonly branchCode: string | null;
  readonly branchName: string | null;
  /** Main fields before; empty for an addition. */
  readonly before: Readonly<Record<string, string>>;
  /** Main fields after; empty for a removal. */
  readonly after: Readonly<Record<string, string>>;
  readonly changedFields: readonly string[];
  readonly fieldChanges: readonly FieldChange[];
  readonly reasonLabelJa: string;
}

const READING_FIELDS = ['name', 'halfWidthKana', 'fullWidthKana', 'hiragana'] as const;

function fieldsOf(resource: Bank | Branch): Record<string, string> {
  return { ...resource };
}

function compare(before: Record<string, string>, after: Record<string, string>): FieldChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names.filter((f) => before[f] !== after[f]).map((f) => ({ field: f, before: before[f] ?? null, after: after[f] ?? null }));
}

function label(changeType: ChangeType, resourceType: ResourceType, changed: readonly string[]): string {
  const what = resourceType === 'bank' ? '金融機関' : '支店';
  switch (changeType) {
    case 'added':
      return `${what}の新規追加`;
    case 'removed':
      return `${what}の廃止`;
    case 'code_changed':
      return `${what}コードの変更`;
    case 'renamed':
      return changed.includes('name') ? `${what}名の変更` : `${what}名の読みの変更`;
    case 'updated':
      return `${what}情報の更新`;
  }
}

function draft(
  resourceType: ResourceType,
  changeType: ChangeType,
  bank: Bank,
  beforeRes: Bank | Branch | undefined,
  afterRes: Bank | Branch | undefined,
): ChangeDraft {
  const before = beforeRes ? fieldsOf(beforeRes) : {};
  const after = afterRes ? fieldsOf(afterRes) : {};
  const fieldChanges = compare(before, after);
  const changedFields = fieldChanges.map((c) => c.field);
  const branch = resourceType === 'branch' ? (afterRes ?? beforeRes)! : undefined;
  return {
    resourceType,
    changeType,
    bankCode: bank.code,
    bankName: bank.name,
    branchCode: branch?.code ?? null,
    branchName: branch?.name ?? null,
    before,
    after,
    changedFields,
    fieldChanges,
    reasonLabelJa: label(changeType, resourceType, changedFields),
  };
}

/**
 * Whether compare(fieldsOf(a), fieldsOf(b)) is empty, without copying either: nearly every
 * record of a version equals its record in the version before, and the copies made for that
 * answer were most of the diff's time when the first start seeds the history.
 */
function sameFields(a: Bank | Branch, b: Bank | Branch): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  for (const f of Object.keys(x)) if (x[f] !== y[f]) return false;
  for (const f of Object.keys(y)) if (!Object.hasOwn(x, f) && y[f] !== undefined) return false;
  return true;
}

/** The change type of `before` → `after` (the same record in two versions), undefined when nothing changed. */
function changeOf(before: Bank | Branch, after: Bank | Branch): ChangeType | undefined {
  return sameFields(before, after) ? undefined : changeTypeOf(compare(fieldsOf(before), fieldsOf(after)));
}

function changeTypeOf(fieldChanges: readonly FieldChange[]): ChangeType | undefined {
  if (fieldChanges.length === 0) return undefined;
  return fieldChanges.some((c) => (READING_FIELDS as readonly string[]).includes(c.field)) ? 'renamed' : 'updated';
}

const sameReading = (a: Branch, b: Branch) => a.name === b.name && a.fullWidthKana === b.fullWidthKana;

function diffBranches(bank: Bank, before: readonly Branch[], after: readonly Branch[]): ChangeDraft[] {
  // Most banks' branches are the same from one version to the next: nothing to pair.
  if (before.length === after.length && before.every((b, i) => sameFields(b, after[i]!))) return [];
  const key = (b: Branch) => `${b.code}\u0000${b.name}`;
  const byCode = (list: readonly Branch[]) => {
    const m = new Map<string, Branch[]>();
    for (const b of list) m.set(b.code, [...(m.get(b.code) ?? []), b]);
    return m;
  };
  const oldByCode = byCode(before);
  const newByCode = byCode(after);
  const removed: Branch[] = [];
  const added: Branch[] = [];
  const changes: ChangeDraft[] = [];
  for (const code of [...new Set([...oldByCode.keys(), ...newByCode.keys()])].sort()) {
    const olds = [...(oldByCode.get(code) ?? [])];
    const news = [...(newByCode.get(code) ?? [])];
    // Where a bank repeats a code, pair equal names first so the others diff as renames.
    for (const n of [...news]) {
      const i = olds.findIndex((o) => key(o) === key(n));
      if (i >= 0) {
        const [o] = olds.splice(i, 1);
        news.splice(news.indexOf(n), 1);
        const type = changeOf(o!, n);
        if (type) changes.push(draft('branch', type, bank, o, n));
      }
    }
    while (olds.length > 0 && news.length > 0) {
      const o = olds.shift()!;
      const n = news.shift()!;
      const type = changeOf(o, n);
      if (type) changes.push(draft('branch', type, bank, o, n));
    }
    removed.push(...olds);
    added.push(...news);
  }
  for (const r of removed) {
    const i = added.findIndex((a) => sameReading(a, r));
    if (i >= 0) {
      const [a] = added.splice(i, 1);
      changes.push(draft('branch', 'code_changed', bank, r, a));
    } else changes.push(draft('branch', 'removed', bank, r, undefined));
  }
  for (const a of added) changes.push(draft('branch', 'added', bank, undefined, a));
  return changes;
}

const order = (c: ChangeDraft) => `${c.resourceType === 'bank' ? 0 : 1}${c.bankCode}${c.branchCode ?? ''}${c.changeType}`;

/** Every change from `before` to `after`; `before` undefined makes everything an addition. */
export function diffDirectories(before: Directory | undefined, after: Directory): ChangeDraft[] {
  const changes: ChangeDraft[] = [];
  const codes = new Set([...(before?.banks ?? []).map((b) => b.code), ...after.banks.map((b) => b.code)]);
  for (const code of [...codes].sort()) {
    const oldBank = before?.bank(code);
    const newBank = after.bank(code);
    if (!oldBank) changes.push(draft('bank', 'added', newBank!, undefined, newBank));
    else if (!newBank) changes.push(draft('bank', 'removed', oldBank, oldBank, undefined));
    else {
      const type = changeOf(oldBank, newBank);
      if (type) changes.push(draft('bank', type, newBank, oldBank, newBank));
    }
    const bank = (newBank ?? oldBank)!;
    changes.push(...diffBranches(bank, before?.branches(code) ?? [], after.branches(code)));
  }
  // Each change's sort key made once, not twice per comparison (30,000 additions on a first start).
  const keyed = changes.map((change) => ({ key: order(change), change }));
  return keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((k) => k.change);
}
