import { builder } from '../builder';
import { access } from '../auth/access';
import * as landing from '../services/landing';
import { readSetting, writeSetting } from '../services/systemSettings';
import { renderActive } from '../services/templates';
import { InterfaceSettingsRef, readInterfaceSettings, type InterfaceSettings } from './systemSettings';
import { FileTooLargeError, UnsupportedFileTypeError } from '../services/errors';
import { parsedBy } from '../services/validation';

/** The landing page (spec sections 2, 3, 7): anyone reads it, admins edit it; the start-page switch. */

const LandingPageRef = builder.objectRef<landing.LandingView>('LandingPage').implement({
  description: "The public start page; where the admin left a default, the reader's language fills it in.",
  fields: (t) => ({
    title: t.exposeString('title'),
    subtitle: t.exposeString('subtitle', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    heroImage: t.exposeString('heroImage', { nullable: true, description: 'The hero image URL (/uploads/landing/...).' }),
    features: t.exposeStringList('features'),
    ctaText: t.exposeString('ctaText', { description: 'The button text; "Start" in the reader\'s language by default.' }),
    ctaLink: t.exposeString('ctaLink', { description: '/register by default.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', nullable: true, description: 'Null until first saved.' }),
    templateHtml: t.string({
      nullable: true,
      description:
        'The page laid out by the active landing template (admin "Templates" tab) from these fields, as sanitised HTML; ' +
        "null: no landing template is active, the site's own layout shows the fields.",
      resolve: async (page, _args, ctx) =>
        renderActive(ctx.prisma, 'landing', {
          site_name: await readSetting(ctx.services, 'siteName'),
          title: page.title,
          subtitle: page.subtitle,
          description: page.description,
          hero_image: page.heroImage,
          cta_text: page.ctaText,
          cta_link: page.ctaLink,
          features: page.features,
        }),
    }),
  }),
});

builder.queryFields((t) => ({
  landingPage: t.field({
    type: LandingPageRef,
    description: 'The landing page; anyone may read it (GET /landing).',
    ...access('anonymous'),
    resolve: async (_root, _args, ctx) => landing.landingView(await landing.readLanding(ctx.prisma), ctx.locale),
  }),
}));

const LandingPageInput = builder.inputType('LandingPageInput', {
  description: 'The whole page; blank optional fields are cleared (blank button text and link: the defaults).',
  fields: (t) => ({
    title: t.string({ required: true }),
    subtitle: t.string({ required: false }),
    description: t.string({ required: false }),
    heroImage: t.string({ required: false, description: 'An imageUrl of uploadLandingImage; blank: none.' }),
    features: t.stringList({ required: false }),
    ctaText: t.string({ required: false }),
    ctaLink: t.string({ required: false, description: 'A path of this site or an http(s) address.' }),
  }),
});

const SaveLandingPageSuccess = builder.objectRef<{ view: landing.LandingView }>('SaveLandingPageSuccess').implement({
  fields: (t) => ({ landingPage: t.field({ type: LandingPageRef, resolve: (result) => result.view }) }),
});

const UploadLandingImageSuccess = builder.objectRef<{ imageUrl: string }>('UploadLandingImageSuccess').implement({
  fields: (t) => ({ imageUrl: t.exposeString('imageUrl') }),
});

const SetStartPageEnabledSuccess = builder.objectRef<InterfaceSettings>('SetStartPageEnabledSuccess').implement({
  fields: (t) => ({ interfaceSettings: t.field({ type: InterfaceSettingsRef, resolve: (result) => result }) }),
});

builder.mutationFields((t) => ({
  saveLandingPage: t.field({
    type: SaveLandingPageSuccess,
    description: 'Saves the landing page (admins; audited).',
    ...access('admin'),
    args: { input: t.arg({ type: LandingPageInput, required: true, validate: { schema: landing.landingInput } }) },
    errors: { directResult: true, union: { name: 'SaveLandingPageResult' } },
    resolve: async (_root, { input }, ctx) => {
      const row = await landing.saveLanding(ctx.services, ctx.viewer!.user, parsedBy(landing.landingInput, input));
      return { view: landing.landingView(row, ctx.locale) };
    },
  }),

  uploadLandingImage: t.field({
    type: UploadLandingImageSuccess,
    description: 'Stores a hero image (JPG, PNG, GIF or WebP by content, at most 10 MB) and answers its URL for saveLandingPage.',
    ...access('admin'),
    // Optional so that a missing file gets the translated "choose a file" text.
    args: { file: t.arg({ type: 'File', required: false }) },
    errors: {
      types: [FileTooLargeError, UnsupportedFileTypeError],
      directResult: true,
      union: { name: 'UploadLandingImageResult' },
    },
    resolve: (_root, { file }, ctx) => landing.uploadLandingImage(ctx.services, ctx.viewer!.user, file),
  }),

  setStartPageEnabled: t.field({
    type: SetStartPageEnabledSuccess,
    description: 'Turns the start page on or off for signed-out visitors (admins; audited).',
    ...access('admin'),
    args: { enabled: t.arg.boolean({ required: true }) },
    errors: { directResult: true, union: { name: 'SetStartPageEnabledResult' } },
    resolve: async (_root, { enabled }, ctx) => {
      await writeSetting(ctx.services, ctx.viewer!.user, 'startPageEnabled', enabled);
      return readInterfaceSettings(ctx.services);
    },
  }),
}));
