/**
 * The Data page: the current snapshot, the update history with change counts, the change
 * browser, "check for updates now" (one check as `ginko update`, audited, its result line
 * shown on the page), and "check a payee file" (an uploaded CSV through the payee check, its
 * verdict counts shown and its result offered for download: payee-upload.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UpdateCheckResult } from '../../../../console/update-check.js';
import { updateSummaries } from '../../../../console/data-summary.js';
import { CHANGE_TYPES } from '../../../../history/history-view.js';
import { describeCounts } from '../../../../history/updater.js';
import { QueryError } from '../../../../shared/query-error.js';
import { hidden } from '../hidden.js';
import type { MultipartBody } from '../multipart-body.js';
import { checkUpload, type PayeeUploadView } from '../payee-upload.js';
import type { Translate } from '../i18n.js';
import { queryParam } from '../query.js';
import type { AdminServices } from '../services.js';
import { frameOf, requireSession, sendErrorPage, sendPage, translate } from '../session.js';

export const CHANGES_PER_PAGE = 50;

/** The check's result as one line: a notice when it went through, an error when nothing changed because it could not. */
export function checkResultLine(t: Translate, result: UpdateCheckResult): { readonly status: number; readonly notice?: string; readonly error?: string } {
  switch (result.kind) {
    case 'current':
      return { status: 200, notice: t('data.check.current', { date: result.effectiveDate }) };
    case 'updated': {
      const counts = describeCounts(result.counts);
      return { status: 200, notice: t('data.check.updated', { id: result.updateId, n: result.changes, counts: counts ? ` (${counts})` : '' }) };
    }
    case 'failed':
      return { status: 502, error: t('data.check.failed', { reason: result.reason, message: result.message }) };
    case 'busy':
      return { status: 409, error: t('data.check.busy') };
    case 'misconfigured':
      return { status: 500, error: t('data.check.misconfigured', { message: result.message }) };
  }
}

/** What the audit log keeps of a check: its outcome and what identifies it. */
function auditDetail(result: UpdateCheckResult): Record<string, unknown> {
  switch (result.kind) {
    case 'current':
      return { outcome: 'current', effectiveDate: result.effectiveDate, newest: result.newest };
    case 'updated':
      return { outcome: 'updated', updateId: result.updateId, version: result.version, changes: result.changes, counts: result.counts };
    case 'failed':
      return { outcome: 'failed', reason: result.reason, message: result.message };
    case 'busy':
      return { outcome: 'busy' };
    case 'misconfigured':
      return { outcome: 'misconfigured', message: result.message };
  }
}

export function registerData(app: FastifyInstance, services: AdminServices): void {
  async function page(request: FastifyRequest, reply: FastifyReply, status: number, extra: { notice?: string | undefined; error?: string | undefined } = {}, payees?: PayeeUploadView) {
    const bank = (queryParam(request, 'bank') ?? '').trim();
    const cursor = queryParam(request, 'cursor') || undefined;
    const directory = services.app.snapshots.current.directory;
    const snapshot = {
      version: directory.version,
      effectiveDate: directory.effectiveDate,
      ageDays: Math.max(0, Math.floor((Date.now() - Date.parse(`${directory.effectiveDate}T00:00:00+09:00`)) / 86_400_000)),
      banks: directory.banks.length,
      branches: directory.branchCount,
    };
    let changes: readonly unknown[] = [];
    let next: string | null = null;
    let changesError: string | undefined;
    try {
      // The form's bank code, checked as the History API's schema checks bank_code.
      if (bank !== '' && !/^[0-9]{4}$/.test(bank)) throw new QueryError('bank_code', bank, 'bank_code must be 4 half-width digits');
      const listed = services.app.history.history.listChanges({ bank_code: bank || undefined, limit: CHANGES_PER_PAGE, cursor }, services.app.cursors);
      changes = listed.items;
      next = listed.next_cursor;
    } catch (err) {
      if (!(err instanceof QueryError)) throw err;
      changesError = err.message;
    }
    return sendPage(reply, changesError ? 400 : status, 'data', frameOf(request, 'data', extra), {
      snapshot,
      updates: await updateSummaries(services.console.db),
      changeTypes: CHANGE_TYPES,
      bank,
      changes,
      next,
      changesError,
      canCheck: services.console.updates !== undefined,
      payees,
    });
  }

  app.get('/data', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    return page(request, reply, 200);
  });

  app.post('/data/check', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const updates = services.console.updates;
    if (!updates) return sendErrorPage(request, reply, 404, translate(request)('error.notFound'));
    const result = await updates.run();
    const operator = request.operatorSession!.operator;
    const detail = auditDetail(result);
    await services.console.audit.record({ operator, action: 'data.check', target: result.kind === 'updated' ? result.updateId : '', detail, ip: request.ip });
    const { status, notice, error } = checkResultLine(translate(request), result);
    if (result.kind === 'updated') request.log.info({ operator, ...detail }, 'console update check: imported a newer snapshot');
    else if (error) request.log.warn({ operator, ...detail }, 'console update check changed nothing');
    return page(request, reply, status, { notice, error });
  });

  app.post('/data/payees', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const t = translate(request);
    const file = (request.body as MultipartBody | undefined)?.file;
    if (file === undefined || typeof file === 'string') return page(request, reply, 400, { error: t('data.payees.noFile') });
    const result = await checkUpload(services.app.snapshots.current, file);
    if ('error' in result) return page(request, reply, 400, { error: result.error === 'empty' ? t('data.payees.empty') : t('data.payees.unreadable', { message: result.error }) });
    const { view } = result;
    const operator = request.operatorSession!.operator;
    await services.console.audit.record({ operator, action: 'data.payees', target: view.filename, detail: { read: view.read, counts: Object.fromEntries(view.counts.map((c) => [c.verdict, c.n])), leftOut: view.leftOut }, ip: request.ip });
    return page(request, reply, 200, { notice: t('data.payees.done', { file: view.filename, n: view.read }) }, view);
  });
}
