/** An independent diff of two raw zengin-code versions, written plainly: the oracle of diff and History tests. */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const PACKAGES = ['zengin-code-20260225', 'zengin-code-20260331', 'zengin-code-20260524', 'zengin-code-20260630', 'zengin-code'];

export type RawData = Record<string, { name: string; kana: string; branches: Record<string, { name: string; kana: string }> }>;
export const raw = (pkg: string) => require(`${pkg}/lib/zengin-data.js`) as RawData;

/** Counts "resource:type" straight from the raw master, with the same rules written plainly. */
export function independentCounts(a: RawData, b: RawData): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
  for (const code of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[code];
    const y = b[code];
    if (!x) add('bank:added');
    else if (!y) add('bank:removed');
    else if (x.name !== y.name || x.kana !== y.kana) add('bank:renamed');
    const xb = x?.branches ?? {};
    const yb = y?.branches ?? {};
    const gone = Object.keys(xb).filter((c) => !yb[c]);
    const fresh = Object.keys(yb).filter((c) => !xb[c]);
    for (const c of Object.keys(xb)) if (yb[c] && (xb[c]!.name !== yb[c]!.name || xb[c]!.kana !== yb[c]!.kana)) add('branch:renamed');
    for (const c of gone) {
      const i = fresh.findIndex((f) => yb[f]!.name === xb[c]!.name && yb[f]!.kana === xb[c]!.kana);
      if (i >= 0) {
        fresh.splice(i, 1);
        add('branch:code_changed');
      } else add('branch:removed');
    }
    for (const _ of fresh) add('branch:added');
  }
  return counts;
}

