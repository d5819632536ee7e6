import { Link, Text, type TextProps } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { tagPath, textParts } from './richText';

/**
 * A publication's, comment's or message's text with its `@username` mentions linked to the profile
 * and its `#tags` to the tag page (text only, never HTML). `onSolid`: on the brand-coloured bubble
 * of one's own message, where the accent colour would not show, links keep the text's colour.
 */
export function RichText({
  text,
  mentions,
  hashtags,
  onSolid = false,
  ...props
}: {
  text: string;
  mentions: readonly { username: string }[];
  /** The stored tags, when the item has them (a publication); otherwise every `#tag` links. */
  hashtags?: readonly string[];
  onSolid?: boolean;
} & TextProps) {
  const parts = useMemo(() => textParts(text, mentions, hashtags), [text, mentions, hashtags]);
  const linkProps = onSolid ? { color: 'inherit', textDecoration: 'underline' } : { colorPalette: 'brand', color: 'brand.fg' };
  return (
    <Text whiteSpace="pre-wrap" wordBreak="break-word" {...props}>
      {parts.map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <Link key={index} asChild fontWeight="medium" {...linkProps} data-testid={`${part.kind}-link`}>
            <RouterLink to={part.kind === 'mention' ? `/profile/${encodeURIComponent(part.username)}` : tagPath(part.tag)}>
              {part.text}
            </RouterLink>
          </Link>
        ),
      )}
    </Text>
  );
}
