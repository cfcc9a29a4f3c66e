interface UserSettingsPageProps {
  userId: number;
}

export function UserSettingsPage({ userId }: UserSettingsPageProps) {
  return <div data-user-id={userId} />;
}
