import { Button, Menu } from '@mantine/core';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useLogout } from '../api/logout.ts';

export function UserMenu() {
  const user = useCurrentUser();
  const logout = useLogout();
  const logOut = () => logout.mutate();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" aria-label={`User menu for ${user.email}`}>
          {user.username || user.email}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item onClick={logOut} disabled={logout.isPending}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
