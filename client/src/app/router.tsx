import { lazy, Suspense, useLayoutEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { loadStartPage, startPageLoader } from '../features/landing/startPageLoader';
import { LoadingScreen } from '../components/LoadingScreen';
import { PublicOnly, RequireAuth, RequireRole, roleLoader } from './guards';
import { RouteErrorPage } from './RouteErrorPage';
import { removePageShell, SHELL_PATHS } from './pageShell';
import { loadRelayProvider, WithRelay } from './WithRelay';
import { getToken } from '../relay/token';
import { preloadPageQuery } from './preloadPageQuery';
import { loadSignedInTexts } from '../i18n/locale';
import { contentQueryVariables } from '../features/content/contentFilters';
import type { ProfilePageQuery } from '../__generated__/ProfilePageQuery.graphql';
import type { ContentArticlePageQuery } from '../__generated__/ContentArticlePageQuery.graphql';

// Every page is its own chunk, so the login page loads only what it needs. A page's loader starts its
// query (from the small generated artifact) while the chunk loads.
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const StartPage = lazy(loadStartPage);
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const loadPageFrame = () => import('./frame/PageFrame');
const PageFrame = lazy(loadPageFrame);
const loadDashboardPage = () => import('../features/dashboard/DashboardPage');
const DashboardPage = lazy(loadDashboardPage);
const loadContentPage = () => import('../features/content/ContentPage');
const ContentPage = lazy(loadContentPage);
const loadContentArticlePage = () => import('../features/content/ContentArticlePage');
const ContentArticlePage = lazy(loadContentArticlePage);
const loadSupportPage = () => import('../features/support/SupportPage');
const SupportPage = lazy(loadSupportPage);
const loadSocialPage = () => import('../features/social/SocialPage');
const SocialPage = lazy(loadSocialPage);
const loadUsersPage = () => import('../features/users/UsersPage');
const UsersPage = lazy(loadUsersPage);
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const loadProfilePage = () => import('../features/profile/ProfilePage');
const ProfilePage = lazy(loadProfilePage);
const loadVideoCallsPage = () => import('../features/video-calls/VideoCallsPage');
const VideoCallsPage = lazy(loadVideoCallsPage);
const loadSubscriptionPlansPage = () => import('../features/subscriptions/SubscriptionPlansPage');
const SubscriptionPlansPage = lazy(loadSubscriptionPlansPage);
const loadProfileSettingsPage = () => import('../features/profile-settings/ProfileSettingsPage');
const ProfileSettingsPage = lazy(loadProfileSettingsPage);

/**
 * Starts loading the code of components a signed-in page renders around its own (lazy ones, each in
 * its chunk) from a route's loader, so that they arrive with the page's code and query: rendered
 * lazily, each was asked for only once the one around it had rendered, a round trip after another
 * before the page painted (Lighthouse's /dashboard and /social).
 */
function preloadFrameCode(...code: Array<() => Promise<unknown>>) {
  if (getToken()) for (const load of code) void load();
}

function page(Component: LazyExoticComponent<ComponentType>, fullPage = false) {
  return (
    <Suspense fallback={<LoadingScreen fullPage={fullPage} />}>
      <Component />
    </Suspense>
  );
}

/**
 * Takes the sign-in pages' static first paint away once the app is on another page (a signed-in
 * visitor sent on from /login to the dashboard). Here rather than in a `router.subscribe` next to
 * createAppRouter: the router keeps the first loaders' result for RouterProvider only while nothing
 * else subscribes, so a subscriber of ours made a page whose loaders ended before RouterProvider
 * subscribed stay blank for good (react-router issues 12459 and 15527).
 */
function ShellOffSignIn() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (!SHELL_PATHS.includes(pathname)) removePageShell();
  }, [pathname]);
  return <Outlet />;
}

/**
 * What shows while the first page's loaders run: nothing new (the sign-in pages' static first paint,
 * or the empty page, stays). Declared so that react-router does not warn on every load that none was
 * given; a loading screen here would only paint and replace itself within the same moments.
 */
function NothingWhileFirstLoadersRun() {
  return null;
}

/** The route table of spec section 2; tests mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <ShellOffSignIn />,
    HydrateFallback: NothingWhileFirstLoadersRun,
    errorElement: <RouteErrorPage />,
    children: [
      // The landing page for strangers when the start page is enabled, else /login (StartPage decides).
      {
        path: '/',
        element: (
          <PublicOnly>
            <WithRelay>{page(StartPage, true)}</WithRelay>
          </PublicOnly>
        ),
        loader: startPageLoader,
      },
      { path: '/login', element: <PublicOnly>{page(LoginPage, true)}</PublicOnly> },
      // The landing page's default button: the login page on its registration tab.
      { path: '/register', element: <PublicOnly>{page(LoginPage, true)}</PublicOnly> },
      { path: '/reset-password', element: page(ResetPasswordPage, true) },
      {
        element: <RequireAuth />,
        // The signed-in pages' texts (the login page loads only its own).
        loader: () => {
          preloadFrameCode(loadRelayProvider);
          return loadSignedInTexts();
        },
        children: [
          // The meeting area has its own full-screen layout, without the page frame.
          {
            path: '/video-calls',
            element: page(VideoCallsPage, true),
            loader: preloadPageQuery(() => import('../__generated__/VideoCallsPageQuery.graphql'), loadVideoCallsPage),
          },
          {
            element: page(PageFrame, true),
            loader: () => {
              preloadFrameCode(loadPageFrame);
              return null;
            },
            children: [
              {
                // A page that fails keeps the header and footer around its error message.
                errorElement: <RouteErrorPage embedded />,
                children: [
                  {
                    path: '/dashboard',
                    element: page(DashboardPage),
                    loader: preloadPageQuery(() => import('../__generated__/DashboardPageQuery.graphql'), loadDashboardPage),
                  },
                  {
                    path: '/content',
                    element: page(ContentPage),
                    loader: preloadPageQuery(
                      () => import('../__generated__/ContentPageQuery.graphql'),
                      loadContentPage,
                      ({ request }) => contentQueryVariables(request.url),
                    ),
                  },
                  {
                    path: '/content/:slug',
                    element: page(ContentArticlePage),
                    loader: preloadPageQuery<ContentArticlePageQuery>(
                      () => import('../__generated__/ContentArticlePageQuery.graphql'),
                      loadContentArticlePage,
                      ({ params }) => ({ slug: params.slug ?? '' }),
                    ),
                  },
                  {
                    path: '/social',
                    element: page(SocialPage),
                    // The chosen section's query starts with its code (socialSections.ts).
                    loader: (args) => {
                      void loadSocialPage();
                      return import('../features/social/socialLoader').then((module) => module.loadSocialSection(args));
                    },
                    // Opening another chat (`recipient`) keeps the section's data: only a new section, or a new search text, loads.
                    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
                      currentUrl.pathname === nextUrl.pathname &&
                      currentUrl.searchParams.get('section') === nextUrl.searchParams.get('section') &&
                      currentUrl.searchParams.get('q') === nextUrl.searchParams.get('q')
                        ? false
                        : defaultShouldRevalidate,
                  },
                  {
                    path: '/support',
                    element: page(SupportPage),
                    loader: preloadPageQuery(() => import('../__generated__/SupportPageQuery.graphql'), loadSupportPage),
                  },
                  {
                    path: '/profile/:username',
                    element: page(ProfilePage),
                    loader: preloadPageQuery<ProfilePageQuery>(
                      () => import('../__generated__/ProfilePageQuery.graphql'),
                      loadProfilePage,
                      ({ params }) => ({ username: params.username ?? '' }),
                    ),
                  },
                  {
                    path: '/subscription-plans',
                    element: page(SubscriptionPlansPage),
                    loader: preloadPageQuery(
                      () => import('../__generated__/SubscriptionPlansPageQuery.graphql'),
                      loadSubscriptionPlansPage,
                    ),
                  },
                  {
                    path: '/profile-settings',
                    element: page(ProfileSettingsPage),
                    loader: preloadPageQuery(
                      () => import('../__generated__/ProfileSettingsPageQuery.graphql'),
                      loadProfileSettingsPage,
                    ),
                  },
                  {
                    element: <RequireRole role="MODERATOR" />,
                    children: [
                      {
                        path: '/users',
                        element: page(UsersPage),
                        loader: roleLoader(
                          'MODERATOR',
                          preloadPageQuery(() => import('../__generated__/UsersPageQuery.graphql'), loadUsersPage),
                        ),
                      },
                    ],
                  },
                  {
                    element: <RequireRole role="ADMIN" />,
                    children: [
                      {
                        // Each tab is /admin/{id}; its loader starts the tab's query with its code (adminTabs.ts).
                        path: '/admin/:tab?',
                        element: page(AdminPage),
                        loader: roleLoader('ADMIN', (args) =>
                          import('../features/admin/adminLoader').then((module) => module.loadAdminTab(args)),
                        ),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
