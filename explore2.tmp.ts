import { loadBundledDirectory } from './src/dataset/bundled.js';
const d = loadBundledDirectory();
const q = process.argv[2]!;
for (const b of d.banks) { if (b.name.includes(q)) console.log('BANK', b.code, b.name); for (const r of d.branches(b.code)) if (r.name === q) console.log(b.code, b.name, r.code, r.name); }
