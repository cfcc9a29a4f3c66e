// The roots of the scan query keys (features/scans/api/keys.ts builds every scan key on them).
// Here so that a change made elsewhere that alters what a scan's evaluation shows (a triage)
// can refresh the scans it reaches without importing the scans feature.
export const scanKeyRoot = ['scans'] as const;
export const scanListsKey = () => [...scanKeyRoot, 'list'] as const;
/** Everything of one scan: its detail, result, summary, licences and the rest. */
export const scanDetailKey = (id: number) => [...scanKeyRoot, 'detail', id] as const;
