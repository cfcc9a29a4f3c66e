// UI state shared across pages (spec §3 "UI state"): which CVSS version scores are shown in.
// Server data never lives here.
import { create } from 'zustand';

/** Spec §9: CVSS versions 2, 3 and 4; 3 by default. */
export type CvssVersion = 2 | 3 | 4;
export const DEFAULT_CVSS_VERSION: CvssVersion = 3;

interface UiState {
  cvssVersion: CvssVersion;
  /** Whether the user picked a version this session; the company's default then no longer replaces it. */
  cvssVersionChosen: boolean;
  /** The user's own choice. */
  setCvssVersion: (version: CvssVersion) => void;
  /** The company's default_cvss_version, applied when the company's data is loaded (spec §2). */
  applyDefaultCvssVersion: (version: CvssVersion) => void;
}

export const useUiStateStore = create<UiState>()((set) => ({
  cvssVersion: DEFAULT_CVSS_VERSION,
  cvssVersionChosen: false,
  setCvssVersion: (cvssVersion) => set({ cvssVersion, cvssVersionChosen: true }),
  applyDefaultCvssVersion: (cvssVersion) => set((state) => (state.cvssVersionChosen ? state : { cvssVersion })),
}));
