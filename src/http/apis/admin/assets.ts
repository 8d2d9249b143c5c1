/**
 * The console's static files, all served by Ginko itself (no CDN: the service may run without
 * internet): its stylesheet and scripts from assets/, and uPlot from node_modules. Read once at
 * start and kept in memory; they are small.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PACKAGE_ROOT } from '../../../package-root.js';
import { hidden } from './hidden.js';

const OWN = join(PACKAGE_ROOT, 'src', 'http', 'apis', 'admin', 'assets');
const UPLOT = join(dirname(createRequire(import.meta.url).resolve('uplot/package.json')), 'dist');

const FILES: Readonly<Record<string, { readonly path: string; readonly type: string }>> = {
  'console.css': { path: join(OWN, 'console.css'), type: 'text/css; charset=utf-8' },
  'console.js': { path: join(OWN, 'console.js'), type: 'text/javascript; charset=utf-8' },
  'usage-charts.js': { path: join(OWN, 'usage-charts.js'), type: 'text/javascript; charset=utf-8' },
  'uPlot.iife.min.js': { path: join(UPLOT, 'uPlot.iife.min.js'), type: 'text/javascript; charset=utf-8' },
  'uPlot.min.css': { path: join(UPLOT, 'uPlot.min.css'), type: 'text/css; charset=utf-8' },
};

export function registerAssets(app: FastifyInstance): void {
  const kept = new Map(Object.entries(FILES).map(([name, f]) => [name, { body: readFileSync(f.path), type: f.type }]));
  app.get<{ Params: { file: string } }>('/assets/:file', hidden(), async (request, reply) => {
    const file = kept.get(request.params.file);
    if (!file) return reply.callNotFound();
    return reply.type(file.type).header('cache-control', 'public, max-age=3600').send(file.body);
  });
}
