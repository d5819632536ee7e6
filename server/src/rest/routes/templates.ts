import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRoute } from '../router';
import { flag, text } from './values';

/** Spec section 7, "Content and admin": `GET /templates` (section 3's Template), plus editing, activation and preview. */

const TEMPLATE_FIELDS = 'databaseId name templateType content isActive';

type GraphQLTemplate = { databaseId: number; name: string; templateType: string; content: string; isActive: boolean };

/** The spec's template (id, name, template_type, is_active) with its content. */
const restTemplate = (template: GraphQLTemplate) => ({
  id: template.databaseId,
  name: template.name,
  template_type: template.templateType,
  content: template.content,
  is_active: template.isActive,
});

const templateInput = (body: Record<string, unknown>) => ({
  name: text(body.name),
  templateType: text(body.template_type),
  content: text(body.content),
});

const templateMutation = (name: string, field: string, args: string) => `mutation ${name}(${args}) {
  ${field} { __typename ...RestError ... on Template { ${TEMPLATE_FIELDS} } }
}`;

export const templateRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/templates',
    access: 'admin',
    operation: `query RestTemplates { templates { ${TEMPLATE_FIELDS} } }`,
    respond: ({ templates }) => (templates as GraphQLTemplate[]).map(restTemplate),
  },
  {
    method: 'POST',
    path: '/templates',
    access: 'admin',
    status: 201,
    operation: templateMutation('RestCreateTemplate', 'createTemplate(input: $input)', '$input: TemplateInput!'),
    variables: ({ body }) => ({ input: templateInput(body) }),
    respond: ({ createTemplate }) => restTemplate(createTemplate),
  },
  {
    method: 'POST',
    path: '/templates/preview',
    access: 'admin',
    operation: `query RestTemplatePreview($input: TemplateInput!) {
      templatePreview(input: $input) { __typename ...RestError ... on TemplatePreview { html } }
    }`,
    variables: ({ body }) => ({ input: { ...templateInput(body), name: text(body.name) || 'preview' } }),
    respond: ({ templatePreview }) => ({ html: templatePreview.html }),
  },
  {
    method: 'PUT',
    path: '/templates/:id(\\d+)',
    access: 'admin',
    operation: templateMutation(
      'RestUpdateTemplate',
      'updateTemplate(id: $id, input: $input)',
      '$id: ID!, $input: TemplateInput!',
    ),
    variables: ({ params, body }) => ({ id: encodeGlobalID('Template', params.id), input: templateInput(body) }),
    respond: ({ updateTemplate }) => restTemplate(updateTemplate),
  },
  {
    method: 'PUT',
    path: '/templates/:id(\\d+)/activate',
    access: 'admin',
    operation: templateMutation(
      'RestActivateTemplate',
      'setTemplateActive(id: $id, active: $active)',
      '$id: ID!, $active: Boolean!',
    ),
    variables: ({ params, query }) => ({
      id: encodeGlobalID('Template', params.id),
      active: flag(query.get('active')) !== false,
    }),
    respond: ({ setTemplateActive }) => restTemplate(setTemplateActive),
  },
  {
    method: 'DELETE',
    path: '/templates/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestDeleteTemplate($id: ID!) {
      deleteTemplate(id: $id) { __typename ...RestError ... on DeleteTemplateSuccess { deletedId } }
    }`,
    variables: ({ params }) => ({ id: encodeGlobalID('Template', params.id) }),
    respond: () => ({ success: true }),
  },
];
