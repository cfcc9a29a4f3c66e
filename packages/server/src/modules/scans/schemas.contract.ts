// The scan API's schemas against the engine's and vulndb's types (lib/type-contract.ts).
import type { NativeCodeFinding, NativeInfoleak, NativeMobileApp, NativeExecutable } from '@binlens/engine';
import type { Problem as EngineProblem, ResultFileObject as EngineFileObject } from '@binlens/engine/model';
import type { EvaluatedScanResult } from '@binlens/vulndb';
import type { Static } from 'typebox';
import type { Assert, Same } from '../../lib/type-contract.ts';
import type { ExecutableAttributes, InfoleakItem, MobileApp } from './analysis.schemas.ts';
import type { CodeFinding } from './code-findings.schemas.ts';
import type { Problem, ResultComponent, ResultFileObject } from './schemas.ts';

export type ProblemContract = Assert<Same<Static<typeof Problem>, EngineProblem>>;
export type FileObjectContract = Assert<Same<Static<typeof ResultFileObject>, EngineFileObject>>;
export type ComponentContract = Assert<Same<Static<typeof ResultComponent>, EvaluatedScanResult['components'][number]>>;
export type ExecutableContract = Assert<Same<Static<typeof ExecutableAttributes>, NativeExecutable>>;
// `revealable` is the server's: whether this viewer may read the secret in full.
export type InfoleakContract = Assert<Same<Omit<Static<typeof InfoleakItem>, 'id' | 'revealable'>, NativeInfoleak>>;
export type CodeFindingContract = Assert<Same<Omit<Static<typeof CodeFinding>, 'id'>, NativeCodeFinding>>;
export type MobileAppContract = Assert<Same<Static<typeof MobileApp>, NativeMobileApp>>;
