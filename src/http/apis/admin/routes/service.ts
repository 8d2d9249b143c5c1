/** The Service page: maintenance on/off (with confirmation), health, version, replicas seen recently. */
import type { FastifyInstance } from 'fastify';
import { readMaintenance, writeMaintenance } from '../../../../store/maintenance-setting.js';
import { recentReplicas } from '../../../../console/replicas.js';
import { formOf } from '../form-body.js';
import { hidden } from '../hidden.js';
import { queryParam } from '../query.js';
import type { AdminServices } from '../services.js';
import { frameOf, requireSession, sendErrorPage, sendPage, translate } from '../session.js';

export function registerService(app: FastifyInstance, services: AdminServices): void {
  const db = services.console.db;

  app.get('/service', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const t = translate(request);
    const switched = queryParam(request, 'maintenance');
    // The stored setting, which every server follows within seconds (a server started with
    // --maintenance stays in maintenance whatever it says: docs/access.md).
    const maintenance = await readMaintenance(db);
    return sendPage(reply, 200, 'service', frameOf(request, 'service', { notice: switched === 'on' || switched === 'off' ? t('service.switched', { state: t(`state.${switched}`) }) : undefined }), {
      maintenance,
      version: services.console.version,
      dataVersion: services.app.snapshots.current.directory.version,
      store: services.console.storeLocation,
      redis: services.app.access.parts.counters.kind === 'redis' && services.app.access.parts.counters.connected,
      replicas: await recentReplicas(db),
      self: services.console.heartbeat.id,
    });
  });

  app.get('/service/maintenance', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const to = queryParam(request, 'to');
    const t = translate(request);
    if (to !== 'on' && to !== 'off') return sendErrorPage(request, reply, 400, t('error.invalid', { message: 'to must be on or off' }));
    return sendPage(reply, 200, 'confirm', frameOf(request, 'service'), {
      heading: to === 'on' ? t('service.turnOn') : t('service.turnOff'),
      warning: to === 'on' ? t('service.confirmOn') : t('service.confirmOff'),
      confirm: t('service.confirm'),
      action: '/admin/service/maintenance',
      fields: { to },
      cancelHref: '/admin/service',
    });
  });

  app.post('/service/maintenance', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const to = formOf(request.body).to;
    if (to !== 'on' && to !== 'off') return sendErrorPage(request, reply, 400, translate(request)('error.invalid', { message: 'to must be on or off' }));
    await writeMaintenance(db, to === 'on');
    await services.console.audit.record({ operator: request.operatorSession!.operator, action: `maintenance.${to}`, target: '', detail: {}, ip: request.ip });
    return reply.redirect(`/admin/service?maintenance=${to}`, 303);
  });
}
