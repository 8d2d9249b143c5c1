/**
 * Loaded into `ginko …` with `node --import` by test/server.test.ts: the first write to a file
 * whose name contains GINKO_TEST_CRASH_WRITE_OF writes half of its bytes and then kills the
 * process, as a crash or a power cut in the middle of that write would.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const target = process.env.GINKO_TEST_CRASH_WRITE_OF;
/** Paths of the descriptors opened so far, for writes given a descriptor. */
const paths = new Map();
const openSync = fs.openSync;
fs.openSync = function (path, ...rest) {
  const fd = openSync.call(this, path, ...rest);
  paths.set(fd, String(path));
  return fd;
};
const writeFileSync = fs.writeFileSync;
fs.writeFileSync = function (file, data, ...rest) {
  const name = typeof file === 'number' ? (paths.get(file) ?? '') : String(file);
  if (target && name.includes(target)) {
    const bytes = Buffer.from(data);
    writeFileSync.call(this, file, bytes.subarray(0, bytes.length >> 1), ...rest);
    process.kill(process.pid, 'SIGKILL');
  }
  return writeFileSync.call(this, file, data, ...rest);
};
// ES modules' named imports of node:fs (`import { writeFileSync } from 'node:fs'`) see these too.
syncBuiltinESMExports();
