/**
 * Keeps `process.nextTick` on V8's fast path for the life of the process. bin/ginko.js imports
 * it before anything else, because what it prevents can happen while Ginko starts.
 *
 * Node's HTTP server calls nextTick about seven times per request, and each call builds its
 * tick as an object literal with computed symbol keys. V8 11.3 (Node.js 20) keeps the hidden
 * classes of that literal only while some tick uses them. A full garbage collection at a
 * moment when no tick is queued frees them. Such collections are common while a server loads
 * its data or idles.
 *
 * The next tick then makes new hidden classes, and the inline caches of the literal turn
 * megamorphic; they never recover. From then on every nextTick defines its properties through
 * the V8 runtime: about 0.4 µs a call instead of 0.05 µs, some 10% of the CPU time of a cached
 * lookup.
 *
 * Holding one tick for the life of the process keeps those hidden classes alive, so they are
 * never made again. The tick is caught by an async_hooks init hook enabled for this one call:
 * with no hook enabled, nextTick pays nothing for it. Plain JavaScript, so that it runs before
 * the bundle or the TypeScript loader is imported.
 *
 * test/next-tick-shape.test.ts shows the mechanism; docs/benchmarks.md has the measured effect.
 */
import { createHook } from 'node:async_hooks';

function captureTick() {
  let tick;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject') tick = resource;
    },
  });
  hook.enable();
  process.nextTick(() => {});
  hook.disable();
  if (tick === undefined) throw new Error('process.nextTick made no TickObject');
  return tick;
}

/** Held, never read: only its hidden classes matter. */
export const heldTick = captureTick();
