import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { nowThenLive } from '../realtime/catchUp';
import { access } from '../auth/access';
import * as themes from '../services/themes';
import { parsedBy } from '../services/validation';
import { deletedResult } from './errors';
import { upperCaseEnumValues } from './enumValues';
import { databaseIdOf, type GlobalId } from './globalIds';

const ThemeMode = builder.enumType('ThemeMode', { values: upperCaseEnumValues(themes.THEME_MODES) });
const ThemeAccent = builder.enumType('ThemeAccent', {
  description: 'A Chakra palette the site’s accent (`brand`) shades point at.',
  values: upperCaseEnumValues(themes.THEME_ACCENTS),
});

const ThemeToken = builder.objectRef<{ name: string; value: string }>('ThemeToken').implement({
  description: 'A Chakra token of the theme (`colors.brand.500` = `{colors.teal.500}`).',
  fields: (t) => ({ name: t.exposeString('name'), value: t.exposeString('value') }),
});

export const ThemeNode = builder.prismaNode('Theme', {
  id: { field: 'id' },
  nullable: true,
  description: 'A colour theme of the site (admin "Themes" tab); the active one is what every page looks like.',
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    mode: t.field({ type: ThemeMode, resolve: (theme) => themes.themeLook(theme).mode }),
    accent: t.field({ type: ThemeAccent, resolve: (theme) => themes.themeLook(theme).accent }),
    tokens: t.field({ type: [ThemeToken], resolve: (theme) => themes.themeTokens(themes.themeLook(theme)) }),
    isActive: t.exposeBoolean('isActive'),
  }),
});

const SiteTheme = builder.objectRef<themes.ThemeLook & { name: string | null }>('SiteTheme').implement({
  description: 'What every page applies: the active theme’s look, or the default (light, blue) when none is active.',
  fields: (t) => ({
    name: t.exposeString('name', { nullable: true, description: 'The active theme; null: the default look.' }),
    mode: t.field({ type: ThemeMode, resolve: (look) => look.mode }),
    accent: t.field({ type: ThemeAccent, resolve: (look) => look.accent }),
  }),
});

builder.queryFields((t) => ({
  themes: t.prismaField({
    type: ['Theme'],
    description: 'Every theme, oldest first.',
    ...access('admin'),
    resolve: (query, _root, _args, ctx) => ctx.prisma.theme.findMany({ ...query, orderBy: { id: 'asc' } }),
  }),
  siteTheme: t.field({
    type: SiteTheme,
    description: 'The look every page applies, before anyone signs in (GET /themes/active).',
    ...access('anonymous'),
    resolve: (_root, _args, ctx) => themes.activeLook(ctx.prisma),
  }),
}));

builder.subscriptionField('siteThemeChanged', (t) =>
  t.field({
    type: SiteTheme,
    description:
      'The look every page applies: at once (so a change made while the page was connecting is not missed), then ' +
      'after an admin applies a theme or edits the active one: open pages change at once.',
    ...access('anonymous'),
    subscribe: (_root, _args, ctx) => nowThenLive(ctx.services.pubsub.subscribe('site:theme'), {}),
    resolve: (_event, _args, ctx) => themes.activeLook(ctx.prisma),
  }),
);

const ThemeInput = builder.inputType('ThemeInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string(),
    // Texts checked by the service (not enums), so an unknown value gets a translated refusal on REST as well.
    mode: t.string({ required: true, description: `One of: ${themes.THEME_MODES.join(', ')}.` }),
    accent: t.string({ required: true, description: `One of: ${themes.THEME_ACCENTS.join(', ')}.` }),
  }),
});

const themeId = (id: GlobalId) => databaseIdOf(id, 'Theme', 'themes.notFound');

builder.mutationFields((t) => ({
  createTheme: t.field({
    type: ThemeNode,
    description: 'An admin adds a theme (inactive). Audited.',
    ...access('admin'),
    args: { input: t.arg({ type: ThemeInput, required: true, validate: { schema: themes.themeInput } }) },
    errors: { directResult: true, union: { name: 'CreateThemeResult' } },
    resolve: (_root, { input }, ctx) => themes.createTheme(ctx.prisma, ctx.viewer!.user, parsedBy(themes.themeInput, input)),
  }),
  updateTheme: t.field({
    type: ThemeNode,
    description: 'An admin edits a theme; when it is the active one, pages get it on their next load. Audited.',
    ...access('admin'),
    args: {
      id: t.arg.globalID({ for: ThemeNode, required: true }),
      input: t.arg({ type: ThemeInput, required: true, validate: { schema: themes.themeInput } }),
    },
    errors: { directResult: true, union: { name: 'UpdateThemeResult' } },
    resolve: async (_root, { id, input }, ctx) => {
      const theme = await themes.updateTheme(ctx.prisma, ctx.viewer!.user, themeId(id), parsedBy(themes.themeInput, input));
      if (theme.isActive) ctx.services.pubsub.publish('site:theme', {});
      return theme;
    },
  }),
  activateTheme: t.field({
    type: ThemeNode,
    description: 'Makes a theme the site’s one (the one active before stops). Audited.',
    ...access('admin'),
    args: { id: t.arg.globalID({ for: ThemeNode, required: true }) },
    errors: { directResult: true, union: { name: 'ActivateThemeResult' } },
    resolve: async (_root, { id }, ctx) => {
      const theme = await themes.activateTheme(ctx.prisma, ctx.viewer!.user, themeId(id));
      ctx.services.pubsub.publish('site:theme', {});
      return theme;
    },
  }),
  deleteTheme: t.field({
    type: deletedResult('DeleteThemeSuccess'),
    description: 'Deletes a theme that is not the active one. Audited.',
    ...access('admin'),
    args: { id: t.arg.globalID({ for: ThemeNode, required: true }) },
    errors: { directResult: true, union: { name: 'DeleteThemeResult' } },
    resolve: async (_root, { id }, ctx) => {
      await themes.deleteTheme(ctx.prisma, ctx.viewer!.user, themeId(id));
      return { deletedId: encodeGlobalID('Theme', id.id) };
    },
  }),
}));
