// UI state of the app-wide error dialogs (spec §8). Server data never lives here.
import { create } from 'zustand';
import { ApiError } from '../lib/api-client.ts';

export interface ServerErrorDialog {
  errorId: string | null;
}

interface ErrorDialogState {
  sessionExpired: boolean;
  serverError: ServerErrorDialog | null;
  setSessionExpired: (expired: boolean) => void;
  showServerError: (dialog: ServerErrorDialog) => void;
  closeServerError: () => void;
}

export const useErrorDialogStore = create<ErrorDialogState>()((set) => ({
  sessionExpired: false,
  serverError: null,
  setSessionExpired: (sessionExpired) => set({ sessionExpired }),
  showServerError: (serverError) => set({ serverError }),
  closeServerError: () => set({ serverError: null }),
}));

/**
 * The app-wide reaction to a failed call: 401 opens "Session expired", 5xx opens the
 * error dialog with the server's error id. Everything else (400, 403, 404, 409) is
 * left to the caller, which shows it in place.
 */
export function reportApiError(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  const { setSessionExpired, showServerError } = useErrorDialogStore.getState();
  if (error.status === 401) setSessionExpired(true);
  else if (error.status >= 500) showServerError({ errorId: error.errorId });
}
