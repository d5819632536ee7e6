/**
 * The value of the bench's `--name=value` argument (the first one given), else `fallback`: every
 * bench takes its sizes and ports this way.
 */
export function option(name: string): string | undefined;
export function option(name: string, fallback: string): string;
export function option(name: string, fallback?: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}
