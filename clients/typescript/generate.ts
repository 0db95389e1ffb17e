import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import ts from 'typescript';
import { buildOpenApi } from '../../api/openapi.ts';
import { allRoutes } from '../../api/routes/index.ts';
import { loadConfig } from '../../core/config.ts';

/**
 * Builds schema.d.ts from the document GET /api/v1/openapi.json serves, in this process: the same
 * routes and zod schemas, so regenerating needs no running server. openapi-typescript needs
 * TypeScript's compiler API, which the project's TypeScript (7, native) does not have; this
 * package's own devDependency (TypeScript 5) gives it one, nested under clients/typescript/.
 */

export const SCHEMA_FILE = fileURLToPath(new URL('./schema.d.ts', import.meta.url));

export const REGENERATE_COMMAND = 'npm run client:generate';

const HEADER = `/**
 * The Partner API's paths, components and webhooks as TypeScript types, generated from its OpenAPI
 * document by openapi-typescript. Do not edit: run \`${REGENERATE_COMMAND}\`.
 */

`;

const BLOB = ts.factory.createTypeReferenceNode('Blob');

/** schema.d.ts as it should be, formatted as the repository formats it. */
export async function generateSchema(): Promise<string> {
  // The defaults, not this shell's environment: every machine generates the same file.
  const document = buildOpenApi(allRoutes, loadConfig({}));
  const ast = await openapiTS(document as unknown as OpenAPI3, {
    // A field with a default is optional in a request (the service fills it in); answers list
    // every field they always carry as required anyway.
    defaultNonNullable: false,
    // Uploaded files (format: binary) are what fetch's FormData takes: a Blob, or a File with its name.
    transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
  });
  const options = await resolveConfig(SCHEMA_FILE);
  return format(HEADER + astToString(ast), { ...options, filepath: SCHEMA_FILE });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(SCHEMA_FILE, await generateSchema());
  console.log(`wrote ${relative(process.cwd(), SCHEMA_FILE)}`);
}
