import { Box } from '@chakra-ui/react';

/** A content item's body: HTML the server sanitised when it was saved (services/content.ts). */
export function ContentBody({ html }: { html: string }) {
  return (
    <Box
      data-testid="content-body"
      lineHeight="tall"
      css={{
        '& > * + *': { marginTop: '0.75em' },
        '& ul, & ol': { paddingInlineStart: '1.5em' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& h1': { fontSize: '2xl', fontWeight: 'bold' },
        '& h2': { fontSize: 'xl', fontWeight: 'semibold' },
        '& h3': { fontSize: 'lg', fontWeight: 'semibold' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '0.75em', color: 'fg.muted' },
        '& pre': { overflowX: 'auto', bg: 'bg.muted', p: '2', rounded: 'md' },
      }}
      // Sanitised on the server when saved.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
