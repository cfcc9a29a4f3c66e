import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { AccountUser } from '../../../lib/api-schemas.ts';
import type { components } from '../../../lib/api-types.gen.ts';
import { authKeys } from '../../../lib/auth-keys.ts';
import { userKeys } from './keys.ts';

type Schemas = components['schemas'];
export type UserCreate = Schemas['UserCreate'];
export type UserUpdate = Schemas['UserUpdate'];
export type UsersBulkUpdate = Schemas['UsersBulkUpdate'];

/** After a change of users: the lists, the changed users and (maybe) the signed-in user's own data. */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return async (users: AccountUser[]) => {
    for (const user of users) queryClient.setQueryData(userKeys.detail(user.id), user);
    await Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.lists() }), queryClient.invalidateQueries({ queryKey: authKeys.me() })]);
  };
}

export function useCreateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: UserCreate) => unwrap(api.POST('/rest/users/', { body })),
    meta: { handledStatuses: [400, 409, 502] },
    onSuccess: (user) => refresh([user]),
  });
}

export function useUpdateUser(id: number) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: UserUpdate) => unwrap(api.PATCH('/rest/users/{id}/', { params: { path: { id } }, body })),
    meta: { handledStatuses: [400] },
    onSuccess: (user) => refresh([user]),
  });
}

/** POST /rest/users/update/: the same activation or roles for several users, all or none. */
export function useBulkUpdateUsers() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: UsersBulkUpdate) => unwrap(api.POST('/rest/users/update/', { body })),
    meta: { handledStatuses: [400] },
    onSuccess: ({ results }) => refresh(results),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/rest/users/{id}/', { params: { path: { id } } })),
    meta: { handledStatuses: [400, 409] },
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function useResetPassword(id: number) {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/rest/users/{id}/reset_password/', { params: { path: { id } } })),
    meta: { handledStatuses: [409, 502] },
  });
}

export function useTestEmail(id: number) {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/rest/users/{id}/test_email/', { params: { path: { id } } })),
    meta: { handledStatuses: [409, 502] },
  });
}
