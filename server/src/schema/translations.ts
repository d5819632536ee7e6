import { builder } from '../builder';
import { access } from '../auth/access';
import * as translations from '../services/translations';

/** Interface translations (spec section 7 "GET /translations"): anyone reads them, admins override them. */

const LanguageEnum = builder.enumType('Language', {
  description: 'A language of the interface.',
  values: { RU: { value: 'ru' }, EN: { value: 'en' }, FR: { value: 'fr' } } as const,
});

const InterfaceTextRef = builder.objectRef<translations.TranslationView>('InterfaceText').implement({
  description:
    'One text of the interface (or of a switched-on module) in the three languages, as members see it (overrides applied).',
  fields: (t) => ({
    id: t.id({
      description: 'Unique among the texts (the store keeps one record per text).',
      resolve: (text) => `InterfaceText:${text.key}`,
    }),
    key: t.exposeString('key', { description: "The Lingui message id of the text, or the key a module's package gave it." }),
    module: t.string({
      nullable: true,
      description: "The name of the module whose package brought the text; null for the interface's own texts.",
      resolve: (text) => text.module,
    }),
    valueRu: t.string({ resolve: (text) => text.values.ru }),
    valueEn: t.string({ resolve: (text) => text.values.en }),
    valueFr: t.string({ resolve: (text) => text.values.fr }),
    defaultRu: t.string({ description: 'The built-in text.', resolve: (text) => text.defaults.ru }),
    defaultEn: t.string({ resolve: (text) => text.defaults.en }),
    defaultFr: t.string({ resolve: (text) => text.defaults.fr }),
    overridden: t.field({
      type: [LanguageEnum],
      description: 'The languages an administrator overrode.',
      resolve: (text) => text.overridden,
    }),
  }),
});

const InterfaceTextListRef = builder
  .objectRef<{ texts: translations.TranslationView[]; limit: number }>('InterfaceTextList')
  .implement({
    fields: (t) => ({
      totalCount: t.int({ description: 'How many texts match.', resolve: ({ texts }) => texts.length }),
      items: t.field({ type: [InterfaceTextRef], resolve: ({ texts, limit }) => texts.slice(0, limit) }),
    }),
  });

const TranslationOverrideRef = builder.objectRef<{ key: string; message: unknown }>('TranslationOverride').implement({
  fields: (t) => ({
    key: t.exposeString('key'),
    compiled: t.string({
      description: "The text compiled as Lingui's catalogs hold it (JSON), ready for `i18n.load`.",
      resolve: ({ message }) => JSON.stringify(message),
    }),
  }),
});

builder.queryFields((t) => ({
  interfaceTexts: t.field({
    type: InterfaceTextListRef,
    description: 'The interface texts whose key or text contains `search` (all without it), at most `first` of them.',
    ...access('anonymous'),
    args: { search: t.arg.string({ required: false }), first: t.arg.int({ required: false }) },
    resolve: async (_root, { search, first }, ctx) => ({
      texts: await translations.listTranslations(ctx.services, search),
      limit: Math.max(0, first ?? Number.MAX_SAFE_INTEGER),
    }),
  }),
  translationOverrides: t.field({
    type: [TranslationOverrideRef],
    description: 'The overridden texts of a language: the client merges them into its catalog at start.',
    ...access('anonymous'),
    args: { language: t.arg({ type: LanguageEnum, required: true }) },
    resolve: async (_root, { language }, ctx) =>
      Object.entries(await translations.overridesFor(ctx.prisma, language)).map(([key, message]) => ({ key, message })),
  }),
}));

const TranslationInput = builder.inputType('TranslationInput', {
  description: 'Per language: a text overrides it, null or blank goes back to the built-in text, left out keeps it.',
  fields: (t) => ({
    key: t.string({ required: true }),
    valueRu: t.string({ required: false }),
    valueEn: t.string({ required: false }),
    valueFr: t.string({ required: false }),
  }),
});

const TranslationChangeSuccess = builder.objectRef<translations.TranslationView>('TranslationChangeSuccess').implement({
  fields: (t) => ({ text: t.field({ type: InterfaceTextRef, resolve: (view) => view }) }),
});

builder.mutationFields((t) => ({
  setTranslation: t.field({
    type: TranslationChangeSuccess,
    description: 'Overrides an interface text in any language (admins; audited); an unknown key is refused.',
    ...access('admin'),
    args: { input: t.arg({ type: TranslationInput, required: true }) },
    errors: { directResult: true, union: { name: 'SetTranslationResult' } },
    resolve: (_root, { input }, ctx) =>
      translations.setTranslation(ctx.services, ctx.viewer!.user, input.key, {
        ru: input.valueRu,
        en: input.valueEn,
        fr: input.valueFr,
      }),
  }),
  resetTranslation: t.field({
    type: TranslationChangeSuccess,
    description: 'Goes back to the built-in text in every language (admins; audited).',
    ...access('admin'),
    args: { key: t.arg.string({ required: true }) },
    errors: { directResult: true, union: { name: 'ResetTranslationResult' } },
    resolve: (_root, { key }, ctx) => translations.resetTranslation(ctx.services, ctx.viewer!.user, key),
  }),
}));
