import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LucideIcon } from 'lucide-react';
import { Bookmark, FileText, Hash, Image, MessageCircle, Newspaper, Search, Users, UsersRound, Video } from 'lucide-react';
import type { ComponentType } from 'react';
import type { PreloadedQuery } from 'react-relay/hooks';
import type { ConcreteRequest, OperationType } from 'relay-runtime';
import { FEED_PAGE_SIZE } from './publications/feedPageSize';
import { FILES_PAGE_SIZE } from './files/filesPageSize';
import { searchVariables } from '../search/searchText';
import { tagVariables } from './publications/tagSection';
import { COMMUNITY_LIST_SIZE, communityVariables } from './communities/communitySection';

/** What a section's panel receives: the query its route's loader started, and the messenger's recipient. */
export type SectionPanelProps = { queryRef: PreloadedQuery<OperationType>; recipientId: string | null };

export type SocialSection = {
  /** The address: /social?section={id} (publications, the first, is /social). */
  id: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  /** The panel's code; without it the section shows the "in development" page. */
  component?: () => Promise<{ default: ComponentType<SectionPanelProps> }>;
  /**
   * The panel's query artifact and variables, started by the loader while the code loads. Variables
   * may come from the address; null there means nothing to load, and the page shows `idle` instead.
   */
  query?: () => Promise<{ default: ConcreteRequest }>;
  variables?: Record<string, unknown> | ((params: URLSearchParams) => Record<string, unknown> | null);
  idle?: MessageDescriptor;
  /** Reached by links only (a tag page): not listed in the sidebar. */
  hidden?: boolean;
};

const galleryPanel = () => import('./galleries/GalleryPanel');
const galleryQuery = () => import('../../__generated__/GalleryPanelQuery.graphql');

/**
 * The sidebar of /social, in the spec's order (section 2, "Social area"). A section is one line here;
 * the page, its sidebar and the loader (socialLoader.ts) read this list.
 */
export const SOCIAL_SECTIONS: SocialSection[] = [
  {
    id: 'publications',
    label: msg`Публикации`,
    icon: Newspaper,
    component: () => import('./publications/PublicationsPanel'),
    query: () => import('../../__generated__/PublicationsPanelQuery.graphql'),
    // The page size travels as a variable, as the next pages' does (a literal would count 50 times
    // over in the server's query cost limit).
    variables: { count: FEED_PAGE_SIZE },
  },
  {
    id: 'contacts',
    label: msg`Контакты`,
    icon: Users,
    component: () => import('../contacts/ContactsPanel'),
    query: () => import('../../__generated__/ContactsPanelQuery.graphql'),
  },
  {
    id: 'messenger',
    label: msg`Мессенджер`,
    icon: MessageCircle,
    component: () => import('../messenger/MessengerPanel'),
    query: () => import('../../__generated__/ConversationListQuery.graphql'),
  },
  {
    id: 'communities',
    label: msg`Сообщества`,
    icon: UsersRound,
    component: () => import('./communities/CommunitiesPanel'),
    query: () => import('../../__generated__/CommunitiesPanelQuery.graphql'),
    variables: { count: COMMUNITY_LIST_SIZE },
  },
  {
    id: 'photos',
    label: msg`Фото`,
    icon: Image,
    component: galleryPanel,
    query: galleryQuery,
    variables: { kind: 'PHOTO' },
  },
  {
    id: 'videos',
    label: msg`Видео`,
    icon: Video,
    component: galleryPanel,
    query: galleryQuery,
    variables: { kind: 'VIDEO' },
  },
  {
    id: 'bookmarks',
    label: msg`Закладки`,
    icon: Bookmark,
    component: () => import('./publications/BookmarksPanel'),
    query: () => import('../../__generated__/BookmarksPanelQuery.graphql'),
    variables: { count: FEED_PAGE_SIZE },
  },
  {
    id: 'files',
    label: msg`Файлы`,
    icon: FileText,
    component: () => import('./files/FilesPanel'),
    query: () => import('../../__generated__/FilesPanelQuery.graphql'),
    variables: { count: FILES_PAGE_SIZE },
  },
  {
    id: 'search',
    label: msg`Поиск`,
    icon: Search,
    component: () => import('../search/SearchPanel'),
    query: () => import('../../__generated__/SearchPanelQuery.graphql'),
    variables: searchVariables,
    idle: msg`Введите минимум 2 буквы или цифры, чтобы найти участников, публикации, сообщества и теги.`,
  },
  {
    id: 'tag',
    label: msg`Тег`,
    icon: Hash,
    component: () => import('./publications/TagPanel'),
    query: () => import('../../__generated__/TagPanelQuery.graphql'),
    variables: tagVariables,
    idle: msg`Откройте тег (#тег) из публикации, чтобы увидеть публикации с ним.`,
    hidden: true,
  },
  {
    id: 'community',
    label: msg`Сообщество`,
    icon: UsersRound,
    component: () => import('./communities/CommunityPanel'),
    query: () => import('../../__generated__/CommunityPanelQuery.graphql'),
    variables: communityVariables,
    idle: msg`Откройте сообщество из раздела «Сообщества».`,
    hidden: true,
  },
];

/** The section an address names; an unknown or missing one is the first. */
export const socialSection = (id: string | null): SocialSection =>
  SOCIAL_SECTIONS.find((section) => section.id === id) ?? SOCIAL_SECTIONS[0]!;
