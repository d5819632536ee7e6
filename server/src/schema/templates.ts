import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access } from '../auth/access';
import * as templates from '../services/templates';
import { parsedBy } from '../services/validation';
import { deletedResult } from './errors';
import { databaseIdOf, type GlobalId } from './globalIds';

const placeholderHelp = Object.entries(templates.TEMPLATE_PLACEHOLDERS)
  .map(([type, { names }]) => `${type}: ${names.map((name) => `{{${name}}}`).join(' ')}`)
  .join('; ');

export const TemplateNode = builder.prismaNode('Template', {
  id: { field: 'id' },
  nullable: true,
  description:
    'A template of the site (admin "Templates" tab): `mail` wraps the mails the site sends, `landing` lays out the ' +
    'landing page. One per type is active.',
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    templateType: t.exposeString('templateType', {
      description: 'mail or landing (a module may bring another, unusable, type).',
    }),
    content: t.exposeString('content', { description: `HTML with Mustache placeholders (${placeholderHelp}).` }),
    isActive: t.exposeBoolean('isActive'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const TemplatePlaceholders = builder
  .objectRef<{ templateType: string; names: string[]; required: string | null }>('TemplatePlaceholders')
  .implement({
    fields: (t) => ({
      templateType: t.exposeString('templateType'),
      names: t.exposeStringList('names'),
      required: t.exposeString('required', { nullable: true, description: 'A placeholder the template must contain.' }),
    }),
  });

const TemplatePreview = builder.objectRef<{ html: string }>('TemplatePreview').implement({
  fields: (t) => ({ html: t.exposeString('html', { description: 'Filled with sample values and sanitised.' }) }),
});

const TemplateInput = builder.inputType('TemplateInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    templateType: t.string({ required: true, description: `One of: ${templates.TEMPLATE_TYPES.join(', ')}.` }),
    content: t.string({ required: true, description: 'HTML with placeholders; refused when a tag is unknown or unclosed.' }),
  }),
});

builder.queryFields((t) => ({
  templates: t.prismaField({
    type: ['Template'],
    description: 'Every template, oldest first.',
    ...access('admin'),
    resolve: (query, _root, _args, ctx) => ctx.prisma.template.findMany({ ...query, orderBy: { id: 'asc' } }),
  }),
  templatePlaceholders: t.field({
    type: [TemplatePlaceholders],
    description: 'What each template type may use.',
    ...access('admin'),
    resolve: () =>
      templates.TEMPLATE_TYPES.map((templateType) => ({ templateType, ...templates.TEMPLATE_PLACEHOLDERS[templateType] })),
  }),
  templatePreview: t.field({
    type: TemplatePreview,
    description: 'A draft filled with sample values, as the site would send or show it (checked like a save).',
    ...access('admin'),
    args: { input: t.arg({ type: TemplateInput, required: true, validate: { schema: templates.templateInput } }) },
    errors: { directResult: true, union: { name: 'TemplatePreviewResult' } },
    resolve: (_root, { input }) => ({ html: templates.previewTemplate(parsedBy(templates.templateInput, input)) }),
  }),
}));

const templateId = (id: GlobalId) => databaseIdOf(id, 'Template', 'templates.notFound');

builder.mutationFields((t) => ({
  createTemplate: t.field({
    type: TemplateNode,
    description: 'An admin adds a template (inactive). Audited.',
    ...access('admin'),
    args: { input: t.arg({ type: TemplateInput, required: true, validate: { schema: templates.templateInput } }) },
    errors: { directResult: true, union: { name: 'CreateTemplateResult' } },
    resolve: (_root, { input }, ctx) =>
      templates.createTemplate(ctx.prisma, ctx.viewer!.user, parsedBy(templates.templateInput, input)),
  }),
  updateTemplate: t.field({
    type: TemplateNode,
    description: 'An admin edits a template; the active one is used as changed at once. Audited.',
    ...access('admin'),
    args: {
      id: t.arg.globalID({ for: TemplateNode, required: true }),
      input: t.arg({ type: TemplateInput, required: true, validate: { schema: templates.templateInput } }),
    },
    errors: { directResult: true, union: { name: 'UpdateTemplateResult' } },
    resolve: (_root, { id, input }, ctx) =>
      templates.updateTemplate(ctx.prisma, ctx.viewer!.user, templateId(id), parsedBy(templates.templateInput, input)),
  }),
  setTemplateActive: t.field({
    type: TemplateNode,
    description: 'Makes a template its type’s one (the one active before stops), or switches it off. Audited.',
    ...access('admin'),
    args: { id: t.arg.globalID({ for: TemplateNode, required: true }), active: t.arg.boolean({ required: true }) },
    errors: { directResult: true, union: { name: 'SetTemplateActiveResult' } },
    resolve: (_root, { id, active }, ctx) => templates.setTemplateActive(ctx.prisma, ctx.viewer!.user, templateId(id), active),
  }),
  deleteTemplate: t.field({
    type: deletedResult('DeleteTemplateSuccess'),
    description: 'Deletes a template (its type has none active if it was). Audited.',
    ...access('admin'),
    args: { id: t.arg.globalID({ for: TemplateNode, required: true }) },
    errors: { directResult: true, union: { name: 'DeleteTemplateResult' } },
    resolve: async (_root, { id }, ctx) => {
      await templates.deleteTemplate(ctx.prisma, ctx.viewer!.user, templateId(id));
      return { deletedId: encodeGlobalID('Template', id.id) };
    },
  }),
}));
