/** The Data page: the current snapshot, the update history with change counts, the change browser. */
import type { FastifyInstance } from 'fastify';
import { updateSummaries } from '../../../../console/data-summary.js';
import { CHANGE_TYPES } from '../../../../history/history-view.js';
import { QueryError } from '../../../../shared/query-error.js';
import { hidden } from '../hidden.js';
import { queryParam } from '../query.js';
import type { AdminServices } from '../services.js';
import { frameOf, requireSession, sendPage } from '../session.js';

export const CHANGES_PER_PAGE = '50';

export function registerData(app: FastifyInstance, services: AdminServices): void {
  app.get('/data', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
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
      const page = services.app.history.history.listChanges({ bank_code: bank || undefined, limit: CHANGES_PER_PAGE, cursor }, services.app.cursors);
      changes = page.items;
      next = page.next_cursor;
    } catch (err) {
      if (!(err instanceof QueryError)) throw err;
      changesError = err.message;
    }
    return sendPage(reply, changesError ? 400 : 200, 'data', frameOf(request, 'data'), { snapshot, updates: await updateSummaries(services.console.db), changeTypes: CHANGE_TYPES, bank, changes, next, changesError });
  });
}
