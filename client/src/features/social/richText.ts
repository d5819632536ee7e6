/**
 * Splits a text into plain runs, mentions and tags, with the patterns the server reads them with
 * (server/src/services/mentions.ts). Only what the item's stored lists name becomes a link: the
 * server decided, when the text was written, which mentions may link (no block, a participant...).
 */
const MENTION = /(?<![\p{L}\p{N}_.@-])@([A-Za-z0-9._-]*[A-Za-z0-9_])/u;
const HASHTAG = /(?<![\p{L}\p{M}\p{N}_&#])#([\p{L}\p{M}\p{N}_]+)/u;
const TOKEN = new RegExp(`${MENTION.source}|${HASHTAG.source}`, 'gu');

const HASHTAG_MAX_LENGTH = 64;

export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'hashtag'; text: string; tag: string };

/** A tag as the server stores it (NFC, lowercased). */
export const normaliseTag = (tag: string) => tag.normalize('NFC').toLowerCase();

export function textParts(text: string, mentions: readonly { username: string }[], hashtags?: readonly string[]): TextPart[] {
  const linked = new Map(mentions.map((mention) => [mention.username.toLowerCase(), mention.username]));
  const tags = hashtags ? new Set(hashtags) : null;
  const parts: TextPart[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [whole, name, tag] = match;
    const username = name ? linked.get(name.toLowerCase()) : undefined;
    const normalised = tag ? normaliseTag(tag) : undefined;
    const part: TextPart | null = username
      ? { kind: 'mention', text: whole, username }
      : normalised && normalised.length <= HASHTAG_MAX_LENGTH && (!tags || tags.has(normalised))
        ? { kind: 'hashtag', text: whole, tag: normalised }
        : null;
    if (!part) continue;
    plain += text.slice(last, match.index);
    if (plain) parts.push({ kind: 'text', text: plain });
    parts.push(part);
    plain = '';
    last = match.index + whole.length;
  }
  plain += text.slice(last);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}

/** The tag page's address. */
export const tagPath = (tag: string) => `/social?${new URLSearchParams({ section: 'tag', tag })}`;
