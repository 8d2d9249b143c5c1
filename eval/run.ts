/** `npm run eval`: the Resolve evaluation report (Markdown) and every case that went wrong. */
import { loadBundledServing } from '../src/dataset/bundled.js';
import { warmResolveIndex } from '../src/resolve/resolve-index.js';
import { evaluate, formatReport } from './evaluate.js';

const snapshot = loadBundledServing();
warmResolveIndex(snapshot);
const report = evaluate(snapshot);
const out = (line: string) => process.stdout.write(line + '\n');
out(formatReport(report));
if (report.wrongAutos.length > 0) {
  out('\nWrong auto-confirmations:');
  for (const r of report.wrongAutos) out(`  ${r.context} ${r.case.id} ${r.case.bank_name} / ${r.case.branch_name} → ${r.best}`);
}
if (report.disagreements.length > 0) {
  out('\nDecisions other than pinned:');
  for (const r of report.disagreements) out(`  ${r.context} ${r.case.id} ${r.case.bank_name} / ${r.case.branch_name}: expected ${r.case.decisions[r.context]}, got ${r.decision} (best ${r.best ?? '–'}, expected ${r.case.expected ? `${r.case.expected.bank_code}-${r.case.expected.branch_code}` : '–'})`);
}
process.exitCode = report.wrongAutos.length > 0 ? 1 : 0;
