import { loadBundledDirectory } from './src/dataset/bundled.js';
import { resolve } from './src/resolve/resolve.js';
import { warmResolveIndex } from './src/resolve/resolve-index.js';
const d = loadBundledDirectory();
let t = performance.now(); warmResolveIndex(d); console.log('warm ms', performance.now() - t);
const cases: [string, string, string?][] = JSON.parse(process.argv[2]!);
for (const [b, r, c] of cases) {
  const o = resolve(d, { bankName: b, branchName: r, ...(c ? { context: c as 'payment' } : {}) });
  console.log(b, '/', r, c ?? '', '→', o.answer.decision, o.answer.reason_codes.join(','), o.debug.scores.slice(0, 4).map(s => `${s.bank_code}-${s.branch_code}${s.branch_name}[${s.bank_kind}${s.bank_score}/${s.branch_kind}${s.branch_score}=${s.total}]`).join(' '));
}
