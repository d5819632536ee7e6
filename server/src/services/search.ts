import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import { ValidationError } from './errors';

/**
 * Full-text search over members, publications, communities and tags (issue 21, point 6). Each kind has a
 * generated `search_vector` column with a GIN index (migration *_search):
 * - publications are indexed in their own language's configuration (russian, english or french,
 *   chosen by the database function search_config_of and kept in `search_config`), and are queried
 *   with the text parsed by all three, OR-ed, so each row matches in its own stemming ("встречи"
 *   finds "встреча");
 * - member names, community names and descriptions, and tag names are indexed with 'simple' (names are not stemmed) and matched by
 *   word prefix, so "ann" finds Anna while she is being typed.
 * Pages are ranked (ts_rank, then newest id) and keyset-paged on (rank, id): one statement per page
 * whatever its depth. Search results then load through Prisma with the kind's own visibility rule.
 */

export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 20;

/** The letters and digits of a text, lowercased, as words: all a search can match. */
export const searchWords = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** The words a text looks for: not those it excludes (`-word`), which alone would match nearly everything, unindexed. */
const wantedWords = (text: string) =>
  text
    .split(/\s+/)
    .filter((token) => !token.startsWith('-'))
    .flatMap((token) => searchWords(token));

/**
 * A search text: at most 100 characters with at least 2 letters or digits to look for (spec section
 * 9's minimum). A text of only operators or punctuation (`&|!():*`), or only exclusions, has nothing
 * to look for and is refused the same way.
 */
export const searchText = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, 'validation.tooLong')
  .refine((text) => wantedWords(text).join('').length >= 2, 'search.tooShort');

export type SearchKind = 'member' | 'publication' | 'community' | 'tag';

/** Where a page ends: the last row's rank (a float4, exact through a JS number) and id. */
type Position = { rank: number; id: number };

export const encodeSearchCursor = (kind: SearchKind, row: Position) =>
  Buffer.from(`${kind}|${row.rank}|${row.id}`).toString('base64url');

export function decodeSearchCursor(kind: SearchKind, cursor: string | null | undefined): Position | null {
  if (!cursor) return null;
  const [tag, rank, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const position = { rank: Number(rank), id: Number(id) };
  if (tag !== kind || !rank || !Number.isFinite(position.rank) || !Number.isSafeInteger(position.id)) {
    throw new ValidationError([{ path: ['after'], messageKey: 'validation.invalidInput' }]);
  }
  return position;
}

/**
 * The text as a tsquery in each publication configuration, OR-ed into one (so the GIN index serves
 * it). websearch_to_tsquery accepts any text: quotes make phrases, `-` excludes, `or` alternates,
 * and stray operators are ignored rather than failing.
 */
const contentQuery = (text: string) =>
  Prisma.sql`websearch_to_tsquery('russian', ${text}) || websearch_to_tsquery('english', ${text}) || websearch_to_tsquery('french', ${text})`;

/** Every word as a prefix, all required. The words are letters and digits only, so nothing in them is a tsquery operator. */
const prefixQuery = (text: string) =>
  Prisma.sql`to_tsquery('simple', ${searchWords(text)
    .map((word) => `${word}:*`)
    .join(' & ')})`;

const TABLES = {
  member: { table: Prisma.raw('users'), query: prefixQuery, owner: Prisma.raw('id') },
  publication: { table: Prisma.raw('publications'), query: contentQuery, owner: Prisma.raw('author_id') },
  community: { table: Prisma.raw('communities'), query: prefixQuery, owner: null },
  tag: { table: Prisma.raw('tags'), query: prefixQuery, owner: null },
} as const;

export type RankedRow = Position & { highlight?: string };

/** Marks around the matched words in a publication's highlight (private-use characters, dropped from the text first). */
const MARK_START = '\uE000';
const MARK_END = '\uE001';
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=35, MinWords=15, ShortWord=2, HighlightAll=false`;

/**
 * One page of ids matching `text`, best first: `take` rows after `after`. `hidden` are the members a
 * block separates from the viewer (relations.blockedUserIds: hand-written SQL takes that rule as ids);
 * their accounts, or what they wrote, are left out. Publications come with their highlighted excerpt.
 */
export function rankedPageSql(kind: SearchKind, text: string, hidden: number[], after: Position | null, take: number) {
  const { table, query, owner } = TABLES[kind];
  const conditions = [Prisma.sql`t.search_vector @@ query.q`];
  if (owner && hidden.length > 0) conditions.push(Prisma.sql`t.${owner} <> ALL(${hidden})`);
  if (after) conditions.push(Prisma.sql`(ts_rank(t.search_vector, query.q), t.id) < (CAST(${after.rank} AS real), ${after.id})`);
  // The one-row subquery is pulled up into the statement, so `@@` compares with a constant the index serves.
  const page = Prisma.sql`
    SELECT t.id, ts_rank(t.search_vector, query.q) AS rank, query.q${kind === 'publication' ? Prisma.sql`, t.search_config, t.content` : Prisma.empty}
    FROM ${table} t, (SELECT ${query(text)} AS q) query
    WHERE ${Prisma.join(conditions, ' AND ')}
    ORDER BY rank DESC, t.id DESC
    LIMIT ${take}`;
  if (kind !== 'publication') return Prisma.sql`SELECT id, rank FROM (${page}) page`;
  // The excerpt is made for the page's rows only, in the configuration the row was indexed with.
  return Prisma.sql`
    SELECT id, rank, ts_headline(search_config, translate(content, ${MARK_START + MARK_END}, ''), q, ${HEADLINE_OPTIONS}) AS highlight
    FROM (${page}) page ORDER BY rank DESC, id DESC`;
}

export const rankedPage = (
  prisma: PrismaClient,
  kind: SearchKind,
  text: string,
  hidden: number[],
  after: Position | null,
  take: number,
): Promise<RankedRow[]> => prisma.$queryRaw<RankedRow[]>(rankedPageSql(kind, text, hidden, after, take));

export type TextPart = { text: string; matched: boolean };

/** A headline split into plain and matched runs, for the client to mark up without parsing HTML. */
export function highlightParts(headline: string): TextPart[] {
  const parts: TextPart[] = [];
  for (const [index, piece] of headline.split(MARK_START).entries()) {
    const [inside, rest] = index === 0 ? [null, piece] : [piece.split(MARK_END)[0]!, piece.split(MARK_END).slice(1).join('')];
    if (inside) parts.push({ text: inside, matched: true });
    if (rest) parts.push({ text: rest, matched: false });
  }
  return parts;
}
