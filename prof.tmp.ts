import { loadBundledDirectory } from './src/dataset/bundled.js';
import { resolve } from './src/resolve/resolve.js';
import { warmResolveIndex } from './src/resolve/resolve-index.js';
const d = loadBundledDirectory(); warmResolveIndex(d);
const t = performance.now();
for (let i = 0; i < 2000; i++) resolve(d, { bankName: '北陸労働金庫', branchName: '奥越' });
console.log('per call', (performance.now() - t) / 2000);
