import type { RestRoute } from '../router';
import { ValidationError } from '../../services/errors';

/**
 * Spec section 7, "Content and admin": `GET /translations` (key, value_ru, value_en, value_fr; no
 * token), and the administrator's overrides: `PUT /translations/{key}` with any of value_ru,
 * value_en, value_fr (null or blank: the built-in text again), `DELETE /translations/{key}` (all
 * languages back to the built-in texts). Keys are Lingui ids, which may hold `/` or `+`: encode them.
 */

const TEXT = `key valueRu valueEn valueFr`;

type GraphQLText = { key: string; valueRu: string; valueEn: string; valueFr: string };

const restText = (item: GraphQLText) => ({
  key: item.key,
  value_ru: item.valueRu,
  value_en: item.valueEn,
  value_fr: item.valueFr,
});

/**
 * A language's value as sent: absent stays absent, null stays null (reset), a text is the override.
 * Anything else is refused: written out as text, an object became the override "[object Object]".
 */
function change(body: Record<string, unknown>, field: string) {
  const value = body[field];
  if (value === undefined || value === null || typeof value === 'string') return value;
  throw new ValidationError([{ path: [field], messageKey: 'translations.notText' }]);
}

export const translationRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/translations',
    access: 'anonymous',
    operation: `query RestTranslations($search: String) { interfaceTexts(search: $search) { items { ${TEXT} } } }`,
    variables: ({ query }) => ({ search: query.get('search') }),
    respond: ({ interfaceTexts }) => interfaceTexts.items.map(restText),
  },
  {
    method: 'PUT',
    path: '/translations/:key',
    access: 'admin',
    invalidStatus: 400,
    operation: `mutation RestSetTranslation($input: TranslationInput!) {
      setTranslation(input: $input) { __typename ...RestError ... on TranslationChangeSuccess { text { ${TEXT} } } }
    }`,
    variables: ({ params, body }) => ({
      input: {
        key: params.key,
        valueRu: change(body, 'value_ru'),
        valueEn: change(body, 'value_en'),
        valueFr: change(body, 'value_fr'),
      },
    }),
    respond: ({ setTranslation }) => ({ success: true, translation: restText(setTranslation.text) }),
  },
  {
    method: 'DELETE',
    path: '/translations/:key',
    access: 'admin',
    invalidStatus: 400,
    operation: `mutation RestResetTranslation($key: String!) {
      resetTranslation(key: $key) { __typename ...RestError ... on TranslationChangeSuccess { text { ${TEXT} } } }
    }`,
    variables: ({ params }) => ({ key: params.key }),
    respond: ({ resetTranslation }) => ({ success: true, translation: restText(resetTranslation.text) }),
  },
];
