import { useQuery } from '@tanstack/react-query';
import { accountFeedQueryOptions, type FeedSearch } from '../api/feeds.ts';
import { FeedPage } from './feed-page.tsx';

export function AccountFeedPage({ search, onSearchChange }: { search: FeedSearch; onSearchChange: (next: Partial<FeedSearch>) => void }) {
  const query = useQuery(accountFeedQueryOptions(search));
  return <FeedPage label="Account feed" query={query} search={search} onSearchChange={onSearchChange} />;
}
