import { PageHeader } from '../../../components/page-header.tsx';
import { ScansList } from './scans-list.tsx';

interface ScansPageProps {
  title: string;
  showGroup?: boolean;
}

export function ScansPage({ title, showGroup = false }: ScansPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <ScansList showGroup={showGroup} showStatistics />
    </>
  );
}
