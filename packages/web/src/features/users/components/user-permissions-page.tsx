interface UserPermissionsPageProps {
  userId: number;
}

export function UserPermissionsPage({ userId }: UserPermissionsPageProps) {
  return <div data-user-id={userId} />;
}
