import type { RestRoute } from '../router';
import { authRoutes } from './auth';
import { systemRoutes } from './system';
import { userRoutes } from './users';
import { profileRoutes } from './profile';
import { friendRoutes } from './friends';
import { messageRoutes } from './messages';
import { publicationRoutes } from './publications';
import { zoomvisorRoutes } from './zoomvisor';
import { calendarRoutes } from './calendar';
import { recordingRoutes } from './recordings';
import { roomFileRoutes } from './roomFiles';
import { activityRoutes } from './activities';
import { adminRoutes } from './admin';
import { contentRoutes } from './content';
import { supportRoutes } from './support';
import { subscriptionRoutes } from './subscriptions';
import { landingRoutes } from './landing';
import { mediaRoutes } from './media';
import { apiKeyRoutes } from './apiKeys';
import { moduleRoutes } from './modules';
import { themeRoutes } from './themes';
import { templateRoutes } from './templates';
import { settingsRoutes } from './settings';
import { brandingRoutes } from './branding';
import { translationRoutes } from './translations';

/** The documented REST paths (spec section 7), one file per area. Each is also served under /api. */
export const routes: RestRoute[] = [
  ...authRoutes,
  ...systemRoutes,
  ...userRoutes,
  ...profileRoutes,
  ...friendRoutes,
  ...messageRoutes,
  ...publicationRoutes,
  ...zoomvisorRoutes,
  ...calendarRoutes,
  ...recordingRoutes,
  ...roomFileRoutes,
  ...activityRoutes,
  ...adminRoutes,
  ...contentRoutes,
  ...supportRoutes,
  ...subscriptionRoutes,
  ...landingRoutes,
  ...mediaRoutes,
  ...apiKeyRoutes,
  ...moduleRoutes,
  ...themeRoutes,
  ...templateRoutes,
  ...settingsRoutes,
  ...brandingRoutes,
  ...translationRoutes,
];
