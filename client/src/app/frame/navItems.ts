import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LucideIcon } from 'lucide-react';
import { CreditCard, LayoutDashboard, Newspaper, Settings, ShieldCheck, UserCog, Video } from 'lucide-react';
import { isAdmin, isModerator, type AuthUser } from '../auth/authUser';
import type { ModuleSwitches } from '../../features/modules/useModuleSwitches';

export interface NavItem {
  to: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  visible: (user: AuthUser) => boolean;
  /** The link belongs to a module the admin can switch off: shown only while it is on. */
  module?: keyof ModuleSwitches;
}

const everyone = () => true;

/** The header's links (spec section 2, "Top navigation"). */
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: msg`Главная`, icon: LayoutDashboard, visible: everyone },
  { to: '/social', label: msg`Соцсеть`, icon: Newspaper, visible: everyone },
  { to: '/video-calls', label: msg`Видеозвонки`, icon: Video, visible: everyone, module: 'zoomvisor' },
  { to: '/subscription-plans', label: msg`Тарифы`, icon: CreditCard, visible: everyone },
  { to: '/profile-settings', label: msg`Настройки`, icon: Settings, visible: everyone },
  { to: '/users', label: msg`Пользователи`, icon: UserCog, visible: isModerator },
  { to: '/admin', label: msg`Админ-панель`, icon: ShieldCheck, visible: isAdmin },
];

/** The links `user`'s role sees; a module's link shows only while its module is on (Header.tsx). */
export function navItemsFor(user: AuthUser): NavItem[] {
  return NAV_ITEMS.filter((item) => item.visible(user));
}
