const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = keyof typeof LEVELS;

export type Logger = Record<Exclude<Level, 'silent'>, (message: string, extra?: unknown) => void>;

export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  const threshold = LEVELS[(level in LEVELS ? level : 'info') as Level];
  const at = (name: Exclude<Level, 'silent'>) => (message: string, extra?: unknown) => {
    if (LEVELS[name] < threshold) return;
    const line = `${new Date().toISOString()} ${name.toUpperCase().padEnd(5)} ${message}`;
    const out = name === 'error' || name === 'warn' ? console.error : console.log;
    if (extra === undefined) out(line);
    else out(line, extra);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
