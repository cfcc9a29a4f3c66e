import { Stack } from '@mantine/core';
import { type SettingsTab, TAB_SECTIONS } from './sections.ts';
import { SettingsForm } from './settings-form.tsx';

/** One account-settings tab: its sections, each a form of its own. */
export function SettingsTabPage({ tab }: { tab: SettingsTab }) {
  return (
    <Stack gap="lg">
      {TAB_SECTIONS[tab].map((section) => (
        <SettingsForm key={section.id} section={section} />
      ))}
    </Stack>
  );
}
