interface UserOverviewPageProps {
  userId: number;
}

export function UserOverviewPage({ userId }: UserOverviewPageProps) {
  return <div data-user-id={userId} />;
}
