interface UserApplicationsPageProps {
  userId: number;
}

export function UserApplicationsPage({ userId }: UserApplicationsPageProps) {
  return <div data-user-id={userId} />;
}
