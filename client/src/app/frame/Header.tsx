import { Fragment, Suspense, useState, type ReactNode } from 'react';
import { Box, Button, Collapsible, Container, Flex, HStack, IconButton, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LogOut, Menu, X } from 'lucide-react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { isModerator, type AuthUser } from '../auth/authUser';
import { HeaderLogo } from './HeaderLogo';
import { navItemsFor, type NavItem } from './navItems';
import { UserChip } from './UserChip';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { useModuleSwitches, type ModuleSwitches } from '../../features/modules/useModuleSwitches';

function isActive(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function NavButton({ item, pathname, full = false }: { item: NavItem; pathname: string; full?: boolean }) {
  const { i18n } = useLingui();
  const active = isActive(pathname, item.to);
  const Icon = item.icon;
  return (
    <Button
      asChild
      size="sm"
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'brand' : 'gray'}
      justifyContent={full ? 'flex-start' : 'center'}
      width={full ? 'full' : 'auto'}
      fontWeight={active ? 'semibold' : 'medium'}
    >
      <NavLink to={item.to} data-testid={`nav-${item.to.slice(1)}`}>
        <Icon size={16} aria-hidden="true" />
        {i18n._(item.label)}
      </NavLink>
    </Button>
  );
}

type RenderLink = (item: NavItem) => ReactNode;

/** A module's link, once the switches say its module is on. */
function IfModuleOn({ module, children }: { module: keyof ModuleSwitches; children: ReactNode }) {
  return useModuleSwitches()[module] ? <>{children}</> : null;
}

/**
 * The links, those of switched-off modules left out. Only a module's link waits for the switches
 * (its own boundary): the others are never swapped for a fallback's copies, so an element the
 * onboarding tour highlights, or a click on its way, stays on the same node.
 */
function NavLinks({ user, render }: { user: AuthUser; render: RenderLink }) {
  return (
    <>
      {navItemsFor(user).map((item) =>
        item.module ? (
          <ErrorBoundary key={item.to} fallback={null}>
            <Suspense fallback={null}>
              <IfModuleOn module={item.module}>{render(item)}</IfModuleOn>
            </Suspense>
          </ErrorBoundary>
        ) : (
          <Fragment key={item.to}>{render(item)}</Fragment>
        ),
      )}
    </>
  );
}

export function Header({ user }: { user: AuthUser }) {
  const { t } = useLingui();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The mobile menu stays open on the page it was opened on: navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  const logout = () => {
    signOut();
    navigate('/login', { replace: true });
  };

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg.panel/90"
      backdropFilter="saturate(180%) blur(8px)"
      borderBottomWidth="1px"
      borderColor="brand.muted"
      shadow="xs"
    >
      <Collapsible.Root open={menuOpen} onOpenChange={(details) => setMenuOpenOn(details.open ? pathname : null)}>
        <Container maxW="7xl" px={{ base: '4', md: '6' }}>
          <Flex h="16" align="center" gap="3">
            <HeaderLogo showLabel={isModerator(user)} />
            {/* The chip and the menu button keep their width; a wide custom logo gives way (HeaderLogo). */}
            <HStack gap="3" ml="auto" flexShrink="0">
              <UserChip user={user} />
              <Button
                size="sm"
                variant="outline"
                colorPalette="gray"
                onClick={logout}
                data-testid="logout-button"
                display={{ base: 'none', md: 'inline-flex' }}
              >
                <LogOut size={16} aria-hidden="true" />
                <Trans context="sign out">Выйти</Trans>
              </Button>
              <Collapsible.Trigger asChild>
                <IconButton
                  size="sm"
                  variant="ghost"
                  display={{ base: 'inline-flex', lg: 'none' }}
                  aria-label={menuOpen ? t`Закрыть меню` : t`Открыть меню`}
                  data-testid="mobile-menu-toggle"
                >
                  {menuOpen ? <X size={20} /> : <Menu size={20} />}
                </IconButton>
              </Collapsible.Trigger>
            </HStack>
          </Flex>
          {/* Desktop: the links on their own row, so long (French) labels never push the user chip out. */}
          <HStack
            as="nav"
            aria-label={t`Основная навигация`}
            gap="1"
            pb="2"
            flexWrap="wrap"
            display={{ base: 'none', lg: 'flex' }}
          >
            <NavLinks user={user} render={(item) => <NavButton item={item} pathname={pathname} />} />
          </HStack>
        </Container>

        <Collapsible.Content display={{ lg: 'none' }}>
          <Container maxW="7xl" px="4" pb="4">
            <Stack as="nav" aria-label={t`Мобильная навигация`} gap="1" borderTopWidth="1px" borderColor="brand.muted" pt="3">
              <NavLinks user={user} render={(item) => <NavButton item={item} pathname={pathname} full />} />
              <Button
                size="sm"
                variant="ghost"
                colorPalette="red"
                justifyContent="flex-start"
                onClick={logout}
                display={{ base: 'flex', md: 'none' }}
                data-testid="mobile-logout-button"
              >
                <LogOut size={16} aria-hidden="true" />
                <Trans context="sign out">Выйти</Trans>
              </Button>
            </Stack>
          </Container>
        </Collapsible.Content>
      </Collapsible.Root>
    </Box>
  );
}
