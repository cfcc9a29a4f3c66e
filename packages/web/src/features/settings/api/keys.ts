import type { SettingsPageName } from './settings.ts';
import type { LicensePolicyParams } from './license-policies.ts';

export const settingsKeys = {
  all: ['account-settings'] as const,
  page: (page: SettingsPageName) => [...settingsKeys.all, 'page', page] as const,
  licenseLists: () => [...settingsKeys.all, 'licenses'] as const,
  licenses: (params: LicensePolicyParams) => [...settingsKeys.licenseLists(), params] as const,
};
