/**
 * `npm run eval`: the Resolve evaluation reports (Markdown), clean names, names as files hold
 * them, names as a new user types them and romaji, the lineage evaluation, and every case that
 * went wrong.
 */
import { loadBundledServing } from '../src/dataset/bundled.js';
import { lineageOf } from '../src/lineage/lineage.js';
import { LINEAGE, LINEAGE_HISTORY } from '../src/lineage/served.js';
import { warmResolveIndex } from '../src/resolve/resolve-index.js';
import { REAL_CASE_CLASSES, TYPED_CASE_CLASSES } from './cases.js';
import { type CaseResult, evaluate, type EvalReport, formatReport, loadRealEvalFile, loadTypedEvalFile } from './evaluate.js';
import { evaluateLineage, formatLineageReport } from './lineage-evaluate.js';
import { evaluateRomaji, formatRomajiReport } from './romaji-evaluate.js';

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
    for (const r of report.disagreements) {
      const missing = r.missingReasons.length > 0 ? `, without ${r.missingReasons.join(', ')}` : '';
      out(`${show(r)}: expected ${r.case.decisions[r.context]}, got ${r.decision}${missing} (best ${r.best ?? '–'}, expected ${r.case.expected ? `${r.case.expected.bank_code}-${r.case.expected.branch_code}` : '–'})`);
    }
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

const typed = evaluate(snapshot, loadTypedEvalFile(), TYPED_CASE_CLASSES);
out('\n### Names as a new user types them (eval/resolve-typed.json)\n');
out(formatReport(typed, { perClassTiming: true }));
problems(typed);

const romaji = evaluateRomaji(snapshot);
out('\n' + formatRomajiReport(romaji));
if (romaji.freewordMisses.length > 0) {
  out('\nRomaji freeword queries whose first result is not the meant record:');
  for (const m of romaji.freewordMisses) out(`  ${m.case.kind} ${m.case.bankCode ?? ''} ${m.case.query} → ${m.top ?? 'nothing'} (expected ${m.case.expected})`);
}
for (const w of romaji.wrongAutos) out(`  wrong auto-confirmation (romaji) ${w.context} ${w.case.id} ${w.case.bank_name} / ${w.case.branch_name} → ${w.best}`);

const history = snapshot.derive(LINEAGE_HISTORY);
const lineage = evaluateLineage(lineageOf(history, []), snapshot.derive(LINEAGE));
out('\n### Lineage (eval/lineage.json)\n');
out(formatLineageReport(lineage));
for (const { kind, how, score } of lineage.rows) for (const m of score.misses) out(`  ${kind}, ${how}: ${m.code} expected ${m.expected ?? 'no successor'}, got ${m.got ?? 'no successor'}`);
process.exitCode = clean.wrongAutos.length + real.wrongAutos.length + typed.wrongAutos.length + romaji.wrongAutos.length > 0 ? 1 : 0;
