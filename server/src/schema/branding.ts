import { builder } from '../builder';

/** Setting keys under which the admin panel's branding tab stores uploaded image URLs. */
export const BRANDING_KEYS = { logoUrl: 'logo_url', faviconUrl: 'favicon_url', bottomLogoUrl: 'bottom_logo_url' } as const;

type Branding = Record<keyof typeof BRANDING_KEYS, string | null>;

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
      const rows = await ctx.prisma.systemSetting.findMany({
        where: { key: { in: Object.values(BRANDING_KEYS) } },
      });
      const value = (key: string) => rows.find((row) => row.key === key)?.value || null;
      return {
        logoUrl: value(BRANDING_KEYS.logoUrl),
        faviconUrl: value(BRANDING_KEYS.faviconUrl),
        bottomLogoUrl: value(BRANDING_KEYS.bottomLogoUrl),
      };
    },
  }),
);
