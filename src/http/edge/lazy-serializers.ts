/**
 * Response serializers compiled on first use. Fastify compiles every route's response schemas
 * into serializers (fast-json-stringify) while the app starts; the Search, History and Resolve
 * routes send JSON they made themselves and never use theirs, so compiling only the ones used
 * takes that work off every start (docs/benchmarks-log.md, 2026-11-24, 18:10 and 18:32). What a serializer writes is unchanged:
 * the same compiler with the same options, called at the first answer that needs it.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

const buildSerializers = SerializerSelector();

/** Fastify's `schemaController.compilersFactory.buildSerializer`, deferring each compilation. */
export function lazySerializers(externalSchemas?: unknown, options?: Parameters<typeof buildSerializers>[1]): ReturnType<typeof buildSerializers> {
  const compile = buildSerializers(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc) => (serialize ??= compile(route))(doc);
  };
}
