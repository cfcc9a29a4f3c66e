import { useQuery } from '@tanstack/react-query';
import { type FeedSearch, groupFeedQueryOptions } from '../api/feeds.ts';
import { FeedPage } from './feed-page.tsx';

export function GroupEventsPage({ groupId, search, onSearchChange }: { groupId: number; search: FeedSearch; onSearchChange: (next: Partial<FeedSearch>) => void }) {
  const query = useQuery(groupFeedQueryOptions(groupId, search));
  return <FeedPage label="Group events" query={query} search={search} onSearchChange={onSearchChange} />;
}
