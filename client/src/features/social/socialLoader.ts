import type { LoaderFunctionArgs } from 'react-router';
import { preloadPageQuery } from '../../app/preloadPageQuery';
import { socialSection } from './socialSections';

/**
 * The loader of /social: the chosen section's query starts while its code loads (the page-query
 * convention), so opening a section is what loads its data. A section in development loads nothing,
 * nor one whose address gives it nothing to load (a search without a text).
 */
export async function loadSocialSection(args: LoaderFunctionArgs) {
  const params = new URL(args.request.url).searchParams;
  const section = socialSection(params.get('section'));
  const variables = typeof section.variables === 'function' ? section.variables(params) : (section.variables ?? {});
  const queryRef =
    section.query && section.component && variables
      ? await preloadPageQuery(section.query, section.component, () => variables)(args)
      : null;
  return { sectionId: section.id, queryRef };
}

export type SocialSectionData = Awaited<ReturnType<typeof loadSocialSection>>;
