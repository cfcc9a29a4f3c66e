import { randomBytes } from 'node:crypto';

// One table of coded errors. Services throw AppError(code); the errors plugin turns it
// into the spec's shapes: `{detail}` or `{field: [messages]}`.

interface ErrorSpec {
  status: number;
  /** `detail` answers `{detail}`; a field name answers `{[field]: [message]}`. */
  field: string;
  message: string;
}

export const ERRORS = {
  not_authenticated: { status: 401, field: 'detail', message: 'Authentication credentials were not provided.' },
  csrf_failed: { status: 403, field: 'detail', message: 'CSRF token missing or incorrect.' },
  forbidden: { status: 403, field: 'detail', message: 'You do not have permission to perform this action.' },
  not_found: { status: 404, field: 'detail', message: 'Not found.' },
  invalid_credentials: { status: 400, field: 'non_field_errors', message: 'Unable to log in with the provided credentials.' },
  group_name_blank: { status: 400, field: 'name', message: 'This field may not be blank.' },
  group_parent_not_found: { status: 400, field: 'parent', message: 'Invalid pk - object does not exist.' },
  group_too_deep: { status: 400, field: 'parent', message: 'Groups can be nested at most 35 levels deep.' },
  group_name_taken: { status: 400, field: 'name', message: 'A group of this name already exists in this place.' },
  group_parent_cycle: { status: 400, field: 'parent', message: 'A group cannot be moved into itself or one of its subgroups.' },
  custom_data_key_blank: { status: 400, field: 'key', message: 'This field may not be blank.' },
  custom_data_key_invalid: { status: 400, field: 'key', message: 'Use only letters A-Z, digits 0-9 and _ (letters are upper-cased).' },
  custom_data_key_taken: { status: 400, field: 'key', message: 'This group already has custom data with this key.' },
  scan_custom_data_key_taken: { status: 400, field: 'key', message: 'This application already has custom data with this key.' },
  application_template_invalid: { status: 400, field: 'application_template', message: 'Invalid template.' },
  membership_user_not_found: { status: 400, field: 'user_id', message: 'Invalid pk - object does not exist.' },
  membership_taken: { status: 400, field: 'user_id', message: 'This user already has a role in this group.' },
  membership_last_manager: { status: 400, field: 'detail', message: 'A top-level group needs a manager: make another member a manager (M) before removing this one.' },
  membership_last_manager_role: { status: 400, field: 'role', message: 'A top-level group needs a manager: make another member a manager (M) before changing this role.' },
  file_missing: { status: 400, field: 'file', message: 'No file was submitted.' },
  file_unreadable: { status: 400, field: 'file', message: 'The upload is not a readable multipart/form-data body.' },
  file_too_large: { status: 413, field: 'detail', message: 'The file is larger than the upload limit.' },
  quota_user_bytes: { status: 413, field: 'detail', message: 'Your storage quota is used up.' },
  quota_account_bytes: { status: 413, field: 'detail', message: "The account's storage quota is used up." },
  quota_user_uploads: { status: 429, field: 'detail', message: 'Your hourly upload quota is used up.' },
  text_unstorable: { status: 400, field: 'detail', message: 'The request holds characters that cannot be stored (NUL or unpaired surrogates).' },
  scan_not_ready: { status: 409, field: 'detail', message: 'The scan is not ready.' },
  scan_busy: { status: 409, field: 'detail', message: 'The scan is already queued or running: wait until it has finished, or abort it first.' },
  scan_binary_removed: { status: 409, field: 'detail', message: "The scan's file was removed, so it cannot be scanned again: upload the file again." },
  scan_binary_already_removed: { status: 409, field: 'detail', message: "The scan's file was already removed." },
  scan_not_busy: { status: 409, field: 'detail', message: 'The scan has already finished: only a queued or running scan can be aborted.' },
  diff_same_scan: { status: 400, field: 'detail', message: 'Choose two different scans to compare.' },
  diff_scan_failed: { status: 400, field: 'detail', message: 'The scan has no result to compare: it failed.' },
  diff_scan_busy: { status: 400, field: 'detail', message: 'The scan has no result to compare: it is still being scanned.' },
  scan_name_blank: { status: 400, field: 'name', message: 'This field may not be blank.' },
  scan_group_not_found: { status: 400, field: 'group', message: 'Invalid pk - object does not exist.' },
  scan_group_no_upload: { status: 400, field: 'group', message: 'You may not upload to this group.' },
  comment_blank: { status: 400, field: 'comment', message: 'This field may not be blank.' },
  upload_tus_version: { status: 412, field: 'detail', message: 'Only the tus protocol version 1.0.0 is supported (Tus-Resumable: 1.0.0).' },
  upload_length_invalid: { status: 400, field: 'detail', message: 'Upload-Length must be the whole file size in bytes, at least 1.' },
  upload_metadata_invalid: { status: 400, field: 'detail', message: 'Upload-Metadata must name the file (filename) and the group (group), each base64-encoded.' },
  upload_content_type: { status: 415, field: 'detail', message: 'Send the bytes as Content-Type: application/offset+octet-stream.' },
  upload_offset_invalid: { status: 400, field: 'detail', message: 'Upload-Offset must be a whole number of bytes.' },
  upload_offset_mismatch: { status: 409, field: 'detail', message: 'Upload-Offset is not where the upload stands: ask with HEAD and resume from there.' },
  upload_busy: { status: 409, field: 'detail', message: 'Another request is writing to this upload; wait until it has ended.' },
  upload_length_exceeded: { status: 400, field: 'detail', message: 'The request carries more bytes than the upload declared in Upload-Length.' },
  queue_unavailable: { status: 503, field: 'detail', message: 'The job queue is not available.' },
  cve_list_invalid: { status: 400, field: 'cve__in', message: 'Give comma-separated CVE ids.' },
  coverity_scan_missing: { status: 404, field: 'detail', message: 'No Coverity scan for this component' },
  id_list_invalid: { status: 400, field: 'id__in', message: 'Give comma-separated ids.' },
  file_parent_invalid: { status: 400, field: 'parent', message: 'Give an extended path as a JSON array of strings, e.g. ["rootfs.squashfs","etc"].' },
  file_parent_with_search: { status: 400, field: 'parent', message: 'Give either parent or search: a search covers the whole tree.' },
  file_path_invalid: { status: 400, field: 'path', message: 'Give an extended path as a JSON array of strings, e.g. ["rootfs.squashfs","etc/passwd"].' },
  file_not_found: { status: 404, field: 'detail', message: 'The scan has no file or folder at this path.' },
  bundle_invalid: { status: 400, field: 'file', message: 'The file is not a knowledge-base bundle.' },
  kb_bundle_running: { status: 409, field: 'detail', message: 'A bundle is being imported; wait until it has finished.' },
  kb_sync_running: { status: 409, field: 'detail', message: 'A sync is already under way.' },
  sign_in_locked: { status: 429, field: 'detail', message: 'Too many failed sign-ins. Try again later.' },
  basic_auth_invalid: { status: 401, field: 'detail', message: 'Invalid email or password.' },
  basic_auth_otp: { status: 401, field: 'detail', message: 'Two-factor sign-in is on for this account: HTTP Basic cannot carry a code, so use an API key (Authorization: Bearer).' },
  otp_invalid: { status: 400, field: 'otp', message: 'Enter the current six-digit code from your authenticator app.' },
  otp_reused: { status: 400, field: 'otp', message: 'This code was already used. Wait for the next one.' },
  otp_already_active: { status: 409, field: 'detail', message: 'Two-factor sign-in is already on; turn it off before enrolling another device.' },
  otp_not_enrolling: { status: 400, field: 'detail', message: 'There is no device waiting for confirmation: start two-factor enrolment first.' },
  otp_confirm_invalid: { status: 400, field: 'code', message: 'This code does not match: enter the six-digit code your authenticator app shows now.' },
  otp_not_active: { status: 400, field: 'detail', message: 'Two-factor sign-in is not on.' },
  otp_disable_proof: { status: 400, field: 'detail', message: 'Give your password or a current code from your authenticator app.' },
  otp_disable_password: { status: 400, field: 'password', message: 'This password is not correct.' },
  otp_disable_code: { status: 400, field: 'code', message: 'This code does not match, or was already used.' },
  api_key_invalid: { status: 401, field: 'detail', message: 'Invalid or expired API key.' },
  api_key_network: { status: 403, field: 'detail', message: "API keys are not accepted from this address: it is outside the account's API-key networks." },
  api_key_not_allowed: { status: 403, field: 'detail', message: 'An API key cannot make this call; sign in with your session or with HTTP Basic (email and password).' },
  api_key_missing: { status: 404, field: 'detail', message: 'You have no API key.' },
  network_invalid: { status: 400, field: 'network', message: 'Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.' },
  network_taken: { status: 400, field: 'network', message: 'This network is already in the list.' },
  fetch_url_invalid: { status: 400, field: 'external_reference', message: 'Enter a valid http or https URL.' },
  fetch_url_refused: { status: 400, field: 'external_reference', message: 'Requests to this address are refused.' },
  fetch_header_invalid: { status: 400, field: 'additional_headers', message: 'Give header names and values that can be sent.' },
  fetch_custom_data_invalid: { status: 400, field: 'custom_data', message: 'Use only letters A-Z, digits 0-9 and _ in keys (letters are upper-cased).' },
  webhook_url_invalid: { status: 400, field: 'url', message: 'Enter a valid http or https URL.' },
  user_email_invalid: { status: 400, field: 'email', message: 'Enter a valid email address.' },
  user_email_taken: { status: 400, field: 'email', message: 'A user with this email already exists.' },
  user_ids_invalid: { status: 400, field: 'ids', message: 'Give comma-separated user ids.' },
  user_ids_too_many: { status: 400, field: 'ids', message: 'Give at most 300 user ids.' },
  user_username_blank: { status: 400, field: 'username', message: 'This field may not be blank.' },
  user_group_not_found: { status: 400, field: 'groups', message: 'Invalid pk - object does not exist.' },
  user_deactivate_self: { status: 400, field: 'is_active', message: 'You cannot deactivate yourself.' },
  user_last_administrator: { status: 400, field: 'is_active', message: 'The account needs at least one active administrator (AU).' },
  user_delete_self: { status: 400, field: 'detail', message: 'You cannot remove yourself.' },
  user_owns_scans: { status: 409, field: 'detail', message: "The user's scans are still stored: deactivate the user to keep their data, or remove their scans first." },
  user_otp_enable: { status: 400, field: 'otp_active', message: 'Two-factor sign-in is turned on by confirming a device, not here.' },
  password_too_short: { status: 400, field: 'password', message: 'The password is shorter than the company allows.' },
  user_otp_disable: { status: 400, field: 'otp_active', message: 'Two-factor sign-in is turned off on your authentication tab (DELETE /rest/otps/), with your password or a current code.' },
  user_inactive: { status: 409, field: 'detail', message: 'The user is deactivated: activate them before sending them a link.' },
  user_last_group_manager: { status: 409, field: 'detail', message: 'The user is the only manager of a top-level group: make another member its manager first.' },
  user_ids_unknown: { status: 400, field: 'ids', message: 'Invalid pk - object does not exist.' },
  mail_not_configured: { status: 409, field: 'detail', message: 'Mail is not configured on this server (BINLENS_SMTP_URL is not set): set a password for the user instead.' },
  mail_send_failed: { status: 502, field: 'detail', message: 'The mail could not be sent.' },
  password_token_invalid: { status: 400, field: 'token', message: 'This link is unknown, already used or expired: ask for a new one.' },
  password_reset_rate_limited: { status: 429, field: 'detail', message: 'Too many password reset requests from this address. Try again later.' },
  account_last_administrator: { status: 400, field: 'roles', message: 'The account needs at least one active administrator (AU).' },
  settings_upload_above_cap: { status: 400, field: 'max_upload_bytes', message: "Ensure this value is at most the server's upload cap." },
  settings_idle_above_absolute: { status: 400, field: 'session_idle_timeout_minutes', message: 'The idle timeout cannot be longer than the absolute timeout.' },
  license_name_invalid: { status: 400, field: 'license_name', message: 'Enter one SPDX licence id or LicenseRef, e.g. MPL-2.0 or LicenseRef-vendor-eula.' },
  license_policy_taken: { status: 400, field: 'license_name', message: 'This licence already has a policy override.' },
  announcement_text_blank: { status: 400, field: 'text', message: 'This field may not be blank.' },
  message_window_invalid: { status: 400, field: 'ends_at', message: 'The end must come after the start.' },
  // Custom patterns (modules/custom-patterns).
  custom_pattern_name_blank: { status: 400, field: 'name', message: 'This field may not be blank.' },
  custom_pattern_name_taken: { status: 400, field: 'name', message: 'A custom pattern with this name already exists.' },
  custom_pattern_invalid: { status: 400, field: 'pattern', message: 'This is not an RE2 pattern.' },
  custom_pattern_limit: { status: 400, field: 'detail', message: 'The account has 500 custom patterns, as many as it may: remove one first.' },
  custom_pattern_scan_imported: { status: 409, field: 'detail', message: 'The scan was imported from a portable scan file: the file it analysed is not stored, so it cannot be searched again.' },
  // Triage and component adjustments (modules/triages, modules/adjustments).
  triage_disabled: { status: 403, field: 'detail', message: 'Triage is turned off for this account: an administrator can turn it on in the account settings (triage_enabled).' },
  triage_description_required: { status: 400, field: 'description', message: 'The account asks for a description with every triage.' },
  triage_scope_group: { status: 400, field: 'group_scope', message: 'Scope G needs the group (group_scope).' },
  triage_scope_result: { status: 400, field: 'result_scope', message: 'Scopes R and FN need the application (result_scope).' },
  triage_scope_hash: { status: 400, field: 'triaged_obj', message: "Scope FH needs the file's SHA-1 (40 hex digits) in triaged_obj." },
  triage_group_not_found: { status: 400, field: 'group_scope', message: 'Invalid pk - object does not exist.' },
  triage_result_not_found: { status: 400, field: 'result_scope', message: 'Invalid pk - object does not exist.' },
  triage_scan_missing: { status: 400, field: 'scan_id', message: 'Name the application the triage is made on (scan_id or result_scope).' },
  triage_scan_not_found: { status: 400, field: 'scan_id', message: 'Invalid pk - object does not exist.' },
  triage_version_missing: { status: 400, field: 'component_version', message: 'Give the component version or a version range.' },
  triage_version_both: { status: 400, field: 'version_range', message: 'Give either a component version or a version range, not both.' },
  triage_range_invalid: { status: 400, field: 'version_range', message: 'Write the range as comparators separated by spaces, e.g. >=1.2.0 <1.3.0.' },
  triage_component_unknown: { status: 400, field: 'component_name', message: 'The application has no component of this name and version.' },
  triage_vulnerability_unknown: { status: 400, field: 'vuln_id', message: 'The component has no such vulnerability in this application.' },
  triage_vector_invalid: { status: 400, field: 'environmental_vector', message: 'Give a CVSS v3.1 vector (CVSS:3.1/AV:…) with its environmental metrics.' },
  triage_list_empty: { status: 400, field: 'detail', message: 'Send at least one triage.' },
  triage_list_too_long: { status: 400, field: 'detail', message: 'Send at most 1,000 triages at a time.' },
  // VEX export and import (modules/vex).
  vex_file_too_large: { status: 413, field: 'detail', message: 'The VEX document is larger than 20 MB: split it.' },
  vex_dialect_unknown: { status: 400, field: 'file', message: 'This is not a VEX document this server reads. Send CycloneDX JSON with vulnerabilities (1.4 to 1.6), OpenVEX JSON (0.2.0) or CSAF 2.0 JSON.' },
  vex_invalid: { status: 400, field: 'file', message: 'The VEX document is damaged.' },
  vex_empty: { status: 400, field: 'file', message: 'The document holds no VEX statement.' },
  vex_scope_invalid: { status: 400, field: 'scope', message: 'Choose a scope: CA, G, R, FN, or document (each statement keeps the scope a Binlens export recorded).' },
  vex_group_scope_invalid: { status: 400, field: 'group_scope', message: 'A valid integer is required.' },
  vex_result_scope_invalid: { status: 400, field: 'result_scope', message: 'A valid integer is required.' },
  vex_dry_run_invalid: { status: 400, field: 'dry_run', message: 'Must be a valid boolean.' },
  vex_unknown: { status: 400, field: 'detail', message: 'The document names what the scope does not have; nothing was imported.' },
  vex_too_many: { status: 400, field: 'detail', message: 'The document would make more than 1,000 triages: split it.' },
  vex_export_too_large: { status: 409, field: 'detail', message: 'There are more than 20,000 triages to export: export a group or an application instead.' },
  // Infoleak triage (modules/infoleak-triages).
  infoleak_triage_ids_unknown: { status: 400, field: 'triaged_obj', message: 'Invalid pk - object does not exist.' },
  infoleak_triage_no_file_hash: { status: 400, field: 'triaged_obj', message: 'Scope FH needs the file a finding sits in, and it has no SHA-1.' },
  // Version, licence and name overrides, component ignores and moves (modules/version-overrides and its siblings).
  version_override_result_disabled: { status: 400, field: 'scope', message: 'Result version overrides (scope 1) are turned off for this account: an administrator can turn them on in the account settings (enable_product_version_override).' },
  version_override_group_disabled: { status: 400, field: 'scope', message: 'Group version overrides (scope 2) are turned off for this account: an administrator can turn them on in the account settings (enable_group_version_override).' },
  version_override_global_disabled: { status: 400, field: 'scope', message: 'Global version overrides (scope 3) are turned off for this account: an administrator can turn them on in the account settings (enable_global_version_override).' },
  version_override_version_blank: { status: 400, field: 'version', message: 'This field may not be blank.' },
  version_override_hashes_unknown: { status: 400, field: 'hashes', message: 'Give the SHA-1s of files of this component in the application (its objects).' },
  override_scope_result: { status: 400, field: 'result_scope', message: 'Scope 1 needs the application (result_scope).' },
  override_scope_group: { status: 400, field: 'group_scope', message: 'Scope 2 needs the group (group_scope).' },
  override_result_not_found: { status: 400, field: 'result_scope', message: 'Invalid pk - object does not exist.' },
  override_group_not_found: { status: 400, field: 'group_scope', message: 'Invalid pk - object does not exist.' },
  override_component_unknown: { status: 400, field: 'component_name', message: 'The application has no component of this name.' },
  override_component_version_unknown: { status: 400, field: 'component_version', message: 'The application has no component of this name at this version.' },
  license_override_name_invalid: { status: 400, field: 'license_name', message: 'Enter an SPDX licence id or expression, or a LicenseRef, e.g. MIT, GPL-2.0-only OR MIT, LicenseRef-vendor-eula.' },
  name_override_blank: { status: 400, field: 'display_name', message: 'This field may not be blank.' },
  name_override_target: { status: 400, field: 'detail', message: 'Name the component by component_id, or by mimir_name (with mimir_codetype, mimir_vendor, mimir_variant), not both.' },
  name_override_component_unknown: { status: 400, field: 'component_id', message: 'Invalid pk - object does not exist.' },
  name_override_codetype_invalid: { status: 400, field: 'mimir_codetype', message: 'Give one of the code types GO, NA, MA, JA, MS, DP, RB, PY, JS, CP.' },
  name_override_taken: { status: 400, field: 'detail', message: 'This component already has a display name: change that one instead.' },
  ignore_scan_missing: { status: 400, field: 'scan_id', message: 'Name the application the component is ignored in (scan_id or result_scope).' },
  ignore_scan_not_found: { status: 400, field: 'scan_id', message: 'Invalid pk - object does not exist.' },
  ignore_file_unknown: { status: 400, field: 'triaged_obj', message: 'The component has no file with this SHA-1 in this application.' },
  move_from_unknown: { status: 400, field: 'from_uid', message: 'The application has no component with this uid.' },
  move_to_unknown: { status: 400, field: 'to_uid', message: 'The application has no component with this uid.' },
  move_same_component: { status: 400, field: 'to_uid', message: 'Choose another component than the one the files are moved from.' },
  move_hashes_unknown: { status: 400, field: 'hashes', message: 'Give the SHA-1s of files of the component the files are moved from.' },
  api_meta_header_invalid: { status: 400, field: 'META', message: 'A META- header names a key of letters, digits, - or _ and a value of at most 10,000 characters.' },
  api_meta_headers_too_many: { status: 400, field: 'META', message: 'At most 100 META- headers.' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

/** What a 500 answers and the log carries: 12 hex digits, e.g. "3f9a0c1b2d4e". */
export function newErrorId(): string {
  return randomBytes(6).toString('hex');
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Response headers that go with the answer, e.g. `{'retry-after': '60'}` with a 429. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message?: string, headers: Record<string, string> = {}) {
    super(message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.headers = headers;
  }

  toBody(): Record<string, unknown> {
    const { field } = ERRORS[this.code];
    return field === 'detail' ? { detail: this.message } : { [field]: [this.message] };
  }
}
