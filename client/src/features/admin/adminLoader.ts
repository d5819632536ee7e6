import { redirect, type LoaderFunctionArgs } from 'react-router';
import { preloadPageQuery } from '../../app/preloadPageQuery';
import { adminTab } from './adminTabs';

/**
 * The loader of /admin/:tab: the tab's query starts while its code loads (the page-query convention),
 * so opening a tab is what loads its data. A tab without code (coming) loads nothing; an unknown
 * tab goes to the first one.
 */
export async function loadAdminTab(args: LoaderFunctionArgs) {
  const tab = adminTab(args.params.tab);
  if (!tab) return redirect('/admin');
  const queryRef = tab.query && tab.component ? await preloadPageQuery(tab.query, tab.component)(args) : null;
  return { tabId: tab.id, queryRef };
}

export type AdminTabData = Awaited<ReturnType<typeof loadAdminTab>>;
