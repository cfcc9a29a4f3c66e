import { PageHeader } from '../../../components/page-header.tsx';
import type { PageSearch } from '../api/scan-search.ts';
import { ScansList } from './scans-list.tsx';

interface ScansPageProps {
  title: string;
  params: PageSearch;
  showGroup?: boolean;
  onOffsetChange: (offset: number) => void;
}

export function ScansPage({ title, params, showGroup = false, onOffsetChange }: ScansPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <ScansList params={params} showGroup={showGroup} onOffsetChange={onOffsetChange} />
    </>
  );
}
