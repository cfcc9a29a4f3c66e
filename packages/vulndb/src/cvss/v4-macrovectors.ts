// CVSS v4.0 data from FIRST's specification (§8.2, §8.3): the score of every macrovector
// (its highest-severity vector), the highest-severity vectors of each equivalence class,
// and each class's depth in severity-distance steps.

/**
 * Macrovector scores in order of the macrovector string (EQ1..EQ6 as digits). Per
 * (EQ1, EQ2): EQ3 0 and 1 each with EQ4 × EQ5 × EQ6 (18 values), then EQ3 2, which only
 * exists with EQ6 1 (9 values).
 */
const SCORES_BY_EQ1_EQ2: readonly (readonly number[])[] = [
  // EQ1 0, EQ2 0
  [10, 9.9, 9.8, 9.5, 9.5, 9.2, 10, 9.6, 9.3, 8.7, 9.1, 8.1, 9.3, 9, 8.9, 8, 8.1, 6.8,
    9.8, 9.5, 9.5, 9.2, 9, 8.4, 9.3, 9.2, 8.9, 8.1, 8.1, 6.5, 8.8, 8, 7.8, 7, 6.9, 4.8,
    9.2, 8.2, 7.2, 7.9, 6.9, 5, 6.9, 5.5, 2.7],
  // EQ1 0, EQ2 1
  [9.9, 9.7, 9.5, 9.2, 9.2, 8.5, 9.5, 9.1, 9, 8.3, 8.4, 7.1, 9.2, 8.1, 8.2, 7.1, 7.2, 5.3,
    9.5, 9.3, 9.2, 8.5, 8.5, 7.3, 9.2, 8.2, 8, 7.2, 7, 5.9, 8.4, 7, 7.1, 5.2, 5, 3,
    8.6, 7.5, 5.2, 7.1, 5.2, 2.9, 6.3, 2.9, 1.7],
  // EQ1 1, EQ2 0
  [9.8, 9.5, 9.4, 8.7, 9.1, 8.1, 9.4, 8.9, 8.6, 7.4, 7.7, 6.4, 8.7, 7.5, 7.4, 6.3, 6.3, 4.9,
    9.4, 8.9, 8.8, 7.7, 7.6, 6.7, 8.6, 7.6, 7.4, 5.8, 5.9, 5, 7.2, 5.7, 5.7, 5.2, 5.2, 2.5,
    8.3, 7, 5.4, 6.5, 5.8, 2.6, 5.3, 2.1, 1.3],
  // EQ1 1, EQ2 1
  [9.5, 9, 8.8, 7.6, 7.6, 7, 9, 7.7, 7.5, 6.2, 6.1, 5.3, 7.7, 6.6, 6.8, 5.9, 5.2, 3,
    8.9, 7.8, 7.6, 6.7, 6.2, 5.8, 7.4, 5.9, 5.7, 5.7, 4.7, 2.3, 6.1, 5.2, 5.7, 2.9, 2.4, 1.6,
    7.1, 5.9, 3, 5.8, 2.6, 1.5, 2.3, 1.3, 0.6],
  // EQ1 2, EQ2 0
  [9.3, 8.7, 8.6, 7.2, 7.5, 5.8, 8.6, 7.4, 7.4, 6.1, 5.6, 3.4, 7, 5.4, 5.2, 4, 4, 2.2,
    8.5, 7.5, 7.4, 5.5, 6.2, 5.1, 7.2, 5.7, 5.5, 4.1, 4.6, 1.9, 5.3, 3.6, 3.4, 1.9, 1.9, 0.8,
    6.4, 5.1, 2, 4.7, 2.1, 1.1, 2.4, 0.9, 0.4],
  // EQ1 2, EQ2 1
  [8.8, 7.5, 7.3, 5.3, 6, 5, 7.3, 5.5, 5.9, 4, 4.1, 2, 5.4, 4.3, 4.5, 2.2, 2, 1.1,
    7.5, 5.5, 5.8, 4.5, 4, 2.1, 6.1, 5.1, 4.8, 1.8, 2, 0.9, 4.6, 1.8, 1.7, 0.7, 0.8, 0.2,
    5.3, 2.4, 1.4, 2.4, 1.2, 0.5, 1, 0.3, 0.1],
];

function buildScores(): ReadonlyMap<string, number> {
  const scores = new Map<string, number>();
  SCORES_BY_EQ1_EQ2.forEach((values, i) => {
    const prefix = `${Math.floor(i / 2)}${i % 2}`;
    let next = 0;
    for (const eq3 of [0, 1, 2]) {
      for (const eq4 of [0, 1, 2]) {
        for (const eq5 of [0, 1, 2]) {
          for (const eq6 of eq3 === 2 ? [1] : [0, 1]) {
            const value = values[next];
            next += 1;
            if (value === undefined) throw new Error(`CVSS v4 table: no score for ${prefix}${eq3}${eq4}${eq5}${eq6}`);
            scores.set(`${prefix}${eq3}${eq4}${eq5}${eq6}`, value);
          }
        }
      }
    }
    if (next !== values.length) throw new Error(`CVSS v4 table: ${values.length - next} extra scores for ${prefix}`);
  });
  return scores;
}

/** The 270 macrovector scores, keyed by the macrovector (`000000` → 10). */
export const MACROVECTOR_SCORES: ReadonlyMap<string, number> = buildScores();

type Metrics = Readonly<Record<string, string>>;

/** The highest-severity vectors of each EQ1 level (AV/PR/UI). */
export const EQ1_MAXES: readonly (readonly Metrics[])[] = [
  [{ AV: 'N', PR: 'N', UI: 'N' }],
  [{ AV: 'A', PR: 'N', UI: 'N' }, { AV: 'N', PR: 'L', UI: 'N' }, { AV: 'N', PR: 'N', UI: 'P' }],
  [{ AV: 'P', PR: 'N', UI: 'N' }, { AV: 'A', PR: 'L', UI: 'P' }],
];

/** EQ2 (AC/AT). */
export const EQ2_MAXES: readonly (readonly Metrics[])[] = [
  [{ AC: 'L', AT: 'N' }],
  [{ AC: 'H', AT: 'N' }, { AC: 'L', AT: 'P' }],
];

const vr = (VC: string, VI: string, VA: string, CR: string, IR: string, AR: string): Metrics => ({ VC, VI, VA, CR, IR, AR });

/** EQ3 and EQ6 together (VC/VI/VA with CR/IR/AR), keyed `${eq3}${eq6}`. */
export const EQ3_EQ6_MAXES: Readonly<Record<string, readonly Metrics[]>> = {
  '00': [vr('H', 'H', 'H', 'H', 'H', 'H')],
  '01': [vr('H', 'H', 'L', 'M', 'M', 'H'), vr('H', 'H', 'H', 'M', 'M', 'M')],
  '10': [vr('L', 'H', 'H', 'H', 'H', 'H'), vr('H', 'L', 'H', 'H', 'H', 'H')],
  '11': [
    vr('L', 'H', 'L', 'H', 'M', 'H'), vr('L', 'H', 'H', 'H', 'M', 'M'), vr('H', 'L', 'H', 'M', 'H', 'M'),
    vr('H', 'L', 'L', 'M', 'H', 'H'), vr('L', 'L', 'H', 'H', 'H', 'M'),
  ],
  '21': [vr('L', 'L', 'L', 'H', 'H', 'H')],
};

/** EQ4 (SC/SI/SA; S is Safety, only through MSI/MSA). */
export const EQ4_MAXES: readonly (readonly Metrics[])[] = [
  [{ SC: 'H', SI: 'S', SA: 'S' }],
  [{ SC: 'H', SI: 'H', SA: 'H' }],
  [{ SC: 'L', SI: 'L', SA: 'L' }],
];

/** Depth of each class in steps of 0.1 severity distance. */
export const MAX_SEVERITY = {
  eq1: [1, 4, 5],
  eq2: [1, 2],
  eq3eq6: { '00': 7, '01': 6, '10': 8, '11': 8, '21': 10 } as Readonly<Record<string, number>>,
  eq4: [6, 5, 4],
} as const;
