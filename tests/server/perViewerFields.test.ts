import { describe, expect, it } from 'vitest';
import { isObjectType } from 'graphql';
import { schema } from '../../server/src/schema';

// A shared subscription result is computed once for every subscriber of a group unless the
// document selects a PER_VIEWER field (realtime/sharedSubscriptions.ts). A field named after the
// viewer (viewerRole, viewerCanDelete, isViewer...) answers for whoever reads it: it must say so.
describe('viewer-dependent fields', () => {
  it('carry PER_VIEWER when their name says they depend on the viewer', () => {
    const unmarked: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__') || ['Query', 'Mutation', 'Subscription'].includes(type.name))
        continue;
      for (const field of Object.values(type.getFields())) {
        if (/^(viewer[A-Z]|isViewer$)/.test(field.name) && !field.extensions?.perViewer)
          unmarked.push(`${type.name}.${field.name}`);
      }
    }
    expect(unmarked).toEqual([]);
  });

  it('include the lists and counts a block between the viewer and a member filters', () => {
    const fields = [
      'User.friends',
      'Publication.comments',
      'Publication.commentsCount',
      'Publication.likesCount',
      'Publication.reactions',
      'Publication.reactors',
      'Message.reactions',
      'Message.reactors',
    ];
    const unmarked = fields.filter((name) => {
      const [type, field] = name.split('.');
      const definition = schema.getType(type);
      return !(isObjectType(definition) && definition.getFields()[field]?.extensions?.perViewer);
    });
    expect(unmarked).toEqual([]);
  });
});
