// Short names for the generated schema types, so features never spell the long path.
import type { components } from './api-types.gen.ts';

type Schemas = components['schemas'];

export type User = Schemas['User'];
export type AccountUser = Schemas['AccountUser'];
export type AccountMembership = Schemas['AccountMembership'];
export type GroupMembership = Schemas['GroupMembership'];
export type Group = Schemas['Group'];
export type GroupCreate = Schemas['GroupCreate'];
export type GroupUpdate = Schemas['GroupUpdate'];
export type Scan = Schemas['Scan'];
export type ScanStatus = Scan['status'];
export type ScanProgress = Schemas['ScanProgress'];
export type ScanResult = Schemas['ScanResult'];
export type ResultComponent = Schemas['ResultComponent'];
export type ResultFileObject = Schemas['ResultFileObject'];
export type ResultVuln = Schemas['ResultVuln'];
export type Problem = Schemas['Problem'];
export type ProblemLevel = Problem['level'];
export type PageLinks = Schemas['PageLinks'];

/** Every paged list of the API answers this shape (spec §7). */
export interface Paged<T> {
  count: number;
  results: T[];
  links: PageLinks;
}

export type KnowledgeBaseStatus = Schemas['KnowledgeBaseStatus'];
export type KnowledgeBaseSource = Schemas['KnowledgeBaseSource'];
export type KnowledgeBaseSummary = Schemas['KnowledgeBaseSummary'];
