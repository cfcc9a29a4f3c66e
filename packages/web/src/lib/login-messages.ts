// Login messages (spec §2: loaded before navigation when the query has checkLoginMessages) and
// the flag that opens their dialog in the app frame.
import { queryOptions } from '@tanstack/react-query';
import { create } from 'zustand';
import { api, unwrap } from './api-client.ts';
import type { LoginMessage } from './api-schemas.ts';

/** The query parameter the sign-in sends the user on with, e.g. `/?checkLoginMessages=true`. */
export const CHECK_LOGIN_MESSAGES = 'checkLoginMessages';

/** `path` (a same-site path) with ?checkLoginMessages=true added, for the first page after signing in. */
export function withLoginMessagesCheck(path: string): string {
  const url = new URL(path, 'http://binlens.invalid');
  url.searchParams.set(CHECK_LOGIN_MESSAGES, 'true');
  return `${url.pathname}${url.search}${url.hash}`;
}

export const loginMessagesKeys = {
  all: ['login-messages'] as const,
};

export async function getLoginMessages(signal?: AbortSignal): Promise<LoginMessage[]> {
  // Spec §9: a list read whole is read 500 at a time; there are never that many messages shown at once.
  return (await unwrap(api.GET('/rest/messages/', { params: { query: { limit: 500 } }, signal }))).results;
}

export const loginMessagesQueryOptions = () =>
  queryOptions({ queryKey: loginMessagesKeys.all, queryFn: ({ signal }) => getLoginMessages(signal), staleTime: 0, retry: false });

interface LoginMessagesDialogState {
  messages: LoginMessage[];
  show: (messages: LoginMessage[]) => void;
  close: () => void;
}

export const useLoginMessagesDialog = create<LoginMessagesDialogState>()((set) => ({
  messages: [],
  show: (messages) => set({ messages }),
  close: () => set({ messages: [] }),
}));
