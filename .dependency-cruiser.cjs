/**
 * Import rules checked by `npm test` (test/imports.test.ts): no cycles anywhere in src/; each
 * layer imports only the layers below it (LAYERS, drawn in docs/architecture.md); and the pure
 * layers import nothing of HTTP or SQL.
 */

/** Each folder of src/ and the folders it may import. src/package-root.ts is open to all. */
const LAYERS = {
  shared: [],
  domain: ['shared'],
  dataset: ['domain', 'shared'],
  access: ['shared'],
  logging: [],
  metrics: [],
  search: ['dataset', 'domain', 'shared'],
  payee: ['lineage', 'dataset', 'domain', 'shared'],
  lineage: ['dataset', 'domain', 'shared'],
  webhooks: ['lineage', 'dataset', 'domain', 'shared'],
  resolve: ['payee', 'lineage', 'dataset', 'domain', 'shared'],
  store: ['access', 'dataset', 'domain', 'shared'],
  history: ['webhooks', 'lineage', 'store', 'dataset', 'domain', 'shared'],
  export: ['history', 'store', 'dataset', 'domain', 'shared'],
  delivery: ['history', 'store', 'webhooks', 'lineage', 'dataset', 'domain', 'shared'],
  console: ['access', 'history', 'store', 'dataset', 'domain', 'shared'],
  http: ['console', 'export', 'delivery', 'webhooks', 'history', 'store', 'resolve', 'lineage', 'payee', 'search', 'access', 'logging', 'metrics', 'dataset', 'domain', 'shared'],
  cli: ['http', 'console', 'export', 'delivery', 'webhooks', 'history', 'store', 'resolve', 'lineage', 'payee', 'search', 'access', 'logging', 'metrics', 'dataset', 'domain', 'shared'],
  widget: [],
};

/** Layers that know nothing of HTTP or SQL: rules that can be tested without a server or a store. */
const PURE = ['shared', 'domain', 'dataset', 'access', 'search', 'payee', 'lineage', 'webhooks', 'resolve'];

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'An import cycle makes load order matter and modules impossible to read alone.', from: {}, to: { circular: true } },
    ...Object.entries(LAYERS).map(([layer, below]) => ({
      name: `layer-${layer}`,
      severity: 'error',
      comment: `src/${layer} imports only ${below.length > 0 ? below.map((l) => `src/${l}`).join(', ') : 'itself'} (docs/architecture.md).`,
      from: { path: `^src/${layer}/` },
      to: { path: '^src/', pathNot: `^src/(${[layer, ...below].join('|')})/|^src/package-root\\.ts$` },
    })),
    {
      name: 'pure-logic-stays-pure',
      severity: 'error',
      comment: 'Kana, filter, search, resolve, access rules and diff logic know nothing of HTTP or SQL (docs/architecture.md).',
      from: { path: `^src/(${PURE.join('|')})/` },
      to: { path: '^node_modules/(fastify|@fastify/[^/]+|kysely|pg|better-sqlite3|ioredis|rate-limiter-flexible)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
