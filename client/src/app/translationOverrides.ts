import type { Messages } from '@lingui/core';
import { fetchQuery, graphql } from 'react-relay/hooks';
import type { translationOverridesQuery, Language } from '../__generated__/translationOverridesQuery.graphql';
import type { Locale } from '../i18n/locale';
import { currentEnvironment } from '../relay/environment';

const overridesQuery = graphql`
  query translationOverridesQuery($language: Language!) {
    translationOverrides(language: $language) {
      key
      compiled
    }
  }
`;

/**
 * The texts an administrator changed in the admin panel's translations tab, compiled by the server
 * as Lingui's catalogs are: merged into the catalog when a language loads, so members see them
 * without a new build.
 */
export async function loadTranslationOverrides(locale: Locale): Promise<Messages> {
  const data = await fetchQuery<translationOverridesQuery>(currentEnvironment(), overridesQuery, {
    language: locale.toUpperCase() as Language,
  }).toPromise();
  return Object.fromEntries((data?.translationOverrides ?? []).map((text) => [text.key, JSON.parse(text.compiled)]));
}
