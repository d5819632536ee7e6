import type { Messages } from '@lingui/core';
import { graphql } from 'react-relay/hooks';
import type { translationOverridesQuery, Language } from '../__generated__/translationOverridesQuery.graphql';
import type { Locale } from '../i18n/locale';
import { requestWithoutRelay } from '../relay/graphqlHttp';

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
 * without a new build. Asked without Relay: the login page, which opens without it, loads them too.
 */
export async function loadTranslationOverrides(locale: Locale): Promise<Messages> {
  const data = await requestWithoutRelay<translationOverridesQuery>(overridesQuery, {
    language: locale.toUpperCase() as Language,
  });
  return Object.fromEntries(data.translationOverrides.map((text) => [text.key, JSON.parse(text.compiled)]));
}
