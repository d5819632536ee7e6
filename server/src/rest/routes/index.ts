import type { RestRoute } from '../router';
import { authRoutes } from './auth';
import { systemRoutes } from './system';
import { userRoutes } from './users';
import { profileRoutes } from './profile';
import { friendRoutes } from './friends';
import { messageRoutes } from './messages';
import { publicationRoutes } from './publications';
import { zoomvisorRoutes } from './zoomvisor';

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
];
