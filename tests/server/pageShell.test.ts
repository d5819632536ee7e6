import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAdmin } from '../support/members';
import { activateTheme, createTheme, THEME_ACCENTS, type ThemeAccent } from '../../server/src/services/themes';
import { SHELL_DARK_CARD, SHELL_GRADIENTS } from '../../server/src/storage/staticClient';

// The client's real index.html: the server's contract is with its #page-shell markup.
const INDEX_HTML = fs.readFileSync(path.join(import.meta.dirname, '../../client/index.html'), 'utf8');
const page = { accept: 'text/html,application/xhtml+xml' };

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  const client = path.join(app.dataDir, 'client');
  fs.mkdirSync(client, { recursive: true });
  fs.writeFileSync(path.join(client, 'index.html'), INDEX_HTML);
});
afterAll(() => app?.dispose());

const html = async (pathname: string) => (await app.request('GET', pathname, { headers: page })).text();

describe('the sign-in pages’ first paint (index.html #page-shell)', () => {
  it('is shown on the sign-in pages, in the default look, and stays hidden on every other page', async () => {
    expect(INDEX_HTML).toContain('<div id="page-shell" hidden');
    for (const pathname of ['/login', '/register', '/reset-password']) {
      const body = await html(pathname);
      expect(body, pathname).toContain(
        '<div id="page-shell" style="--shell-from: #2563eb; --shell-to: #14204a; --shell-card: #fff"',
      );
      expect(body, pathname).not.toContain('id="page-shell" hidden');
    }
    for (const pathname of ['/', '/dashboard', '/social', '/login/other']) {
      expect(await html(pathname), pathname).toContain('<div id="page-shell" hidden');
    }
  });

  it('takes the colours of the active theme: its accent’s gradient, and a dark card in dark mode', async () => {
    const prisma = app.db.prisma;
    const admin = await prisma.user.findUniqueOrThrow({ where: { id: (await registerAdmin(app)).id } });
    const before = await prisma.theme.findFirst({ where: { isActive: true } });
    const theme = await createTheme(prisma, admin, { name: 'Forest at night', mode: 'dark', accent: 'green' });
    await activateTheme(prisma, admin, theme.id);
    try {
      // Chakra's green.600 and green.900, and its gray.950 (the dark panel).
      expect(await html('/login')).toContain('style="--shell-from: #16a34a; --shell-to: #042713; --shell-card: #111111"');
    } finally {
      if (before) await activateTheme(prisma, admin, before.id);
      else await prisma.theme.update({ where: { id: theme.id }, data: { isActive: false } });
    }
    expect(await html('/login')).toContain('--shell-from: #2563eb');
  });

  it('is drawn in Chakra’s own shades of every accent a theme may have', async () => {
    const { tokens } = await import('@chakra-ui/react/theme');
    const shade = (palette: ThemeAccent, step: '600' | '900' | '950') => tokens.colors[palette][step].value;
    for (const accent of THEME_ACCENTS) {
      expect(SHELL_GRADIENTS[accent], accent).toEqual({ from: shade(accent, '600'), to: shade(accent, '900') });
    }
    expect(SHELL_DARK_CARD).toBe(shade('gray', '950'));
  });
});
