import { loadBundledDirectory } from './src/dataset/bundled.js';
import { resolve } from './src/resolve/resolve.js';
import { warmResolveIndex, resolveIndex } from './src/resolve/resolve-index.js';
import { analyzeBankInput, matchBanks } from './src/resolve/match-bank.js';
import { analyzeBranchInput, matchBranches } from './src/resolve/match-branch.js';
const d = loadBundledDirectory(); warmResolveIndex(d); const idx = resolveIndex(d);
const cases = [['北陸労働金庫','奥越'],['さつま日置農業協同組合','松元'],['三菱UFJ','渋谷'],['みずほ','東京支店']];
for (const [b, r] of cases) {
  const N = 300;
  let t = performance.now(); for (let i = 0; i < N; i++) resolve(d, { bankName: b!, branchName: r! }); const total = (performance.now() - t) / N;
  t = performance.now(); for (let i = 0; i < N; i++) analyzeBankInput(b!); const ab = (performance.now() - t) / N;
  const a = analyzeBankInput(b!);
  t = performance.now(); for (let i = 0; i < N; i++) matchBanks(idx, a); const mb = (performance.now() - t) / N;
  t = performance.now(); for (let i = 0; i < N; i++) analyzeBranchInput(r!); const abr = (performance.now() - t) / N;
  const banks = matchBanks(idx, a); const bi = analyzeBranchInput(r!);
  t = performance.now(); for (let i = 0; i < N; i++) for (const m of banks.slice(0, 10)) matchBranches(idx.branches(m.entry.bank.code), bi); const mbr = (performance.now() - t) / N;
  console.log(b, r, 'total', total.toFixed(3), 'analyzeBank', ab.toFixed(3), 'matchBanks', mb.toFixed(3), 'analyzeBranch', abr.toFixed(3), 'matchBranches', mbr.toFixed(3), 'banks', banks.length, a.readings.length);
}
