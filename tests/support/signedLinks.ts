/**
 * A signed link with one character of its signature changed, always to a different one (replacing
 * it with a fixed character left the link valid whenever the signature already started with it).
 */
export const forgedLink = (url: string) =>
  url.replace(/signature=(.)/, (_: string, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
