/**
 * @ginko/client's types: generated from the server and never drifting from it, and strict
 * enough that a misspelled parameter does not compile.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { generateTypes, TYPES_FILE } from '../clients/typescript/scripts/openapi-types.js';
import { GENERATED_CERT } from '../src/http/edge/tls.js';
import { serveForClient, type ServedClient } from './support/client.js';
import { useTempDirs } from './support/temp-dirs.js';

const CLIENT = fileURLToPath(new URL('../clients/typescript/', import.meta.url));
const tempDir = useTempDirs('ginko-client-types-');

const MISSPELLED = join(CLIENT, 'type-tests', 'misspelled.ts');
const CORRECT = join(CLIENT, 'type-tests', 'correct.ts');

/** The diagnostics of each file, compiled together with the client's own compiler options (DOM, no Node types). */
function compile(files: readonly string[]): Map<string, readonly ts.Diagnostic[]> {
  const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(join(CLIENT, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, CLIENT);
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true, rootDir: CLIENT });
  return new Map(files.map((file) => [file, ts.getPreEmitDiagnostics(program, program.getSourceFile(file))]));
}

const lineOf = (d: ts.Diagnostic) => d.file!.getLineAndCharacterOfPosition(d.start!).line + 1;
const textOf = (d: ts.Diagnostic) => ts.flattenDiagnosticMessageText(d.messageText, '\n');

describe('a misspelled parameter fails tsc', () => {
  let diagnostics: Map<string, readonly ts.Diagnostic[]>;
  before(() => {
    diagnostics = compile([MISSPELLED, CORRECT]);
  });

  it('every misspelled name of type-tests/misspelled.ts is an error naming it, on its line, and nothing else is', () => {
    const expected = readFileSync(MISSPELLED, 'utf8')
      .split('\n')
      .flatMap((line, i) => {
        const m = /\/\/ expect-error: (\S+)$/.exec(line);
        return m ? [{ line: i + 1, name: m[1]! }] : [];
      });
    assert.equal(expected.length, 9);
    const errors = diagnostics.get(MISSPELLED)!;
    assert.deepEqual(
      errors.map(lineOf),
      expected.map((e) => e.line),
      errors.map((d) => `${lineOf(d)}: ${textOf(d)}`).join('\n'),
    );
    for (const [i, error] of errors.entries()) assert.ok(textOf(error).includes(`'${expected[i]!.name}'`) || textOf(error).includes(`"${expected[i]!.name}"`), `line ${lineOf(error)} names ${expected[i]!.name}: ${textOf(error)}`);
    // The first: TypeScript even says what was meant.
    assert.equal(errors[0]!.code, 2561);
    assert.match(textOf(errors[0]!), /'limt' does not exist in type .*Did you mean to write 'limit'\?/);
  });

  it('the same calls spelled right compile without an error', () => {
    const errors = diagnostics.get(CORRECT)!;
    assert.deepEqual(errors.map((d) => `${lineOf(d)}: ${textOf(d)}`), []);
  });
});

describe('the generated types', () => {
  let s: ServedClient;
  let certDir: string;
  before(async () => {
    certDir = tempDir();
    s = await serveForClient(certDir);
  });
  after(async () => s.close());

  it("regenerating src/openapi.ts from the running server's /openapi.json leaves it unchanged", async () => {
    const doc = (await (await s.fetch(new Request(`${s.baseUrl}/openapi.json`))).json()) as object;
    const regenerated = await generateTypes(doc);
    const committed = readFileSync(TYPES_FILE, 'utf8');
    if (regenerated !== committed) {
      const [a, b] = [committed.split('\n'), regenerated.split('\n')];
      const at = a.findIndex((line, i) => line !== b[i]);
      assert.fail(`clients/typescript/src/openapi.ts differs from what the server publishes (first at line ${at + 1}: ${JSON.stringify(a[at])} → ${JSON.stringify(b[at])}); run npm run client:generate against npm start (clients/typescript/README.md)`);
    }
  });

  it('`npm run client:generate` (scripts/generate.ts) writes that same file from a server given by URL and CA', async () => {
    const out = join(tempDir(), 'openapi.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(CLIENT, 'scripts', 'generate.ts'), s.baseUrl, '--ca', join(certDir, GENERATED_CERT), '--out', out], { cwd: CLIENT });
    assert.equal(stdout, `wrote ${out} from ${s.baseUrl}/openapi.json\n`);
    assert.equal(readFileSync(out, 'utf8'), readFileSync(TYPES_FILE, 'utf8'));
  });
});
