import type { RestRoute } from '../router';
import { text } from './values';

/** Spec section 7, "Content and admin": system settings and caches (admins only). */

type GraphQLSetting = { key: string; value: string; description: string | null };

const restSettings = (rows: GraphQLSetting[]) =>
  rows.map((row) => ({ key: row.key, value: row.value, description: row.description }));

/** `{settings: [{key, value}, ...]}` (a JSON true or 10 is read as its text); anything else: null, which the mutation refuses. */
const settingsOf = (body: Record<string, unknown>) =>
  Array.isArray(body.settings)
    ? body.settings.map((item: unknown) => {
        const row = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
        return { key: text(row.key), value: text(row.value) };
      })
    : null;

export const settingsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/settings',
    access: 'admin',
    operation: `query RestSystemSettings { systemSettings { key value description } }`,
    respond: ({ systemSettings }) => ({ settings: restSettings(systemSettings) }),
  },
  {
    method: 'PUT',
    path: '/settings',
    access: 'admin',
    operation: `mutation RestSaveSystemSettings($settings: [SystemSettingInput!]) {
      saveSystemSettings(settings: $settings) {
        __typename ...RestError ... on SaveSystemSettingsSuccess { message settings { key value description } }
      }
    }`,
    variables: ({ body }) => ({ settings: settingsOf(body) }),
    invalidStatus: 400,
    respond: ({ saveSystemSettings: saved }) => ({
      success: true,
      message: saved.message,
      settings: restSettings(saved.settings),
    }),
  },
  {
    method: 'POST',
    path: '/admin/clear-cache',
    access: 'admin',
    operation: `mutation RestClearCache($cacheType: String!) {
      clearCache(cacheType: $cacheType) { __typename ...RestError ... on CachesCleared { message } }
    }`,
    variables: ({ body, query }) => ({ cacheType: text(body.cache_type ?? query.get('cache_type') ?? '') }),
    invalidStatus: 400,
    respond: ({ clearCache }) => ({ success: true, message: clearCache.message }),
  },
  {
    method: 'POST',
    path: '/admin/clear-all-cache',
    access: 'admin',
    operation: `mutation RestClearAllCaches { clearAllCaches { __typename ...RestError ... on CachesCleared { message } } }`,
    respond: ({ clearAllCaches }) => ({ success: true, message: clearAllCaches.message }),
  },
];
