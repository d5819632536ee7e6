import { builder } from '../builder';
import { access } from '../auth/access';
import * as branding from '../services/branding';
import { nowThenLive } from '../realtime/catchUp';
import { FileTooLargeError, UnsupportedFileTypeError } from '../services/errors';

/** Branding (spec sections 2, 4, 5, 7): anyone reads the images, admins upload and delete them. */

const BrandingRef = builder.objectRef<branding.Branding>('Branding').implement({
  description: 'Custom images set in the admin panel; null where the default is used.',
  fields: (t) => ({
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    faviconUrl: t.exposeString('faviconUrl', { nullable: true }),
    bottomLogoUrl: t.exposeString('bottomLogoUrl', { nullable: true }),
  }),
});

const BrandingKindEnum = builder.enumType('BrandingKind', {
  description: 'Which branding image: the header logo, the tab icon, or the logo under the sign-in form.',
  values: {
    LOGO: { value: 'logo' },
    FAVICON: { value: 'favicon' },
    BOTTOM_LOGO: { value: 'bottom_logo' },
  } as const,
});

builder.queryField('branding', (t) =>
  t.field({
    type: BrandingRef,
    ...access('anonymous'),
    resolve: (_root, _args, ctx) => branding.currentBranding(ctx.prisma),
  }),
);

builder.subscriptionField('brandingChanged', (t) =>
  t.field({
    type: BrandingRef,
    description:
      'The images at once (so a change made while the page was connecting, or while its socket was down, is not ' +
      'missed), then after each upload or deletion, so open pages show them without a reload, the sign-in page too.',
    ...access('anonymous'),
    subscribe: (_root, _args, ctx) => nowThenLive(ctx.services.pubsub.subscribe('branding:changed'), {}),
    resolve: (_event, _args, ctx) => branding.currentBranding(ctx.prisma),
  }),
);

const BrandingChangeSuccess = builder.objectRef<branding.Branding>('BrandingChangeSuccess').implement({
  fields: (t) => ({ branding: t.field({ type: BrandingRef, resolve: (result) => result }) }),
});

builder.mutationFields((t) => ({
  uploadBrandingImage: t.field({
    type: BrandingChangeSuccess,
    description:
      'Sets the logo or bottom logo (PNG, JPEG, SVG, WebP) or the favicon (ICO, PNG, JPEG, GIF), by content, at most 15 MB; SVG is sanitised (admins; audited).',
    ...access('admin'),
    // Optional so that a missing file gets the translated "choose a file first" text.
    args: { kind: t.arg({ type: BrandingKindEnum, required: true }), file: t.arg({ type: 'File', required: false }) },
    errors: {
      types: [FileTooLargeError, UnsupportedFileTypeError],
      directResult: true,
      union: { name: 'UploadBrandingImageResult' },
    },
    resolve: async (_root, { kind, file }, ctx) => {
      await branding.uploadBrandingImage(ctx.services, ctx.viewer!.user, kind, file);
      return branding.currentBranding(ctx.prisma);
    },
  }),

  deleteBrandingImage: t.field({
    type: BrandingChangeSuccess,
    description: 'Goes back to the default image of this kind (admins; audited).',
    ...access('admin'),
    args: { kind: t.arg({ type: BrandingKindEnum, required: true }) },
    errors: { directResult: true, union: { name: 'DeleteBrandingImageResult' } },
    resolve: async (_root, { kind }, ctx) => {
      await branding.deleteBrandingImage(ctx.services, ctx.viewer!.user, kind);
      return branding.currentBranding(ctx.prisma);
    },
  }),
}));
