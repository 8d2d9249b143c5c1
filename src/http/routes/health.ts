/** Readiness (DESIGN.md §1): 200 without a key once the dataset is loaded. */
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services.js';
import { registerGet } from './register.js';

export function registerHealth(app: FastifyInstance, services: AppServices): void {
  registerGet(app, '/healthz', undefined, async (_request, reply) => {
    const d = services.directories.current;
    return reply.type('application/json; charset=utf-8').send(JSON.stringify({ status: 'ok', version: d.version, banks: d.banks.length, branches: d.branchCount }));
  });
}
