/**
 * Import rules checked by `npm test` (test/imports.test.ts): no cycles anywhere in src/, and the
 * pure layers (domain, dataset, search, resolve, lineage, shared) import nothing of HTTP or SQL.
 */
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'An import cycle makes load order matter and modules impossible to read alone.', from: {}, to: { circular: true } },
    {
      name: 'pure-logic-stays-pure',
      severity: 'error',
      comment: 'Kana, filter, search, resolve, lineage and diff logic knows nothing of HTTP or SQL (README, Development).',
      from: { path: '^src/(domain|dataset|search|resolve|lineage|shared)/' },
      to: { path: '^(src/(http|store|cli)/|node_modules/(fastify|kysely|pg|better-sqlite3|ioredis)/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
