import { licensePolicy, type LicensePolicyOverrides } from '@binlens/engine';
import type { ApiLicense } from './catalogue.schemas.ts';

/** A licence's policy class with the account's overrides, in the public API's words (the catalogue and a result's licences). */
export function licenseType(id: string, overrides: LicensePolicyOverrides): ApiLicense['type'] {
  const policy = licensePolicy(id, { overrides });
  return policy === 'PE' ? 'permissive' : policy === 'RE' ? 'restrictive' : policy === 'RU' ? 'restrictive-estimated' : 'unknown';
}
