import { builder } from '../builder';
import { access } from '../auth/access';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import { settingDescription, translate } from '../i18n';
import * as settings from '../services/systemSettings';
import { CACHE_TYPES, clearCachesAsAdmin, isCacheType } from '../services/caches';
import { completeTour, resetTourForAll } from '../services/tour';
import { ValidationError } from '../services/errors';
import type { Services } from '../services/container';

/** The admin settings tab (spec section 2 "Admin panel: Settings"): system settings, caches, the onboarding tour. */

const SystemSettingRef = builder.objectRef<settings.SettingRow>('SystemSetting').implement({
  description: 'One system setting (spec section 3, "System setting").',
  fields: (t) => ({
    key: t.exposeString('key'),
    value: t.exposeString('value', { description: 'The value as text (true/false, a number, a language code…).' }),
    description: t.string({
      nullable: true,
      description: "What the setting is for, in the reader's language when the product knows the setting.",
      resolve: (row, _args, ctx) => settingDescription(ctx.locale, row.key, row.description),
    }),
    typed: t.exposeBoolean('typed', { description: 'The server reads this setting and checks its value by type.' }),
  }),
});

export type InterfaceSettings = Pick<
  settings.SettingValues,
  'siteName' | 'defaultLanguage' | 'registrationOpen' | 'startPageEnabled' | 'tourEnabled'
>;

export const readInterfaceSettings = async (services: Services): Promise<InterfaceSettings> => ({
  siteName: await settings.readSetting(services, 'siteName'),
  defaultLanguage: await settings.readSetting(services, 'defaultLanguage'),
  registrationOpen: await settings.readSetting(services, 'registrationOpen'),
  startPageEnabled: await settings.readSetting(services, 'startPageEnabled'),
  tourEnabled: await settings.readSetting(services, 'tourEnabled'),
});

export const InterfaceSettingsRef = builder.objectRef<InterfaceSettings>('InterfaceSettings').implement({
  description: 'Public interface settings (the system settings every visitor needs).',
  fields: (t) => ({
    siteName: t.exposeString('siteName', { description: 'Shown in the header and the browser tab.' }),
    defaultLanguage: t.exposeString('defaultLanguage', { description: 'ru, en or fr: for visitors who have not chosen one.' }),
    registrationOpen: t.exposeBoolean('registrationOpen', { description: 'Anyone may create an account.' }),
    startPageEnabled: t.exposeBoolean('startPageEnabled', {
      description: 'Signed-out visitors see the landing page at / (otherwise they go to /login); a browser may override it.',
    }),
    tourEnabled: t.exposeBoolean('tourEnabled', {
      description: 'Members see the onboarding tour on their first visit; a browser may switch it off for itself.',
    }),
  }),
});

builder.prismaObjectField('User', 'tourCompleted', (t) =>
  t.boolean({
    nullable: true,
    description: 'The member finished or skipped the onboarding tour; null on anyone but the viewer.',
    extensions: PER_VIEWER,
    select: { tourCompletedAt: true },
    resolve: (user, _args, ctx) => (user.id === ctx.viewer?.user.id ? user.tourCompletedAt != null : null),
  }),
);

builder.queryFields((t) => ({
  systemSettings: t.field({
    type: [SystemSettingRef],
    description:
      'Every system setting: the typed ones (with their defaults until saved), then the other stored rows (GET /settings).',
    ...access('admin'),
    resolve: (_root, _args, ctx) => settings.listSettings(ctx.services),
  }),
  interfaceSettings: t.field({
    type: InterfaceSettingsRef,
    ...access('anonymous'),
    resolve: (_root, _args, ctx) => readInterfaceSettings(ctx.services),
  }),
}));

const SystemSettingInput = builder.inputType('SystemSettingInput', {
  fields: (t) => ({
    key: t.string({ required: true }),
    value: t.string({ required: true }),
  }),
});

const SaveSystemSettingsSuccess = builder
  .objectRef<{ message: string; settings: settings.SettingRow[]; interfaceSettings: InterfaceSettings }>(
    'SaveSystemSettingsSuccess',
  )
  .implement({
    fields: (t) => ({
      message: t.exposeString('message'),
      settings: t.field({ type: [SystemSettingRef], resolve: (result) => result.settings }),
      interfaceSettings: t.field({ type: InterfaceSettingsRef, resolve: (result) => result.interfaceSettings }),
    }),
  });

const CachesClearedSuccess = builder.objectRef<{ message: string }>('CachesCleared').implement({
  fields: (t) => ({ message: t.exposeString('message', { description: 'What was cleared, in the caller’s language.' }) }),
});

const CompleteTourSuccess = builder.objectRef<{ userId: number }>('CompleteTourSuccess').implement({
  fields: (t) => ({
    viewer: t.prismaField({
      type: 'User',
      resolve: (query, result, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: result.userId } }),
    }),
  }),
});

const ResetTourSuccess = builder.objectRef<{ message: string; resetCount: number }>('ResetTourSuccess').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    resetCount: t.exposeInt('resetCount', { description: 'Members who had finished the tour.' }),
  }),
});

builder.mutationFields((t) => ({
  saveSystemSettings: t.field({
    type: SaveSystemSettingsSuccess,
    description:
      'Saves settings together (PUT /settings): every value is checked by its key’s type first, then all are written in one transaction (admins; audited).',
    ...access('admin'),
    // Optional so that a missing list gets the translated text rather than GraphQL's.
    args: { settings: t.arg({ type: [SystemSettingInput], required: false }) },
    errors: { directResult: true, union: { name: 'SaveSystemSettingsResult' } },
    resolve: async (_root, args, ctx) => {
      if (!args.settings) throw new ValidationError([{ path: ['settings'], messageKey: 'settings.listRequired' }]);
      return {
        message: translate(ctx.locale, 'settings.saved'),
        settings: await settings.saveSettings(ctx.services, ctx.viewer!.user, args.settings),
        interfaceSettings: await readInterfaceSettings(ctx.services),
      };
    },
  }),

  clearCache: t.field({
    type: CachesClearedSuccess,
    description: `Clears one kind of cache on every app process (POST /admin/clear-cache): ${CACHE_TYPES.join(', ')} (admins; audited).`,
    ...access('admin'),
    args: { cacheType: t.arg.string({ required: true }) },
    errors: { directResult: true, union: { name: 'ClearCacheResult' } },
    resolve: async (_root, { cacheType }, ctx) => {
      const type = cacheType.trim().toLowerCase();
      if (!isCacheType(type)) throw new ValidationError([{ path: ['cacheType'], messageKey: 'cache.unknownType' }]);
      await clearCachesAsAdmin(ctx.services, ctx.viewer!.user, [type]);
      return { message: translate(ctx.locale, `cache.cleared.${type}`) };
    },
  }),

  clearAllCaches: t.field({
    type: CachesClearedSuccess,
    description: 'Clears every kind of cache on every app process (POST /admin/clear-all-cache; admins; audited).',
    ...access('admin'),
    errors: { directResult: true, union: { name: 'ClearAllCachesResult' } },
    resolve: async (_root, _args, ctx) => {
      await clearCachesAsAdmin(ctx.services, ctx.viewer!.user, CACHE_TYPES);
      return { message: translate(ctx.locale, 'cache.clearedAll') };
    },
  }),

  completeTour: t.field({
    type: CompleteTourSuccess,
    description: 'The viewer finished or skipped the onboarding tour: it does not start again for them.',
    ...access('member'),
    errors: { directResult: true, union: { name: 'CompleteTourResult' } },
    resolve: async (_root, _args, ctx) => {
      await completeTour(ctx.services, ctx.viewer!.user.id);
      return { userId: ctx.viewer!.user.id };
    },
  }),

  resetTourForAll: t.field({
    type: ResetTourSuccess,
    description: 'Every member sees the onboarding tour again on their next visit (admins; audited).',
    ...access('admin'),
    errors: { directResult: true, union: { name: 'ResetTourForAllResult' } },
    resolve: async (_root, _args, ctx) => ({
      message: translate(ctx.locale, 'tour.resetForAll'),
      resetCount: await resetTourForAll(ctx.services, ctx.viewer!.user),
    }),
  }),
}));
