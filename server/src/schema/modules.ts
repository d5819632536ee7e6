import type { Module } from '../generated/prisma/client';
import { builder } from '../builder';
import { access } from '../auth/access';
import * as modules from '../services/modules';
import { ConflictError, FileTooLargeError, UnsupportedFileTypeError } from '../services/errors';
import { requiredFlag } from '../services/validation';
import { databaseIdOf } from './globalIds';

/** CMS modules (spec sections 2, 3, 4): cards, their switches, package upload, the ZoomVisor switch. */

const ModuleStatusEnum = builder.enumType('ModuleStatus', {
  values: { ACTIVE: { value: 'active' }, INACTIVE: { value: 'inactive' } } as const,
});

export const ModuleNode = builder.prismaNode('Module', {
  id: { field: 'id' },
  nullable: true,
  description: 'A CMS module card (spec section 3, "Module").',
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    version: t.exposeString('version'),
    author: t.exposeString('author'),
    status: t.expose('status', { type: ModuleStatusEnum }),
    moduleType: t.exposeString('moduleType', { description: 'video_calls, social, content, or what a package declares.' }),
    guarded: t.boolean({
      description: 'A built-in module whose switch the server enforces (ZoomVisor): switched by its own card.',
      select: { name: true },
      resolve: (module) => (Object.values(modules.GUARDED_MODULES) as string[]).includes(module.name),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

type ModuleSwitch = { enabled: boolean };

const ZoomvisorStatusRef = builder.objectRef<ModuleSwitch>('ZoomvisorStatus').implement({
  description: 'Whether the meeting area (the ZoomVisor module) is switched on.',
  fields: (t) => ({ enabled: t.exposeBoolean('enabled') }),
});

builder.queryFields((t) => ({
  modules: t.prismaField({
    type: ['Module'],
    description: 'Every module card, oldest first (GET /modules).',
    ...access('admin'),
    resolve: (query, _root, _args, ctx) => ctx.prisma.module.findMany({ ...query, orderBy: { id: 'asc' } }),
  }),
  zoomvisorStatus: t.field({
    type: ZoomvisorStatusRef,
    description: 'Switched off, the video-call entry points are hidden and the call and room fields refuse (403).',
    ...access('member'),
    resolve: async (_root, _args, ctx) => ({ enabled: await modules.moduleEnabled(ctx.prisma, 'zoomvisor') }),
  }),
}));

const ModuleResult = (name: string) =>
  builder.objectRef<Module>(name).implement({
    fields: (t) => ({ module: t.field({ type: ModuleNode, resolve: (module) => module }) }),
  });

const SetZoomvisorEnabledSuccess = builder.objectRef<ModuleSwitch>('SetZoomvisorEnabledSuccess').implement({
  fields: (t) => ({ zoomvisorStatus: t.field({ type: ZoomvisorStatusRef, resolve: (result) => result }) }),
});

builder.mutationFields((t) => ({
  toggleModule: t.field({
    type: ModuleResult('ToggleModuleSuccess'),
    description: 'Switches a module card to its other state (audited).',
    ...access('admin'),
    args: { moduleId: t.arg.globalID({ required: true, for: ModuleNode }) },
    errors: { directResult: true, union: { name: 'ToggleModuleResult' } },
    resolve: (_root, args, ctx) =>
      modules.toggleModule(ctx.services, ctx.viewer!.user, databaseIdOf(args.moduleId, 'Module', 'modules.notFound')),
  }),
  setZoomvisorEnabled: t.field({
    type: SetZoomvisorEnabledSuccess,
    description: 'Switches the meeting area on or off for everyone (audited).',
    ...access('admin'),
    args: { enabled: t.arg.boolean({ required: false }) },
    errors: { directResult: true, union: { name: 'SetZoomvisorEnabledResult' } },
    resolve: async (_root, { enabled }, ctx) => ({
      enabled: await modules.setModuleEnabled(ctx.services, ctx.viewer!.user, 'zoomvisor', requiredFlag(enabled)),
    }),
  }),
  uploadModule: t.field({
    type: ModuleResult('UploadModuleSuccess'),
    description:
      'Installs a module package (a zip with module.json: name, version, description, author, type; optionally a ' +
      'stylesheet, a template and translations). Nothing in it runs; it is installed switched off (audited).',
    ...access('admin'),
    args: { file: t.arg({ type: 'File', required: false }) },
    errors: {
      types: [FileTooLargeError, UnsupportedFileTypeError, ConflictError],
      directResult: true,
      union: { name: 'UploadModuleResult' },
    },
    resolve: (_root, { file }, ctx) => modules.uploadModule(ctx.services, ctx.viewer!.user, file),
  }),
}));
