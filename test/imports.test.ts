/**
 * The import rules of .dependency-cruiser.cjs over src/: no cycles, each layer importing only
 * the layers below it, pure layers free of HTTP and SQL. Run with the project's own
 * dependency-cruiser, and shown to fail on a cycle and on an import that runs upwards.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { useTempDirs } from './support/temp-dirs.js';

const run = promisify(execFile);
const tempDir = useTempDirs('ginko-cycle-');
const ROOT = new URL('..', import.meta.url).pathname;
const CRUISE = join(ROOT, 'node_modules', '.bin', 'depcruise');

async function cruise(target: string, cwd = ROOT): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(CRUISE, [target, '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'err'], { cwd });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

describe('imports', () => {
  it('src/ has no import cycle, no import runs upwards, and its pure layers import no HTTP or SQL', async () => {
    const { code, out } = await cruise('src');
    assert.equal(code, 0, out);
    assert.match(out, /no dependency violations found/);
  });

  it('the check fails on a cycle', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'src', 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
    writeFileSync(join(dir, 'tsconfig.json'), '{"compilerOptions":{"module":"NodeNext","moduleResolution":"NodeNext"}}');
    const { code, out } = await cruise('src', dir);
    assert.notEqual(code, 0);
    assert.match(out, /no-cycles/);
  });

  it('the check fails on an import from a lower layer to a higher one', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'src', 'access'), { recursive: true });
    mkdirSync(join(dir, 'src', 'store'));
    writeFileSync(join(dir, 'src', 'access', 'rules.ts'), "import { rows } from '../store/rows.js';\nexport const rules = () => rows;\n");
    writeFileSync(join(dir, 'src', 'store', 'rows.ts'), 'export const rows = () => 1;\n');
    writeFileSync(join(dir, 'tsconfig.json'), '{"compilerOptions":{"module":"NodeNext","moduleResolution":"NodeNext"}}');
    const { code, out } = await cruise('src', dir);
    assert.notEqual(code, 0);
    assert.match(out, /layer-access: src\/access\/rules\.ts → src\/store\/rows\.ts/);
  });
});
