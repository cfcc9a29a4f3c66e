import { AppShell, Burger, Group, NavLink, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useRouterState, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Can } from './can.tsx';

const NAV_LINKS: { to: LinkProps['to']; label: string }[] = [
  { to: '/', label: 'Favourites' },
  { to: '/user-groups', label: 'My groups' },
  { to: '/all-groups', label: 'All groups' },
  { to: '/applications', label: 'Applications' },
  { to: '/components', label: 'Components' },
  { to: '/triages', label: 'Triages' },
  { to: '/reports', label: 'Reports' },
];

interface AppLayoutProps {
  /** The header's user menu; given by the route (features/auth), which components may not import. */
  userMenu: ReactNode;
  /** Above every page: the system status banner. */
  banner?: ReactNode;
}

/** The signed-in shell: header with product name and user menu, navigation on the left. */
export function AppLayout({ userMenu, banner }: AppLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Title order={3} component="p">
              Binlens
            </Title>
          </Group>
          {userMenu}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main">
        {NAV_LINKS.map((link) => (
          <NavLink
            key={link.label}
            component={Link}
            to={link.to}
            label={link.label}
            onClick={close}
            activeOptions={{ exact: link.to === '/' }}
          />
        ))}
        <Can permissions={['change_infoleakcustomregex']}>
          <NavLink component={Link} to="/custom-patterns" label="Custom patterns" onClick={close} />
        </Can>
        <Can permissions={['change_companyaccount']}>
          <NavLink label="Account" childrenOffset={0} defaultOpened>
            <NavLink component={Link} to="/account" activeOptions={{ exact: true }} active={isUsersAndGroups(pathname)} label="Users and groups" onClick={close} />
            <NavLink component={Link} to="/account/vulnerability-data" label="Vulnerability data" onClick={close} />
            <NavLink component={Link} to="/account-settings" label="Account settings" onClick={close} />
          </NavLink>
        </Can>
      </AppShell.Navbar>
      <AppShell.Main>
        {banner}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** The account tabs other than vulnerability data (its own entry), and a user's pages. */
function isUsersAndGroups(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/account/vulnerability-data') return false;
  return path === '/account' || path.startsWith('/account/') || path.startsWith('/users/');
}
