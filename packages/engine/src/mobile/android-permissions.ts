// Protection levels of common platform permissions (Android's frameworks/base
// core/res/AndroidManifest.xml). Dangerous ones need a runtime grant; signature ones
// only go to apps signed like the platform. A permission not listed has no level here.
export type ProtectionLevel = 'normal' | 'dangerous' | 'signature' | 'signatureOrSystem';

const DANGEROUS = [
  'ACCEPT_HANDOVER', 'ACCESS_BACKGROUND_LOCATION', 'ACCESS_COARSE_LOCATION', 'ACCESS_FINE_LOCATION',
  'ACCESS_MEDIA_LOCATION', 'ACTIVITY_RECOGNITION', 'ADD_VOICEMAIL', 'ANSWER_PHONE_CALLS',
  'BLUETOOTH_ADVERTISE', 'BLUETOOTH_CONNECT', 'BLUETOOTH_SCAN', 'BODY_SENSORS', 'BODY_SENSORS_BACKGROUND',
  'CALL_PHONE', 'CAMERA', 'GET_ACCOUNTS', 'NEARBY_WIFI_DEVICES', 'POST_NOTIFICATIONS', 'PROCESS_OUTGOING_CALLS',
  'READ_CALENDAR', 'READ_CALL_LOG', 'READ_CONTACTS', 'READ_EXTERNAL_STORAGE', 'READ_MEDIA_AUDIO',
  'READ_MEDIA_IMAGES', 'READ_MEDIA_VIDEO', 'READ_MEDIA_VISUAL_USER_SELECTED', 'READ_PHONE_NUMBERS',
  'READ_PHONE_STATE', 'READ_SMS', 'RECEIVE_MMS', 'RECEIVE_SMS', 'RECEIVE_WAP_PUSH', 'RECORD_AUDIO',
  'SEND_SMS', 'USE_SIP', 'UWB_RANGING', 'WRITE_CALENDAR', 'WRITE_CALL_LOG', 'WRITE_CONTACTS',
  'WRITE_EXTERNAL_STORAGE',
];

const SIGNATURE = [
  'BIND_ACCESSIBILITY_SERVICE', 'BIND_DEVICE_ADMIN', 'BIND_NOTIFICATION_LISTENER_SERVICE', 'BIND_VPN_SERVICE',
  'MANAGE_EXTERNAL_STORAGE', 'PACKAGE_USAGE_STATS', 'REQUEST_INSTALL_PACKAGES', 'SYSTEM_ALERT_WINDOW',
  'WRITE_SETTINGS',
];

const SIGNATURE_OR_SYSTEM = ['INSTALL_PACKAGES', 'DELETE_PACKAGES', 'READ_LOGS', 'WRITE_SECURE_SETTINGS', 'MOUNT_UNMOUNT_FILESYSTEMS'];

const NORMAL = [
  'ACCESS_NETWORK_STATE', 'ACCESS_WIFI_STATE', 'BLUETOOTH', 'BLUETOOTH_ADMIN', 'CHANGE_NETWORK_STATE',
  'CHANGE_WIFI_STATE', 'FOREGROUND_SERVICE', 'INTERNET', 'NFC', 'RECEIVE_BOOT_COMPLETED',
  'REQUEST_IGNORE_BATTERY_OPTIMIZATIONS', 'SCHEDULE_EXACT_ALARM', 'USE_BIOMETRIC', 'USE_FINGERPRINT',
  'VIBRATE', 'WAKE_LOCK',
];

const LEVELS = new Map<string, ProtectionLevel>([
  ...NORMAL.map((p) => [p, 'normal'] as const),
  ...DANGEROUS.map((p) => [p, 'dangerous'] as const),
  ...SIGNATURE.map((p) => [p, 'signature'] as const),
  ...SIGNATURE_OR_SYSTEM.map((p) => [p, 'signatureOrSystem'] as const),
]);

/** `android.permission.CAMERA` → `dangerous`; undefined for unknown or app-defined permissions. */
export function platformProtectionLevel(permission: string): ProtectionLevel | undefined {
  const prefix = 'android.permission.';
  return permission.startsWith(prefix) ? LEVELS.get(permission.slice(prefix.length)) : undefined;
}
