import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRoute } from '../router';
import { text } from './values';

/** Spec section 7, "Content and admin": `GET /themes` (shape not shown: this is what an admin expects), plus editing. */

const THEME_FIELDS = 'databaseId name description mode accent tokens { name value } isActive';

type GraphQLTheme = {
  databaseId: number;
  name: string;
  description: string | null;
  mode: string;
  accent: string;
  tokens: { name: string; value: string }[];
  isActive: boolean;
};

/** A theme: its look (mode, accent) and the Chakra tokens that look sets. */
const restTheme = (theme: GraphQLTheme) => ({
  id: theme.databaseId,
  name: theme.name,
  description: theme.description,
  mode: theme.mode.toLowerCase(),
  accent: theme.accent.toLowerCase(),
  tokens: Object.fromEntries(theme.tokens.map(({ name, value }) => [name, value])),
  is_active: theme.isActive,
});

const themeInput = (body: Record<string, unknown>) => ({
  name: text(body.name),
  description: body.description == null ? null : text(body.description),
  mode: text(body.mode),
  accent: text(body.accent),
});

const themeMutation = (name: string, field: string, args: string) => `mutation ${name}(${args}) {
  ${field} { __typename ...RestError ... on Theme { ${THEME_FIELDS} } }
}`;

export const themeRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/themes',
    access: 'admin',
    operation: `query RestThemes { themes { ${THEME_FIELDS} } }`,
    respond: ({ themes }) => (themes as GraphQLTheme[]).map(restTheme),
  },
  {
    method: 'GET',
    path: '/themes/active',
    access: 'anonymous',
    operation: `query RestSiteTheme { siteTheme { name mode accent } }`,
    respond: ({ siteTheme }) => ({
      name: siteTheme.name,
      mode: siteTheme.mode.toLowerCase(),
      accent: siteTheme.accent.toLowerCase(),
    }),
  },
  {
    method: 'POST',
    path: '/themes',
    access: 'admin',
    status: 201,
    operation: themeMutation('RestCreateTheme', 'createTheme(input: $input)', '$input: ThemeInput!'),
    variables: ({ body }) => ({ input: themeInput(body) }),
    respond: ({ createTheme }) => restTheme(createTheme),
  },
  {
    method: 'PUT',
    path: '/themes/:id(\\d+)',
    access: 'admin',
    operation: themeMutation('RestUpdateTheme', 'updateTheme(id: $id, input: $input)', '$id: ID!, $input: ThemeInput!'),
    variables: ({ params, body }) => ({ id: encodeGlobalID('Theme', params.id), input: themeInput(body) }),
    respond: ({ updateTheme }) => restTheme(updateTheme),
  },
  {
    method: 'PUT',
    path: '/themes/:id(\\d+)/activate',
    access: 'admin',
    operation: themeMutation('RestActivateTheme', 'activateTheme(id: $id)', '$id: ID!'),
    variables: ({ params }) => ({ id: encodeGlobalID('Theme', params.id) }),
    respond: ({ activateTheme }) => restTheme(activateTheme),
  },
  {
    method: 'DELETE',
    path: '/themes/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestDeleteTheme($id: ID!) {
      deleteTheme(id: $id) { __typename ...RestError ... on DeleteThemeSuccess { deletedId } }
    }`,
    variables: ({ params }) => ({ id: encodeGlobalID('Theme', params.id) }),
    respond: () => ({ success: true }),
  },
];
