import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchResult } from './benchResult';
import { LOGIN_JS_BUDGET_BYTES } from './loginScripts';
import { root } from './support';

/**
 * The JavaScript each client route loads, gzip-compressed, from the Vite build manifest: the entry
 * chunk of index.html, the route's lazy chunks (page, page frame, its query artifact, the Russian
 * texts it loads) and everything those import statically. Lazy chunks a page loads later (a dialog,
 * another tab) are not counted. Builds the client into a scratch folder (the product's dist/ is
 * left alone). `login-bundle.ts` measures the login page in Chromium instead, as a cross-check.
 *
 * Usage: node --import tsx scripts/bench/routeScripts.ts [--out=<an existing build with .vite/manifest.json>]
 * Exits with 1 when a route is over its budget.
 */
const KB = 1024;

/**
 * Budget per route, gzip. The login page's is the one login-bundle.ts enforces; the others today's size
 * (November 2026) with about 10% room. The password reset page opens without Relay, as the login page does.
 */
export const ROUTE_JS_BUDGETS: Record<string, number> = {
  '/login': LOGIN_JS_BUDGET_BYTES,
  '/': 260 * KB,
  '/reset-password': 195 * KB,
  '/dashboard': 360 * KB,
  '/social': 380 * KB,
  '/content': 320 * KB,
  '/support': 320 * KB,
  '/users': 320 * KB,
  '/profile/:username': 350 * KB,
  '/profile-settings': 330 * KB,
  '/subscription-plans': 330 * KB,
  '/admin': 330 * KB,
  '/video-calls': 400 * KB,
};

const PUBLIC = ['src/locales/ru/public.po'];
/** Relay's environment, for the pages that use Relay (WithRelay.tsx). */
const RELAY = 'src/app/RelayProvider.tsx';
const SIGNED_IN = ['src/locales/ru/messages.po', RELAY, 'src/features/notifications/SignedInExtras.tsx'];
const FRAMED = [...SIGNED_IN, 'src/app/frame/PageFrame.tsx'];
const query = (name: string) => `src/__generated__/${name}Query.graphql.ts`;

/** What each route of client/src/app/router.tsx loads lazily when opened (manifest keys). */
const ROUTE_CHUNKS: Record<keyof typeof ROUTE_JS_BUDGETS, string[]> = {
  '/login': [...PUBLIC, 'src/features/auth/LoginPage.tsx'],
  '/': [...PUBLIC, RELAY, 'src/features/landing/StartPage.tsx', query('StartPage')],
  '/reset-password': [...PUBLIC, 'src/features/auth/ResetPasswordPage.tsx'],
  '/dashboard': [...FRAMED, 'src/features/dashboard/DashboardPage.tsx', query('DashboardPage')],
  // The default section, the feed (socialSections.ts).
  '/social': [
    ...FRAMED,
    'src/features/social/SocialPage.tsx',
    'src/features/social/socialLoader.ts',
    'src/features/social/publications/PublicationsPanel.tsx',
  ],
  '/content': [...FRAMED, 'src/features/content/ContentPage.tsx', query('ContentPage')],
  '/support': [...FRAMED, 'src/features/support/SupportPage.tsx', query('SupportPage')],
  '/users': [...FRAMED, 'src/features/users/UsersPage.tsx', query('UsersPage')],
  '/profile/:username': [...FRAMED, 'src/features/profile/ProfilePage.tsx', query('ProfilePage')],
  '/profile-settings': [...FRAMED, 'src/features/profile-settings/ProfileSettingsPage.tsx', query('ProfileSettingsPage')],
  '/subscription-plans': [...FRAMED, 'src/features/subscriptions/SubscriptionPlansPage.tsx', query('SubscriptionPlansPage')],
  '/admin': [...FRAMED, 'src/features/admin/AdminPage.tsx'],
  '/video-calls': [...SIGNED_IN, 'src/features/video-calls/VideoCallsPage.tsx', query('VideoCallsPage')],
};

type ManifestChunk = { file: string; imports?: string[] };

const argv = process.argv.slice(2);
const given = argv.find((a) => a.startsWith('--out='))?.slice('--out='.length);
const outDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-build-'));
try {
  if (!given) {
    const build = spawnSync(
      'npx',
      [
        'vite',
        'build',
        '--config',
        'client/vite.config.ts',
        '--logLevel',
        'warn',
        '--manifest',
        '--outDir',
        outDir,
        '--emptyOutDir',
      ],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error(`vite build failed (${build.status ?? build.signal})`);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const gzipOf = new Map<string, number>();
  const gzipBytes = (file: string) => {
    if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length);
    return gzipOf.get(file)!;
  };
  /** The chunk files `keys` load, with their static imports, recursively. */
  const closure = (keys: string[]) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build manifest (router.tsx changed? update ROUTE_CHUNKS)`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return [...files].filter((file) => file.endsWith('.js'));
  };

  const routes = Object.entries(ROUTE_CHUNKS).map(([route, chunks]) => {
    const files = closure(['index.html', ...chunks]);
    const gzip = files.reduce((sum, file) => sum + gzipBytes(file), 0);
    return {
      route,
      files: files.length,
      gzipKb: gzip / KB,
      budgetKb: ROUTE_JS_BUDGETS[route]! / KB,
      withinBudget: gzip <= ROUTE_JS_BUDGETS[route]!,
    };
  });
  const entryKb = closure(['index.html']).reduce((sum, file) => sum + gzipBytes(file), 0) / KB;
  console.log(`JavaScript per route (gzip level 9; the entry alone: ${entryKb.toFixed(1)} KB)`);
  for (const r of routes) {
    console.log(
      `${r.route.padEnd(20)} ${r.gzipKb.toFixed(1).padStart(7)} KB in ${String(r.files).padStart(3)} files   budget ${r.budgetKb.toFixed(0)} KB${r.withinBudget ? '' : '   OVER BUDGET'}`,
    );
  }
  if (routes.some((r) => !r.withinBudget)) process.exitCode = 1;
  benchResult({ entryKb, routes });
} finally {
  if (!given) fs.rmSync(outDir, { recursive: true, force: true });
}
