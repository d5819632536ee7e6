import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LucideIcon } from 'lucide-react';
import {
  BadgeCheck,
  Blocks,
  Code,
  CreditCard,
  FileText,
  Headset,
  Image,
  LayoutDashboard,
  LayoutTemplate,
  Palette,
  PanelsTopLeft,
  ScrollText,
  Settings,
  Users,
  Video,
  KeyRound,
  Languages,
} from 'lucide-react';
import type { PreloadedQuery } from 'react-relay/hooks';
import type { ConcreteRequest, OperationType } from 'relay-runtime';

/** What a tab's component receives: the query its route's loader started (see adminLoader.ts). */
export type AdminTabProps = { queryRef: PreloadedQuery<OperationType> };

export type AdminTab = {
  /** The address segment: /admin/{id}. */
  id: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  /** The tab's code; without it the tab shows the "coming" state. */
  component?: () => Promise<{ default: ComponentType<AdminTabProps> }>;
  /** The tab's query artifact, started while the code loads. */
  query?: () => Promise<{ default: ConcreteRequest }>;
  /** A count shown next to the tab's name in the sidebar (it loads its own data). */
  badge?: () => Promise<{ default: ComponentType }>;
};

/**
 * The admin sidebar, in the spec's order (section 2, "Admin panel"). A tab is one line here: its
 * component and its query's artifact; the page, the sidebar, the phone drawer and the loader read
 * this list. The first tab is what /admin shows.
 */
export const ADMIN_TABS: AdminTab[] = [
  {
    id: 'dashboard',
    label: msg`Панель управления`,
    icon: LayoutDashboard,
    component: () => import('./tabs/DashboardTab'),
    query: () => import('../../__generated__/DashboardTabQuery.graphql'),
  },
  {
    id: 'settings',
    label: msg`Настройки системы`,
    icon: Settings,
    component: () => import('./tabs/SettingsTab'),
    query: () => import('../../__generated__/SettingsTabQuery.graphql'),
  },
  {
    id: 'group-calls',
    label: msg`Групповые звонки`,
    icon: Video,
    component: () => import('./tabs/GroupCallsTab'),
    query: () => import('../../__generated__/GroupCallsTabQuery.graphql'),
  },
  {
    id: 'media',
    label: msg`Медиатека`,
    icon: Image,
    component: () => import('./tabs/MediaLibraryTab'),
    query: () => import('../../__generated__/MediaLibraryTabQuery.graphql'),
  },
  {
    id: 'branding',
    label: msg`Логотип и фавикон`,
    icon: BadgeCheck,
    component: () => import('./tabs/BrandingTab'),
    query: () => import('../../__generated__/BrandingTabQuery.graphql'),
  },
  {
    id: 'modules',
    label: msg`Модули CMS`,
    icon: Blocks,
    component: () => import('./tabs/ModulesTab'),
    query: () => import('../../__generated__/ModulesTabQuery.graphql'),
  },
  {
    id: 'templates',
    label: msg`Шаблоны`,
    icon: LayoutTemplate,
    component: () => import('./tabs/TemplatesTab'),
    query: () => import('../../__generated__/TemplatesTabQuery.graphql'),
  },
  {
    id: 'styles',
    label: msg`CSS-стили`,
    icon: Code,
    component: () => import('./tabs/StylesTab'),
    query: () => import('../../__generated__/StylesTabQuery.graphql'),
  },
  {
    id: 'api',
    label: msg`Управление API`,
    icon: KeyRound,
    component: () => import('./tabs/ApiKeysTab'),
    query: () => import('../../__generated__/ApiKeysTabQuery.graphql'),
  },
  {
    id: 'themes',
    label: msg`Темы`,
    icon: Palette,
    component: () => import('./tabs/ThemesTab'),
    query: () => import('../../__generated__/ThemesTabQuery.graphql'),
  },
  {
    id: 'users',
    label: msg`Управление пользователями`,
    icon: Users,
    component: () => import('./tabs/UsersTab'),
    query: () => import('../../__generated__/UsersTabQuery.graphql'),
  },
  {
    id: 'content',
    label: msg`Контент`,
    icon: FileText,
    component: () => import('../content/admin/AdminContentTab'),
    query: () => import('../../__generated__/AdminContentTabQuery.graphql'),
  },
  {
    id: 'support',
    label: msg`Поддержка`,
    icon: Headset,
    component: () => import('./tabs/SupportTab'),
    query: () => import('../../__generated__/SupportTabQuery.graphql'),
    badge: () => import('./tabs/SupportBadge'),
  },
  {
    id: 'landing',
    label: msg`Стартовая страница`,
    icon: PanelsTopLeft,
    component: () => import('./tabs/LandingTab'),
    query: () => import('../../__generated__/LandingTabQuery.graphql'),
  },
  {
    id: 'translations',
    label: msg`Переводы`,
    icon: Languages,
    component: () => import('./tabs/TranslationsTab'),
    query: () => import('../../__generated__/TranslationsTabQuery.graphql'),
  },
  {
    id: 'subscribers',
    label: msg`Подписчики`,
    icon: CreditCard,
    component: () => import('./tabs/SubscribersTab'),
    query: () => import('../../__generated__/SubscribersTabQuery.graphql'),
  },
  {
    id: 'audit',
    label: msg`Журнал действий`,
    icon: ScrollText,
    component: () => import('./tabs/AuditLogTab'),
    query: () => import('../../__generated__/AuditLogTabQuery.graphql'),
  },
];

export const DEFAULT_TAB = ADMIN_TABS[0];

export const adminTab = (id: string | undefined) => (id ? ADMIN_TABS.find((tab) => tab.id === id) : DEFAULT_TAB);

/** Each built tab's component as a lazy one, made once (a new lazy() per render would remount it). */
export const TAB_COMPONENTS: Record<string, LazyExoticComponent<ComponentType<AdminTabProps>>> = Object.fromEntries(
  ADMIN_TABS.flatMap((tab) => (tab.component ? [[tab.id, lazy(tab.component)]] : [])),
);

/** Each tab's sidebar badge as a lazy component, made once. */
export const TAB_BADGES: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  ADMIN_TABS.flatMap((tab) => (tab.badge ? [[tab.id, lazy(tab.badge)]] : [])),
);
