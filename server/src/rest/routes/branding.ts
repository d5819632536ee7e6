import type { RestRoute } from '../router';
import { files } from './values';

/** Spec section 7, "Content and admin": the logo, favicon and bottom logo rows. */

type Kind = { graphql: 'LOGO' | 'FAVICON' | 'BOTTOM_LOGO'; field: 'logoUrl' | 'faviconUrl' | 'bottomLogoUrl'; answer: string };

const KINDS = {
  logo: { graphql: 'LOGO', field: 'logoUrl', answer: 'logo_url' },
  favicon: { graphql: 'FAVICON', field: 'faviconUrl', answer: 'favicon_url' },
  bottomLogo: { graphql: 'BOTTOM_LOGO', field: 'bottomLogoUrl', answer: 'bottom_logo_url' },
} satisfies Record<string, Kind>;

const BRANDING = 'branding { logoUrl faviconUrl bottomLogoUrl }';

/** GET /current-…: anyone, the URL or null. */
const current = (path: string, kind: Kind): RestRoute => ({
  method: 'GET',
  path,
  access: 'anonymous',
  operation: `query RestCurrentBranding { ${BRANDING} }`,
  respond: ({ branding }) => ({ [kind.answer]: branding[kind.field] }),
});

/** POST /upload-…: multipart `file`; the new URL. */
const upload = (path: string, kind: Kind): RestRoute => ({
  method: 'POST',
  path,
  access: 'admin',
  operation: `mutation RestUploadBrandingImage($kind: BrandingKind!, $file: File) {
    uploadBrandingImage(kind: $kind, file: $file) { __typename ...RestError ... on BrandingChangeSuccess { ${BRANDING} } }
  }`,
  variables: ({ body }) => ({ kind: kind.graphql, file: files(body.file)[0] ?? null }),
  respond: ({ uploadBrandingImage }) => ({ success: true, [kind.answer]: uploadBrandingImage.branding[kind.field] }),
});

/** DELETE …: back to the default image. */
const remove = (path: string, kind: Kind): RestRoute => ({
  method: 'DELETE',
  path,
  access: 'admin',
  operation: `mutation RestDeleteBrandingImage($kind: BrandingKind!) {
    deleteBrandingImage(kind: $kind) { __typename ...RestError ... on BrandingChangeSuccess { ${BRANDING} } }
  }`,
  variables: () => ({ kind: kind.graphql }),
  respond: ({ deleteBrandingImage }) => ({ success: true, [kind.answer]: deleteBrandingImage.branding[kind.field] }),
});

export const brandingRoutes: RestRoute[] = [
  current('/current-logo', KINDS.logo),
  current('/current-favicon', KINDS.favicon),
  current('/current-bottom-logo', KINDS.bottomLogo),
  upload('/upload-logo', KINDS.logo),
  upload('/upload-favicon', KINDS.favicon),
  upload('/upload-bottom-logo', KINDS.bottomLogo),
  remove('/logo', KINDS.logo),
  remove('/favicon', KINDS.favicon),
  remove('/delete-bottom-logo', KINDS.bottomLogo),
];
