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
};
