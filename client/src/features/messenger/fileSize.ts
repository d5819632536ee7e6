/** A file size the way the spec shows it: B, KB, MB or GB (base 1024, at most one decimal). */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : value.toFixed(value < 10 ? 1 : 0).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}
