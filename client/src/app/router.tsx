import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { LoadingScreen } from '../components/LoadingScreen'
import { PublicOnly, RequireAuth, RequireRole } from './guards'
import { RouteErrorPage } from './RouteErrorPage'

// Every page is its own chunk, so the login page loads only what it needs.
const LoginPage = lazy(() => import('../features/auth/LoginPage'))
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'))
const PageFrame = lazy(() => import('./frame/PageFrame'))
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'))
const ContentPage = lazy(() => import('../features/content/ContentPage'))
const SocialPage = lazy(() => import('../features/social/SocialPage'))
const UsersPage = lazy(() => import('../features/users/UsersPage'))
const AdminPage = lazy(() => import('../features/admin/AdminPage'))
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'))
const VideoCallsPage = lazy(() => import('../features/video-calls/VideoCallsPage'))
const SubscriptionPlansPage = lazy(() => import('../features/subscriptions/SubscriptionPlansPage'))
const ProfileSettingsPage = lazy(() => import('../features/profile-settings/ProfileSettingsPage'))

function page(Component: LazyExoticComponent<ComponentType>, fullPage = false) {
  return (
    <Suspense fallback={<LoadingScreen fullPage={fullPage} />}>
      <Component />
    </Suspense>
  )
}

/** The route table of spec section 2; tests mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <PublicOnly>{page(LoginPage, true)}</PublicOnly> },
      { path: '/reset-password', element: page(ResetPasswordPage, true) },
      {
        element: <RequireAuth />,
        children: [
          // The meeting area has its own full-screen layout, without the page frame.
          { path: '/video-calls', element: page(VideoCallsPage, true) },
          {
            element: page(PageFrame, true),
            children: [
              {
                // A page that fails keeps the header and footer around its error message.
                errorElement: <RouteErrorPage embedded />,
                children: [
                  { path: '/dashboard', element: page(DashboardPage) },
                  { path: '/content', element: page(ContentPage) },
                  { path: '/social', element: page(SocialPage) },
                  { path: '/profile/:username', element: page(ProfilePage) },
                  { path: '/subscription-plans', element: page(SubscriptionPlansPage) },
                  { path: '/profile-settings', element: page(ProfileSettingsPage) },
                  {
                    element: <RequireRole role="MODERATOR" />,
                    children: [{ path: '/users', element: page(UsersPage) }],
                  },
                  {
                    element: <RequireRole role="ADMIN" />,
                    children: [{ path: '/admin', element: page(AdminPage) }],
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
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
