// Validates schema/openapi.json against the OpenAPI 3.1 JSON Schema (`npm run openapi:lint`, CI). ES module:
// @seriousme/openapi-schema-validator ships only as one.
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';

const file = process.argv[2] ?? 'schema/openapi.json';
const result = await new Validator().validate(JSON.parse(readFileSync(file, 'utf8')));
if (!result.valid) {
  console.error(`${file} is not a valid OpenAPI document:`, JSON.stringify(result.errors, null, 2));
  process.exit(1);
}
console.log(`${file} is a valid OpenAPI 3.1 document`);
