import { resolveNodes, decodeGlobalID } from '@pothos/plugin-relay';
import { isObjectType, type GraphQLResolveInfo } from 'graphql';
import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';

type TypeAuthScopes = boolean | Record<string, unknown> | ((parent: unknown, ctx: Context) => unknown);

/**
 * `node` and `nodes` (Relay's refetch) obey the read rule each Node type declares once, as its own
 * `authScopes`: what the viewer may not read is null, as is an id that is malformed, names no Node
 * type or no row. Nothing here is an error, so ids cannot be probed by their error messages.
 */
async function readableNode(rawId: string, ctx: Context, info: GraphQLResolveInfo): Promise<unknown> {
  let globalId: { typename: string; id: string };
  try {
    globalId = decodeGlobalID(rawId);
  } catch {
    return null;
  }
  const type = info.schema.getType(globalId.typename);
  if (!isObjectType(type) || !type.getInterfaces().some((i) => i.name === 'Node')) return null;
  let node: unknown;
  try {
    [node] = await Promise.all(await resolveNodes(builder, ctx, info, [globalId]));
  } catch {
    return null; // no such row (or an id its type cannot parse)
  }
  if (node == null) return null;
  return (await mayRead(globalId.typename, node, ctx)) ? node : null;
}

/** Evaluates the type's `authScopes` (a map, or a function of the object) for the viewer. */
async function mayRead(typename: string, node: unknown, ctx: Context): Promise<boolean> {
  const options = builder.configStore.getTypeConfig(typename).pothosOptions as { authScopes?: TypeAuthScopes };
  const declared = options.authScopes;
  const scopes = typeof declared === 'function' ? await declared(node, ctx) : declared;
  if (scopes === undefined || scopes === true) return true;
  if (scopes === false) return false;
  try {
    // `$granted` scopes (granted by a parent field) never hold at the root, where node is.
    await builder.runAuthScopes(ctx, scopes as Parameters<typeof builder.runAuthScopes>[1]);
    return true;
  } catch {
    return false;
  }
}

builder.queryFields((t) => ({
  node: t.field({
    type: builder.nodeInterfaceRef(),
    nullable: true,
    description: 'The object with this global id, or null when there is none or the viewer may not read it.',
    // Open at the root: each Node type's own rule decides what the viewer reads.
    ...access('anonymous'),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx, info) => readableNode(String(id), ctx, info),
  }),
  nodes: t.field({
    type: [builder.nodeInterfaceRef()],
    nullable: { list: false, items: true },
    description: 'Like `node`, for several ids at once, in their order.',
    ...access('anonymous'),
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_root, { ids }, ctx, info) => Promise.all(ids.map((id) => readableNode(String(id), ctx, info))),
  }),
}));
