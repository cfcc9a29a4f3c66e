interface UserGroupsPageProps {
  userId: number;
}

export function UserGroupsPage({ userId }: UserGroupsPageProps) {
  return <div data-user-id={userId} />;
}
