// The vulnerability API's schemas against vulndb's types (lib/type-contract.ts): a column of
// the knowledge base renamed or retyped fails `npm run typecheck` here.
import type { CvssMetric, DistroCvssFact, EpssFact, KevFact, RecordFact } from '@binlens/vulndb';
import type { Static } from 'typebox';
import type { Assert, Same, SnakeCased } from '../../lib/type-contract.ts';
import type { DistroCvss, Epss, VulnerabilityCvss, VulnerabilityKev, VulnerabilityReference } from './schemas.ts';

export type DistroCvssContract = Assert<Same<DistroCvss, DistroCvssFact>>;
export type EpssContract = Assert<Same<Epss, SnakeCased<Pick<EpssFact, 'cve' | 'epss' | 'percentile' | 'modelVersion' | 'scoreDate'>>>>;
export type KevContract = Assert<Same<
  Static<typeof VulnerabilityKev>,
  { dateAdded: KevFact['dateAdded']; dueDate: KevFact['dueDate']; knownRansomware: KevFact['knownRansomwareCampaignUse'] }
>>;
/** A URL's tags gathered from every record that cites it (the service merges them). */
type RecordReference = RecordFact['references'][number];
export type ReferenceContract = Assert<Same<Static<typeof VulnerabilityReference>, { url: RecordReference['url']; tags: NonNullable<RecordReference['tags']>[number][] }>>;
export type CvssContract = Assert<Same<Static<typeof VulnerabilityCvss>, CvssMetric>>;
