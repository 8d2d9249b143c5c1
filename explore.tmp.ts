import { loadBundledDirectory } from './src/dataset/bundled.js';
import { resolve } from './src/resolve/resolve.js';
const d = loadBundledDirectory();
const cases: [string, string, string?][] = JSON.parse(process.argv[2]!);
for (const [b, r, c] of cases) {
  const o = resolve(d, { bankName: b, branchName: r, ...(c ? { context: c as 'payment' } : {}) });
  const a = o.answer;
  console.log(JSON.stringify([b, r, c ?? 'default']), a.decision, a.best_match ? a.best_match.bank_code + '-' + a.best_match.branch_code + a.best_match.branch_name : '-', JSON.stringify(a.reason_codes), a.candidates.length, o.debug.scores.slice(0, 3).map(s => `${s.bank_code}-${s.branch_code}${s.branch_name}[${s.bank_kind}${s.bank_score}/${s.branch_kind}${s.branch_score}=${s.total}]`).join(' '));
}
