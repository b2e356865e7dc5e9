/**
 * The one ajv set-up of schemas/: the options that shape the errors and every schema added. Both
 * ways of getting the validators start here, so they cannot drift apart: compiling at run time
 * (schemaValidators.ts, used when the server runs from its sources) and ajv's standalone code
 * generation at build time (standaloneSchemaCode.ts, what the bundles in dist/ contain).
 */
import Ajv, { type Options } from 'ajv';
import { schemaDocuments } from './schemaDocuments';

/** `extra` is for the standalone generator, which needs `code: { source: true }`. */
export function schemaAjv(extra: Options = {}): Ajv {
  const documents = schemaDocuments();
  // verbose: an unknown field's error carries its parent schema, whose properties are what the
  // "did you mean" suggestion chooses from (rules/schema.ts).
  const ajv = new Ajv({ ...extra, allErrors: true, strict: false, verbose: true });
  ajv.addSchema(documents.podSpec);
  ajv.addSchema(documents.hpa);
  for (const schema of Object.values(documents.workloads)) ajv.addSchema(schema);
  ajv.addSchema(documents.lintConfig);
  return ajv;
}
