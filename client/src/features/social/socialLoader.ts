import type { LoaderFunctionArgs } from 'react-router';
import { preloadPageQuery } from '../../app/pageQuery';
import { socialSection } from './socialSections';

/**
 * The loader of /social: the chosen section's query starts while its code loads (the page-query
 * convention), so opening a section is what loads its data. A section in development loads nothing.
 */
export async function loadSocialSection(args: LoaderFunctionArgs) {
  const section = socialSection(new URL(args.request.url).searchParams.get('section'));
  const queryRef =
    section.query && section.component
      ? await preloadPageQuery(section.query, section.component, () => section.variables ?? {})(args)
      : null;
  return { sectionId: section.id, queryRef };
}

export type SocialSectionData = Awaited<ReturnType<typeof loadSocialSection>>;
