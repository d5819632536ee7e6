import type { RestRoute } from '../router';
import { files, text } from './values';

/** Spec section 7, "Content and admin": the landing page rows; the page has the spec's shape (section 3, "Landing page"). */

const PAGE = `fragment RestLandingPage on LandingPage { title subtitle description heroImage features ctaText ctaLink }`;

type GraphQLLandingPage = {
  title: string;
  subtitle: string | null;
  description: string | null;
  heroImage: string | null;
  features: string[];
  ctaText: string;
  ctaLink: string;
};

const restLandingPage = (page: GraphQLLandingPage) => ({
  title: page.title,
  subtitle: page.subtitle,
  description: page.description,
  hero_image: page.heroImage,
  features: page.features,
  cta_text: page.ctaText,
  cta_link: page.ctaLink,
});

const optional = (value: unknown) => (value == null ? null : text(value));

/** A features list as given: a JSON list, or repeated form fields; one string is a list of one. */
const featureList = (value: unknown) => (value == null ? null : [value].flat().map(text));

export const landingRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/landing',
    access: 'anonymous',
    operation: `query RestLandingPage { landingPage { ...RestLandingPage } } ${PAGE}`,
    respond: ({ landingPage }) => restLandingPage(landingPage),
  },
  {
    method: 'POST',
    path: '/landing',
    access: 'admin',
    operation: `mutation RestSaveLandingPage($input: LandingPageInput!) {
      saveLandingPage(input: $input) { __typename ...RestError ... on SaveLandingPageSuccess { landingPage { ...RestLandingPage } } }
    } ${PAGE}`,
    variables: ({ body }) => ({
      input: {
        title: text(body.title),
        subtitle: optional(body.subtitle),
        description: optional(body.description),
        heroImage: optional(body.hero_image),
        features: featureList(body.features),
        ctaText: optional(body.cta_text),
        ctaLink: optional(body.cta_link),
      },
    }),
    respond: ({ saveLandingPage }) => ({ success: true, landing: restLandingPage(saveLandingPage.landingPage) }),
  },
  {
    method: 'POST',
    path: '/landing/upload-image',
    access: 'admin',
    operation: `mutation RestUploadLandingImage($file: File) {
      uploadLandingImage(file: $file) { __typename ...RestError ... on UploadLandingImageSuccess { imageUrl } }
    }`,
    variables: ({ body }) => ({ file: files(body.file)[0] ?? null }),
    respond: ({ uploadLandingImage }) => ({ success: true, image_url: uploadLandingImage.imageUrl }),
  },
];
