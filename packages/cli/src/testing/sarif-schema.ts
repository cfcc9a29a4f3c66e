// The SARIF 2.1.0 schema of test-schemas/ (see its README), compiled once.
import { readFileSync } from 'node:fs';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';

const schema = JSON.parse(readFileSync(new URL('../../test-schemas/sarif-2.1.0-rtm.5.json', import.meta.url), 'utf8')) as object;
// unicodeRegExp off: the schema's `language` pattern has a stray `]`, valid only outside unicode mode.
const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats.default(ajv);
const validate = ajv.compile(schema);

/** What the schema says is wrong with `log`: [] when it is a valid SARIF 2.1.0 log. */
export function sarifSchemaErrors(log: unknown): string[] {
  return validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`.trim());
}
