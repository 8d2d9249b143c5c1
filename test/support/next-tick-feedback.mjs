// Run by test/next-tick-shape.test.ts as
//   node --expose-gc --allow-natives-syntax test/support/next-tick-feedback.mjs held|none
// It reproduces what happens while a server starts (ticks, then full collections while no tick
// is queued, then ticks again) and prints V8's feedback for process.nextTick, whose inline
// caches show whether its ticks keep their hidden classes.
if (process.argv[2] === 'held') await import('../../bin/next-tick-shape.js');
const noop = () => {};
for (let round = 0; round < 3; round++) {
  for (let i = 0; i < 50; i++) process.nextTick(noop);
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc();
  globalThis.gc();
}
for (let i = 0; i < 50; i++) process.nextTick(noop);
await new Promise((resolve) => setImmediate(resolve));
eval('%DebugPrint(process.nextTick)');
