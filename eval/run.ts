/** `npm run eval`: the Resolve evaluation reports (Markdown), clean names then names as files hold them, and every case that went wrong. */
import { loadBundledServing } from '../src/dataset/bundled.js';
import { warmResolveIndex } from '../src/resolve/resolve-index.js';
import { REAL_CASE_CLASSES } from './cases.js';
import { type CaseResult, evaluate, type EvalReport, formatReport, loadRealEvalFile } from './evaluate.js';

const snapshot = loadBundledServing();
warmResolveIndex(snapshot);
const out = (line: string) => process.stdout.write(line + '\n');

function problems<C extends string>(report: EvalReport<C>): void {
  const show = (r: CaseResult<C>) => `  ${r.context} ${r.case.id} ${r.case.bank_name} / ${r.case.branch_name}`;
  if (report.wrongAutos.length > 0) {
    out('\nWrong auto-confirmations:');
    for (const r of report.wrongAutos) out(`${show(r)} → ${r.best}`);
  }
  if (report.disagreements.length > 0) {
    out('\nDecisions other than pinned:');
    for (const r of report.disagreements) out(`${show(r)}: expected ${r.case.decisions[r.context]}, got ${r.decision} (best ${r.best ?? '–'}, expected ${r.case.expected ? `${r.case.expected.bank_code}-${r.case.expected.branch_code}` : '–'})`);
  }
}

const clean = evaluate(snapshot);
out('### Clean names (eval/resolve.json)\n');
out(formatReport(clean));
problems(clean);

const real = evaluate(snapshot, loadRealEvalFile(), REAL_CASE_CLASSES);
out('\n### Names as files hold them (eval/resolve-real.json)\n');
out(formatReport(real, { perClassTiming: true }));
problems(real);
process.exitCode = clean.wrongAutos.length + real.wrongAutos.length > 0 ? 1 : 0;
