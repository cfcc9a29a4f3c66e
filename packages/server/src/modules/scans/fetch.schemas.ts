import { type Static, Type } from 'typebox';
import { Text } from '../../lib/schemas.ts';

/** Spec §5: a fetch-file request uses external_reference, group, custom_data, additional_headers. */
export const ScanFetchBody = Type.Object({
  external_reference: Text({ minLength: 1, maxLength: 2048, description: 'The http or https URL to download the file from.' }),
  group: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The group the scan goes into (upload_application there).' }),
  custom_data: Type.Optional(
    Type.Record(Type.String({ maxLength: 64 }), Text({ maxLength: 10_000 }), {
      maxProperties: 50,
      description: "The scan's custom data: keys A-Z, 0-9 and _ (upper-cased), values trimmed.",
    }),
  ),
  additional_headers: Type.Optional(
    Type.Record(Type.String({ maxLength: 128 }), Text({ maxLength: 4096 }), {
      maxProperties: 20,
      description: 'Request headers for the download (e.g. Authorization); sent only to the URL\'s origin, never to another host after a redirect. Host and hop-by-hop headers are refused.',
    }),
  ),
}, { title: 'ScanFetchBody', additionalProperties: false });
export type ScanFetchBody = Static<typeof ScanFetchBody>;
