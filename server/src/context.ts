import type { Services } from './services/container';
import type { Viewer, ClientMeta } from './auth/sessions';
import type { Locale } from './i18n';
import type { PrismaClient } from './db';

/** What every resolver gets; built per HTTP request and per WebSocket subscription. */
export type Context = {
  services: Services;
  prisma: PrismaClient;
  viewer: Viewer | null;
  locale: Locale;
  client: ClientMeta;
  /**
   * Conversations already known to be the viewer's in this request or subscription (a
   * subscription's events come from the viewer's own topic), so checking them costs no query.
   */
  knownConversations: Set<number>;
  /**
   * The accounts this request answers with although nobody is signed in (yet): the one a sign-in
   * signs into. UserNode lets them be read (schema/auth.ts marks them).
   */
  ownAccounts: WeakSet<object>;
};
