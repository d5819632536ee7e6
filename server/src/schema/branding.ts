import { builder } from '../builder';

type Branding = { logoUrl: string | null; faviconUrl: string | null; bottomLogoUrl: string | null };

/** Where uploaded branding images are served (the admin panel's branding tab uploads them). */
export const brandingUrl = (filename: string) => `/branding/${encodeURIComponent(filename)}`;

const BrandingRef = builder.objectRef<Branding>('Branding').implement({
  description: 'Custom images set in the admin panel; null where the default is used.',
  fields: (t) => ({
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    faviconUrl: t.exposeString('faviconUrl', { nullable: true }),
    bottomLogoUrl: t.exposeString('bottomLogoUrl', { nullable: true }),
  }),
});

builder.queryField('branding', (t) =>
  t.field({
    type: BrandingRef,
    resolve: async (_root, _args, ctx) => {
      const assets = await ctx.prisma.brandingAsset.findMany({ select: { kind: true, filename: true } });
      const url = (kind: (typeof assets)[number]['kind']) => {
        const asset = assets.find((a) => a.kind === kind);
        return asset ? brandingUrl(asset.filename) : null;
      };
      return { logoUrl: url('logo'), faviconUrl: url('favicon'), bottomLogoUrl: url('bottom_logo') };
    },
  }),
);
