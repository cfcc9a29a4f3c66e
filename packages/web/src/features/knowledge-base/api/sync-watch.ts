// After "Sync now" the server has only queued the sync: its worker picks it up within seconds,
// and a sync whose feeds cannot be reached may end before the next look. So the page keeps
// looking, once a second, until it sees the sync under way or its outcome, for at most a minute.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { KnowledgeBaseStatus } from '../../../lib/api-schemas.ts';
import { knowledgeBaseQueryOptions } from '../../../lib/knowledge-base.ts';

const WATCH_MS = 60_000;
const BUSY_POLL_MS = 2000;
const WATCH_POLL_MS = 1000;

interface Watch {
  since: number;
  /** What the sources said when the sync was asked for. */
  before: string;
}

/** The knowledge-base query of the data page, and `watchSync(status)` to call once a sync was queued. */
export function useKnowledgeBaseWithSyncWatch() {
  const [watch, setWatch] = useState<Watch | null>(null);
  const query = useQuery({
    ...knowledgeBaseQueryOptions(),
    refetchInterval: (q) => {
      const data = q.state.data;
      if (data?.state === 'importing') return BUSY_POLL_MS;
      if (!watch || !data || Date.now() - watch.since > WATCH_MS || signature(data) !== watch.before) return false;
      return WATCH_POLL_MS;
    },
  });
  const watchSync = (status: KnowledgeBaseStatus) => setWatch({ since: Date.now(), before: signature(status) });
  return { query, watchSync };
}

/** Changes when any source starts, ends, fails or imports. */
function signature(status: KnowledgeBaseStatus): string {
  return JSON.stringify(status.sources.map((s) => [s.name, s.state, s.last_success, s.last_error]));
}
