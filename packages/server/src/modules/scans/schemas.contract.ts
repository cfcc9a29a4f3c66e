// The scan API's schemas against the engine's and vulndb's types (lib/type-contract.ts).
import type { NativeCodeFinding, NativeInfoleak, NativeMobileApp, NativeExecutable } from '@binlens/engine';
import type { Problem as EngineProblem, ResultFileObject as EngineFileObject } from '@binlens/engine/model';
import type { EvaluatedScanResult, EvaluatedVuln } from '@binlens/vulndb';
import type { Static } from 'typebox';
import type { Assert, Same } from '../../lib/type-contract.ts';
import type { LicenseOverrideDto } from '../adjustments/apply.ts';
import type { TriageDto } from '../adjustments/triage-dto.ts';
import type { ExecutableAttributes, InfoleakItem, MobileApp } from './analysis.schemas.ts';
import type { CodeFinding } from './code-findings.schemas.ts';
import type { Problem, ResultComponent, ResultFileObject } from './schemas.ts';

export type ProblemContract = Assert<Same<Static<typeof Problem>, EngineProblem>>;
export type FileObjectContract = Assert<Same<Static<typeof ResultFileObject>, EngineFileObject>>;
// vulndb leaves a vulnerability entry's triages untyped; the server puts its triages there (adjustments/apply.ts).
type ServedVuln = Omit<EvaluatedVuln, 'triages' | 'unresolved_triages'> & { triages: TriageDto[]; unresolved_triages: TriageDto[] };
// The engine leaves license_overrides untyped too; the server puts the overrides that hold there (adjustments/apply.ts).
type ServedComponent = Omit<EvaluatedScanResult['components'][number], 'vulns' | 'historical' | 'license_overrides'> & {
  vulns: ServedVuln[];
  historical?: ServedVuln[];
  license_overrides: LicenseOverrideDto[];
  detected_version: string | null;
};
export type ComponentContract = Assert<Same<Static<typeof ResultComponent>, ServedComponent>>;
export type ExecutableContract = Assert<Same<Static<typeof ExecutableAttributes>, NativeExecutable>>;
// `revealable` is the server's: whether this viewer may read the secret in full; `triages` the account's (modules/infoleak-triages).
export type InfoleakContract = Assert<Same<Omit<Static<typeof InfoleakItem>, 'id' | 'revealable' | 'triages'>, NativeInfoleak>>;
export type CodeFindingContract = Assert<Same<Omit<Static<typeof CodeFinding>, 'id'>, NativeCodeFinding>>;
export type MobileAppContract = Assert<Same<Static<typeof MobileApp>, NativeMobileApp>>;
