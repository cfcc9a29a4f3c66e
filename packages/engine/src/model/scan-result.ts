// Spec §3 "Scan result" view of an Identification: the shape the REST API answers at
// /rest/scans/{id}/result/ and the CLI prints with --format json. Vulnerabilities are
// joined later by evaluation (packages/vulndb); the engine leaves `vulns` empty.

export interface ResultFileObject {
  sha1: string;
  exe_flags: string[];
  matching_methods: string[];
  extended_fullpath: string[];
  docker: { 'whiteout-id': string | null } | null;
}

export interface ResultVuln {
  vuln_id: string;
  exact: boolean;
  triages: unknown[];
  unresolved_triages: unknown[];
}

export interface ResultComponent {
  uid: string;
  lib: string;
  version: string;
  custom_version: string | null;
  codetype: string;
  vendorlib: string;
  vendor: string;
  distro: string | null;
  component_id: string | null;
  purl: string;
  cpes: string[];
  objects: ResultFileObject[];
  vulns: ResultVuln[];
  ignored_component_ids: string[];
  license: string[];
  license_overrides: unknown[];
  name_override: { id: number; name: string } | null;
  tags: string[];
}

export interface ScanResult {
  components: ResultComponent[];
  licenses: { name: string }[];
  'docker-images': unknown[];
}
