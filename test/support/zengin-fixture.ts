/** A zengin-code package written to a temporary directory: a real version with edits, for import tests. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RawData, raw } from './raw-diff.js';

/** Writes `edit(copy of the newest bundled data)` as package version 1.0.0-p<date>; returns its directory. */
export function writeZenginPackage(date: string, edit: (data: RawData) => void): string {
  const data = structuredClone(raw('zengin-code'));
  edit(data);
  const dir = mkdtempSync(join(tmpdir(), 'ginko-zengin-'));
  mkdirSync(join(dir, 'lib'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'zengin-code', version: `1.0.0-p${date.replaceAll('-', '')}` }));
  writeFileSync(join(dir, 'lib', 'zengin-data.js'), `module.exports = ${JSON.stringify(data)};\n`);
  return dir;
}
