import { Box, type BoxProps } from '@chakra-ui/react';

/** Named by its visible heading (`aria-labelledby`) or, without one, by a translated `aria-label`. */
type Name = { 'aria-labelledby': string } | { 'aria-label': string };

/**
 * A wide block (a table) that scrolls sideways when the screen is narrower. Keyboard users scroll it
 * once it has focus, so it takes focus itself when nothing inside it can (WCAG 2.1.1, axe's
 * scrollable-region-focusable), and as a named region a screen reader says what it is.
 */
export function ScrollRegion(props: BoxProps & Name) {
  return <Box overflowX="auto" tabIndex={0} role="region" focusRing="inside" {...props} />;
}
