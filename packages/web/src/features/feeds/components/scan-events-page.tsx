import { useQuery } from '@tanstack/react-query';
import { type FeedSearch, scanFeedQueryOptions } from '../api/feeds.ts';
import { FeedPage } from './feed-page.tsx';

/** Spec §2 feed tab: what happened to one scan (upload, rescans, aborts, renames, comments, custom data). */
export function ScanEventsPage({ scanId, search, onSearchChange }: { scanId: number; search: FeedSearch; onSearchChange: (next: Partial<FeedSearch>) => void }) {
  const query = useQuery(scanFeedQueryOptions(scanId, search));
  return <FeedPage label="Scan events" query={query} search={search} onSearchChange={onSearchChange} />;
}
