import { Suspense } from 'react';
import { Toaster } from '../../components/ui/toaster';
import { NotificationsListener } from './NotificationsListener';
import { IncomingCallNotifier } from '../video-calls/IncomingCallNotifier';
import { OnboardingTour } from '../tour/OnboardingTour';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { BrandingLive } from '../../app/BrandingLive';
import { SiteThemeLive } from '../../app/SiteThemeLive';
import { ViewerLive } from '../../app/auth/ViewerLive';

/**
 * What every signed-in page has besides its content: the toaster, the notifications feed, incoming calls,
 * the member's own account (role) live, live branding and theme, the onboarding tour.
 */
export default function SignedInExtras() {
  return (
    <>
      <Toaster />
      <NotificationsListener />
      <IncomingCallNotifier />
      <ViewerLive />
      <BrandingLive />
      <SiteThemeLive />
      {/* The tour is a courtesy: when its query fails, the page goes on without it. */}
      <ErrorBoundary fallback={null}>
        <Suspense fallback={null}>
          <OnboardingTour />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
