/**
 * Runs the start-up bundle (dist/ginko.cjs, scripts/build.mjs) with V8's code cache: the
 * bytecode V8 compiled for it in an earlier run, so that a start neither parses the 3.4 MB bundle
 * nor compiles the functions it runs (docs/deployment.md#start-up). Node 20 offers a code cache
 * for a script (vm.Script's cachedData) but not for an ES module (module.enableCompileCache
 * came with Node 22.1), hence a CommonJS bundle, compiled here.
 *
 * The cache is written when the run had none or V8 refused it, once, WRITE_AFTER_MS after the
 * start or as the process exits, whichever comes first: by then V8 has compiled what a start
 * runs (for `ginko serve`, the indexes it builds right after "listening" too). Not later in a
 * long run: V8 drops the bytecode of functions it has not run for a while, and those of the
 * start would be missing. Writing takes about 50 ms of the event loop, once per installation
 * and option set. One file per Node.js version and option set, since V8 refuses a cache made
 * under other flags, in dist/code-cache/, which `npm run build` empties. Written to a file of
 * the process's own and renamed, so processes that write together cannot leave a torn file; V8
 * also checks the file's checksum and refuses a damaged one. A folder that cannot be written
 * costs only the cache.
 * Plain JavaScript: bin/ginko.js runs it before anything of the bundle is loaded.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';

// The flags src/search/filter/regex.ts sets when it loads. Set before compiling, because V8
// keys a cache by the flags in force: a cache written at exit, after regex.ts set them, would
// otherwise be refused at every start.
const REGEXP_ENGINE_FLAGS = createRequire(import.meta.url)('../src/search/filter/regexp-engine-flags.json');

/** The cache's file for this Node.js and these options (those of the command line and NODE_OPTIONS). */
function cacheFileOf(cacheDir) {
  const options = [process.version, process.arch, ...process.execArgv, process.env.NODE_OPTIONS ?? ''].join('\n');
  return join(cacheDir, `${createHash('sha256').update(options).digest('hex').slice(0, 16)}.bin`);
}

/** How long after the start a process that runs on writes the cache (see above). */
const WRITE_AFTER_MS = 10_000;

/**
 * Compiles `bundle` with the cache in `cacheDir`, runs it as Node runs a CommonJS module, and
 * says what became of the cache: 'used', 'refused' or 'absent' (then written anew).
 * @param {string} bundle
 * @param {string} cacheDir
 * @param {number} [writeAfterMs]
 * @returns {'used' | 'refused' | 'absent'}
 */
export function runBundle(bundle, cacheDir, writeAfterMs = WRITE_AFTER_MS) {
  for (const flag of REGEXP_ENGINE_FLAGS) setFlagsFromString(flag);
  const cacheFile = cacheFileOf(cacheDir);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // No cache yet: written below.
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`;
  const script = new vm.Script(wrapped, { filename: bundle, cachedData, importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  const state = cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'refused' : 'used';
  if (state !== 'used') {
    const write = () => {
      clearTimeout(timer);
      process.removeListener('exit', write);
      writeCache(script, cacheFile);
    };
    // unref: a command that is done does not wait for it, and writes as it exits instead.
    const timer = setTimeout(write, writeAfterMs).unref();
    process.once('exit', write);
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return state;
}

function writeCache(script, cacheFile) {
  const partial = `${cacheFile}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, cacheFile);
  } catch {
    // A read-only install or a full disk: the next start compiles the bundle, as without a cache.
    try {
      rmSync(partial, { force: true });
    } catch {
      // Not even a partial file was made.
    }
  }
}
