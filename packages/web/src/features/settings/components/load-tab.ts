import type { QueryClient } from '@tanstack/react-query';
import { type SettingsTab, tabSources } from './sections.ts';
import { settingsQueryOptions } from '../api/settings.ts';

/** A tab route's loader: every source its sections read, fetched side by side. */
export async function loadSettingsTab(queryClient: QueryClient, tab: SettingsTab): Promise<void> {
  await Promise.all(tabSources(tab).map((source) => queryClient.ensureQueryData(settingsQueryOptions(source))));
}
