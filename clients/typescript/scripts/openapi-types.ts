/**
 * The one way src/openapi.ts is made from Ginko's /openapi.json: openapi-typescript's output
 * under a header saying how to regenerate it. scripts/generate.ts writes it; the repository's
 * test/client.types.test.ts makes it again from a running Ginko and expects the committed file,
 * byte for byte, so the client cannot drift from the server.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import { fileURLToPath } from 'node:url';

/** The committed, generated types. */
export const TYPES_FILE = fileURLToPath(new URL('../src/openapi.ts', import.meta.url));

const HEADER = `/**
 * Generated from Ginko's own /openapi.json by openapi-typescript: do not edit by hand.
 * Regenerate it against a running Ginko (\`npm start\` in the repository) with
 *   npm run client:generate
 * (clients/typescript/README.md). The repository's tests fail while this file differs from
 * what the server publishes.
 */

`;

/** The TypeScript source of src/openapi.ts for an OpenAPI document (parsed JSON). */
export async function generateTypes(document: object): Promise<string> {
  // The document is the server's own, already valid: openapi-typescript's Redocly pass only checks it.
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { silent: true });
  return HEADER + astToString(ast);
}
