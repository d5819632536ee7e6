import { ValidationError } from '../services/errors';

const MAX_PAGE_SIZE = 100;

export type PageArgs = { first?: number | null; after?: string | null; last?: number | null; before?: string | null };

/** Forward pages only: every list here is read from its start. */
export function pageSize(args: PageArgs, fallback: number) {
  if (args.last != null || args.before != null)
    throw new ValidationError([{ path: ['last'], messageKey: 'validation.invalidInput' }]);
  return clampedPageSize(args, fallback);
}

/** The page size `first` asks for, within 1 and the maximum; pageSize also refuses backward pages. */
export const clampedPageSize = (args: PageArgs, fallback: number) => Math.min(Math.max(args.first ?? fallback, 1), MAX_PAGE_SIZE);

export const connection = <T>(rows: T[], first: number, cursorOf: (row: T) => string, after: unknown) => {
  const edges = rows.slice(0, first).map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: !!after,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
};
