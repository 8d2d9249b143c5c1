/**
 * Route options of every console route: not part of the published API (left out of
 * /openapi.json). A new object each time: Fastify marks the schema objects it is given.
 */
export const hidden = () => ({ schema: { hide: true } });
