import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access } from '../auth/access';
import * as stylesheets from '../services/stylesheets';
import { parsedBy } from '../services/validation';
import { deletedResult } from './errors';
import { databaseIdOf, type GlobalId } from './globalIds';

export const StylesheetNode = builder.prismaNode('Stylesheet', {
  id: { field: 'id' },
  nullable: true,
  description: `A stylesheet of the site (admin "CSS styles" tab); the active one is served at ${stylesheets.ACTIVE_STYLESHEET_PATH} and linked by every page.`,
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    content: t.exposeString('content'),
    variables: t.field({
      type: [StylesheetVariable],
      description: 'Custom properties (`--name: value`), served in a `:root` rule before the content.',
      resolve: (sheet) =>
        Object.entries((sheet.variables ?? {}) as Record<string, string>).map(([name, value]) => ({ name, value })),
    }),
    isCompressed: t.exposeBoolean('isCompressed', { description: 'Served minified.' }),
    isActive: t.exposeBoolean('isActive'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const StylesheetVariable = builder.objectRef<{ name: string; value: string }>('StylesheetVariable').implement({
  fields: (t) => ({ name: t.exposeString('name'), value: t.exposeString('value') }),
});

builder.queryField('stylesheets', (t) =>
  t.prismaField({
    type: ['Stylesheet'],
    description: 'Every stylesheet, oldest first.',
    ...access('admin'),
    resolve: (query, _root, _args, ctx) => ctx.prisma.stylesheet.findMany({ ...query, orderBy: { id: 'asc' } }),
  }),
);

const StylesheetVariableInput = builder.inputType('StylesheetVariableInput', {
  fields: (t) => ({ name: t.string({ required: true, description: '`--name`' }), value: t.string({ required: true }) }),
});

const StylesheetInput = builder.inputType('StylesheetInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    content: t.string({
      required: true,
      description: 'CSS; refused when a rule does not parse or a value does not fit its property.',
    }),
    variables: t.field({ type: [StylesheetVariableInput] }),
    isCompressed: t.boolean(),
  }),
});

const stylesheetId = (id: GlobalId) => databaseIdOf(id, 'Stylesheet', 'stylesheets.notFound');

builder.mutationFields((t) => ({
  createStylesheet: t.field({
    type: StylesheetNode,
    description: 'An admin adds a stylesheet (inactive). Audited.',
    ...access('admin'),
    args: { input: t.arg({ type: StylesheetInput, required: true, validate: { schema: stylesheets.stylesheetInput } }) },
    errors: { directResult: true, union: { name: 'CreateStylesheetResult' } },
    resolve: (_root, { input }, ctx) =>
      stylesheets.createStylesheet(ctx.prisma, ctx.viewer!.user, parsedBy(stylesheets.stylesheetInput, input)),
  }),
  updateStylesheet: t.field({
    type: StylesheetNode,
    description: 'An admin edits a stylesheet; when it is the active one, the site gets the change at once. Audited.',
    ...access('admin'),
    args: {
      id: t.arg.globalID({ for: StylesheetNode, required: true }),
      input: t.arg({ type: StylesheetInput, required: true, validate: { schema: stylesheets.stylesheetInput } }),
    },
    errors: { directResult: true, union: { name: 'UpdateStylesheetResult' } },
    resolve: (_root, { id, input }, ctx) =>
      stylesheets.updateStylesheet(ctx.prisma, ctx.viewer!.user, stylesheetId(id), parsedBy(stylesheets.stylesheetInput, input)),
  }),
  setStylesheetActive: t.field({
    type: StylesheetNode,
    description: 'Makes a stylesheet the site’s one (the one active before stops), or switches it off. Audited.',
    ...access('admin'),
    args: { id: t.arg.globalID({ for: StylesheetNode, required: true }), active: t.arg.boolean({ required: true }) },
    errors: { directResult: true, union: { name: 'SetStylesheetActiveResult' } },
    resolve: (_root, { id, active }, ctx) =>
      stylesheets.setStylesheetActive(ctx.prisma, ctx.viewer!.user, stylesheetId(id), active),
  }),
  deleteStylesheet: t.field({
    type: deletedResult('DeleteStylesheetSuccess'),
    description: 'Deletes a stylesheet (the site has none active if it was). Audited.',
    ...access('admin'),
    args: { id: t.arg.globalID({ for: StylesheetNode, required: true }) },
    errors: { directResult: true, union: { name: 'DeleteStylesheetResult' } },
    resolve: async (_root, { id }, ctx) => {
      await stylesheets.deleteStylesheet(ctx.prisma, ctx.viewer!.user, stylesheetId(id));
      return { deletedId: encodeGlobalID('Stylesheet', id.id) };
    },
  }),
}));
