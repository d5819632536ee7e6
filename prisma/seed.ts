// Demo data for a fresh database: accounts of every role, a social graph in every state,
// conversations, publications, CMS content, plans, settings and the meeting area.
// Idempotent: does nothing when any user exists.
import { hashPassword } from '../server/src/auth/passwords';
import { directConversationKey, friendshipPairKey } from '../server/src/database/keys';
import type { PrismaClient } from '../server/src/db';
import type { Prisma } from '../server/src/generated/prisma/client';
import { DEFAULT_PLANS, PAYMENT_DETAILS_SETTING, PAYMENT_PROVIDER_URL_SETTING } from '../server/src/services/subscriptions';

export type DemoAccount = {
  email: string;
  password: string;
  role: 'user' | 'moderator' | 'admin';
  firstName: string;
  lastName: string;
  username: string;
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@linkup.ru',
    password: 'admin123',
    role: 'admin',
    firstName: 'Александр',
    lastName: 'Смирнов',
    username: 'admin',
  },
  {
    email: 'moderator@linkup.ru',
    password: 'moder123',
    role: 'moderator',
    firstName: 'Мария',
    lastName: 'Кузнецова',
    username: 'moderator',
  },
  { email: 'anna@linkup.ru', password: 'user123', role: 'user', firstName: 'Анна', lastName: 'Иванова', username: 'anna' },
  { email: 'dmitry@linkup.ru', password: 'user123', role: 'user', firstName: 'Дмитрий', lastName: 'Петров', username: 'dmitry' },
  { email: 'elena@linkup.ru', password: 'user123', role: 'user', firstName: 'Елена', lastName: 'Соколова', username: 'elena' },
  { email: 'sergey@linkup.ru', password: 'user123', role: 'user', firstName: 'Сергей', lastName: 'Волков', username: 'sergey' },
  { email: 'olga@linkup.ru', password: 'user123', role: 'user', firstName: 'Ольга', lastName: 'Морозова', username: 'olga' },
  { email: 'ivan@linkup.ru', password: 'user123', role: 'user', firstName: 'Иван', lastName: 'Новиков', username: 'ivan' },
];

type Username = 'admin' | 'moderator' | 'anna' | 'dmitry' | 'elena' | 'sergey' | 'olga' | 'ivan';
type Tx = Prisma.TransactionClient;

const PROFILES: Record<Username, Partial<Prisma.UserCreateInput>> = {
  admin: { bio: 'Администратор платформы LinkUp', status: 'На связи', location: 'Москва', website: 'https://linkup.ru' },
  moderator: { bio: 'Слежу за порядком в сообществе', status: 'Модерирую', location: 'Санкт-Петербург' },
  anna: {
    bio: 'Дизайнер интерфейсов. Люблю путешествия и фотографию.',
    status: 'В поиске вдохновения',
    location: 'Москва',
    phone: '+79161234567',
    phoneVerified: true,
    birthDate: new Date('1994-05-12'),
  },
  dmitry: { bio: 'Backend-разработчик, TypeScript и PostgreSQL', location: 'Санкт-Петербург', website: 'https://github.com' },
  elena: { bio: 'Преподаю английский онлайн', status: 'Веду урок', location: 'Казань' },
  sergey: { location: 'Новосибирск' },
  olga: { bio: 'Менеджер проектов', location: 'Екатеринбург', middleName: 'Викторовна' },
  ivan: { location: 'Нижний Новгород' },
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const daysAgo = (days: number) => minutesAgo(days * 24 * 60);
/** A @db.Date value: midnight UTC of the local calendar day `offset` days from today. */
/** A start `offset` days from today at `hour`:00 UTC (calendar events are stored in UTC). */
function calendarStart(offset: number, hour: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset, hour));
}

export async function seed(prisma: PrismaClient): Promise<void> {
  if ((await prisma.user.count()) > 0) return;
  // Hash outside the transaction: argon2 is deliberately slow.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
  await prisma.$transaction(
    async (tx) => {
      if ((await tx.user.count()) > 0) return;
      const users = await createUsers(tx, hashes);
      await createSocialGraph(tx, users);
      await createConversations(tx, users);
      await createPublications(tx, users);
      await createCommunities(tx, users);
      await createContent(tx, users);
      await createSettings(tx, users);
      await createSubscriptions(tx, users);
      await createMeetingArea(tx, users);
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

async function createUsers(tx: Tx, hashes: string[]): Promise<Record<Username, number>> {
  const ids = {} as Record<Username, number>;
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const username = account.username as Username;
    const user = await tx.user.create({
      data: {
        username,
        email: account.email.toLowerCase(),
        passwordHash: hashes[index]!,
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        createdAt: daysAgo(60 - index * 5),
        lastLogin: index < 5 ? minutesAgo(30 * (index + 1)) : null,
        ...PROFILES[username],
      },
      select: { id: true },
    });
    ids[username] = user.id;
  }
  return ids;
}

async function createSocialGraph(tx: Tx, u: Record<Username, number>) {
  const friendship = (
    requester: Username,
    addressee: Username,
    status: 'pending' | 'accepted' | 'blocked',
    days: number,
    blockedBy?: Username,
  ): Prisma.FriendshipCreateManyInput => ({
    pairKey: friendshipPairKey(u[requester], u[addressee]),
    requesterId: u[requester],
    addresseeId: u[addressee],
    status,
    blockedById: blockedBy ? u[blockedBy] : null,
    createdAt: daysAgo(days),
  });
  await tx.friendship.createMany({
    data: [
      friendship('admin', 'moderator', 'accepted', 40),
      friendship('anna', 'admin', 'accepted', 30),
      friendship('anna', 'dmitry', 'accepted', 25),
      friendship('elena', 'anna', 'accepted', 20),
      friendship('dmitry', 'elena', 'accepted', 15),
      friendship('olga', 'moderator', 'accepted', 12),
      friendship('sergey', 'anna', 'pending', 2),
      friendship('olga', 'anna', 'pending', 1),
      friendship('ivan', 'admin', 'pending', 3),
      friendship('elena', 'sergey', 'pending', 4),
      friendship('ivan', 'dmitry', 'blocked', 10, 'dmitry'),
    ],
  });
  await tx.userFollow.createMany({
    data: [
      { followerId: u.anna, followeeId: u.admin },
      { followerId: u.dmitry, followeeId: u.anna },
      { followerId: u.elena, followeeId: u.anna },
      { followerId: u.sergey, followeeId: u.anna },
      { followerId: u.olga, followeeId: u.moderator },
    ],
  });
}

async function createConversations(tx: Tx, u: Record<Username, number>) {
  // [sender, text, minutes ago]; `readUpTo` = how many messages each side has read.
  const threads: {
    a: Username;
    b: Username;
    messages: [Username, string, number][];
    readUpTo: Partial<Record<Username, number>>;
  }[] = [
    {
      a: 'anna',
      b: 'dmitry',
      messages: [
        ['anna', 'Привет, Дима! Как продвигается проект?', 180],
        ['dmitry', 'Привет! Почти закончил API, осталось написать тесты.', 170],
        ['dmitry', 'Кстати, созвонимся завтра в 10:00?', 40],
        ['dmitry', 'Скину ссылку на комнату в календаре.', 38],
      ],
      readUpTo: { anna: 2, dmitry: 4 },
    },
    {
      a: 'admin',
      b: 'moderator',
      messages: [
        ['admin', 'Мария, проверь, пожалуйста, новые жалобы.', 300],
        ['moderator', 'Уже разобралась, всё в порядке.', 290],
      ],
      readUpTo: { admin: 2, moderator: 2 },
    },
    {
      a: 'anna',
      b: 'elena',
      messages: [['anna', 'Лена, спасибо за урок! Когда следующий?', 15]],
      readUpTo: { anna: 1, elena: 0 },
    },
  ];

  for (const thread of threads) {
    const lastAt = minutesAgo(thread.messages.at(-1)![2]);
    const conversation = await tx.conversation.create({
      data: {
        directKey: directConversationKey(u[thread.a], u[thread.b]),
        createdAt: minutesAgo(thread.messages[0]![2]),
        lastMessageAt: lastAt,
      },
      select: { id: true },
    });
    const messageIds: number[] = [];
    for (const [sender, content, ago] of thread.messages) {
      const message = await tx.message.create({
        data: { conversationId: conversation.id, senderId: u[sender], content, createdAt: minutesAgo(ago) },
        select: { id: true },
      });
      messageIds.push(message.id);
    }
    await tx.conversationParticipant.createMany({
      data: [thread.a, thread.b].map((member) => {
        const read = thread.readUpTo[member] ?? 0;
        return {
          conversationId: conversation.id,
          userId: u[member],
          lastReadMessageId: read > 0 ? messageIds[read - 1]! : null,
        };
      }),
    });
  }
}

async function createPublications(tx: Tx, u: Record<Username, number>) {
  await tx.mapProvider.createMany({
    data: [
      { key: 'openstreetmap', name: 'OpenStreetMap', description: 'Открытая карта мира', isDefault: true, position: 0 },
      { key: 'google', name: 'Google Maps', description: 'Карты Google', position: 1 },
      { key: 'yandex', name: 'Яндекс Карты', description: 'Карты Яндекса', position: 2 },
    ],
  });

  const posts: {
    author: Username;
    content: string;
    hoursAgo: number;
    place?: { latitude: number; longitude: number; address: string; mapProvider: string };
    likes: Username[];
    comments: [Username, string][];
  }[] = [
    {
      author: 'admin',
      content: 'Добро пожаловать в LinkUp! Делитесь новостями, находите друзей и проводите встречи прямо на платформе.',
      hoursAgo: 72,
      likes: ['anna', 'dmitry', 'elena', 'moderator'],
      comments: [['anna', 'Отличная платформа, спасибо!']],
    },
    {
      author: 'anna',
      content: 'Утренняя прогулка по Красной площади. Москва сегодня особенно красивая!',
      hoursAgo: 26,
      place: { latitude: 55.75393, longitude: 37.620795, address: 'Красная площадь, Москва', mapProvider: 'openstreetmap' },
      likes: ['dmitry', 'elena', 'admin'],
      comments: [
        ['dmitry', 'Какая красота!'],
        ['elena', 'Хочу туда весной.'],
      ],
    },
    {
      author: 'dmitry',
      content: 'Наконец-то дошёл до Эрмитажа. Рекомендую выделить на него целый день.',
      hoursAgo: 12,
      place: {
        latitude: 59.939832,
        longitude: 30.314559,
        address: 'Дворцовая площадь, 2, Санкт-Петербург',
        mapProvider: 'yandex',
      },
      likes: ['anna'],
      comments: [['anna', 'Обязательно схожу!']],
    },
    {
      author: 'elena',
      content: 'Запускаю разговорный клуб английского языка по пятницам. Присоединяйтесь в разделе видеозвонков!',
      hoursAgo: 5,
      likes: ['anna', 'olga'],
      comments: [],
    },
    {
      author: 'anna',
      content: 'Собираю подборку лучших приложений для дизайнеров. Что посоветуете?',
      hoursAgo: 1,
      likes: [],
      comments: [['olga', 'Попробуй Figma и Penpot.']],
    },
  ];

  for (const post of posts) {
    const createdAt = minutesAgo(post.hoursAgo * 60);
    await tx.publication.create({
      data: {
        authorId: u[post.author],
        content: post.content,
        ...post.place,
        createdAt,
        likes: { create: post.likes.map((liker) => ({ userId: u[liker], createdAt })) },
        comments: {
          create: post.comments.map(([author, content], index) => ({
            authorId: u[author],
            content,
            createdAt: new Date(createdAt.getTime() + (index + 1) * 20 * 60_000),
          })),
        },
      },
    });
  }

  await tx.locationReview.createMany({
    data: [
      {
        authorId: u.elena,
        latitude: 55.75393,
        longitude: 37.620795,
        rating: 5,
        text: 'Обязательно к посещению, особенно вечером.',
      },
      { authorId: u.dmitry, latitude: 55.75393, longitude: 37.620795, rating: 4, text: 'Красиво, но очень много туристов.' },
      { authorId: u.anna, latitude: 59.939832, longitude: 30.314559, rating: 5, text: 'Один из лучших музеев мира.' },
    ],
  });
}

/**
 * Three communities (issue 21 point 3): two open, one by request with a pending request, each with a
 * publication older than the feed's first ones, so the seeded feeds still open on the same items.
 */
async function createCommunities(tx: Tx, u: Record<Username, number>) {
  const communities: {
    name: string;
    description: string;
    joinPolicy: 'open' | 'by_request';
    owner: Username;
    moderators: Username[];
    members: Username[];
    requests: Username[];
    post: [Username, string, number];
  }[] = [
    {
      name: 'Путешествия по России',
      description: 'Маршруты, советы и фотографии из поездок по стране.',
      joinPolicy: 'open',
      owner: 'anna',
      moderators: ['dmitry'],
      members: ['elena'],
      requests: [],
      post: ['dmitry', 'Кто был на Байкале зимой? Планирую поездку в феврале.', 40],
    },
    {
      name: 'Английский по пятницам',
      description: 'Разговорный клуб: участников принимает организатор.',
      joinPolicy: 'by_request',
      owner: 'elena',
      moderators: [],
      members: ['olga', 'anna'],
      requests: ['dmitry'],
      post: ['olga', 'Тема этой пятницы: любимые книги детства.', 44],
    },
    {
      name: 'Дизайнеры LinkUp',
      description: 'Интерфейсы, шрифты и инструменты.',
      joinPolicy: 'open',
      owner: 'olga',
      moderators: [],
      members: ['anna'],
      requests: [],
      post: ['olga', 'Поделитесь любимыми сочетаниями шрифтов.', 50],
    },
  ];
  for (const community of communities) {
    const members = [
      { userId: u[community.owner], role: 'owner' as const },
      ...community.moderators.map((name) => ({ userId: u[name], role: 'moderator' as const })),
      ...community.members.map((name) => ({ userId: u[name], role: 'member' as const })),
    ];
    const [author, content, hoursAgo] = community.post;
    await tx.community.create({
      data: {
        name: community.name,
        description: community.description,
        joinPolicy: community.joinPolicy,
        createdById: u[community.owner],
        membersCount: members.length,
        members: { create: members },
        joinRequests: { create: community.requests.map((name) => ({ userId: u[name] })) },
        publications: { create: { authorId: u[author], content, createdAt: minutesAgo(hoursAgo * 60) } },
      },
    });
  }
}

async function createContent(tx: Tx, u: Record<Username, number>) {
  const news = await tx.category.create({
    data: { name: 'Новости', slug: 'news', description: 'Новости платформы LinkUp' },
  });
  const guides = await tx.category.create({
    data: { name: 'Руководства', slug: 'guides', description: 'Как пользоваться возможностями платформы' },
  });
  await tx.category.create({ data: { name: 'О компании', slug: 'company', description: 'Информационные страницы' } });

  const tagNames = ['платформа', 'видеозвонки', 'советы', 'релиз', 'сообщество'];
  const tags: Record<string, number> = {};
  for (const name of tagNames) tags[name] = (await tx.tag.create({ data: { name } })).id;

  const items: Prisma.ContentItemCreateInput[] = [
    {
      title: 'Добро пожаловать в LinkUp',
      slug: 'welcome-to-linkup',
      content:
        'LinkUp объединяет социальную сеть, видеозвонки и управление контентом. Создайте профиль, найдите друзей и начните общаться.',
      excerpt: 'Коротко о возможностях платформы',
      contentType: 'post',
      status: 'published',
      publishedAt: daysAgo(20),
      createdAt: daysAgo(20),
      views: 154,
      category: { connect: { id: news.id } },
      author: { connect: { id: u.admin } },
      tags: { create: [{ tagId: tags['платформа']! }, { tagId: tags['сообщество']! }] },
    },
    {
      title: 'Как провести видеоконференцию',
      slug: 'how-to-run-a-video-conference',
      content:
        'Откройте раздел видеозвонков, создайте комнату в классе и пригласите участников. Во время звонка доступны чат, голосовые сообщения и демонстрация экрана.',
      excerpt: 'Пошаговое руководство по групповым звонкам',
      contentType: 'article',
      status: 'published',
      publishedAt: daysAgo(10),
      createdAt: daysAgo(10),
      views: 87,
      category: { connect: { id: guides.id } },
      author: { connect: { id: u.moderator } },
      tags: { create: [{ tagId: tags['видеозвонки']! }, { tagId: tags['советы']! }] },
    },
    {
      title: 'О платформе',
      slug: 'about',
      content: 'LinkUp: социальная сеть, видеозвонки и система управления контентом в одном месте.',
      contentType: 'page',
      status: 'published',
      publishedAt: daysAgo(30),
      createdAt: daysAgo(30),
      views: 42,
      author: { connect: { id: u.admin } },
    },
    {
      title: 'Планы на следующий релиз',
      slug: 'next-release-plans',
      content: 'Сообщества, закладки и обмен файлами появятся в следующих версиях.',
      excerpt: 'Черновик анонса',
      contentType: 'post',
      status: 'draft',
      createdAt: daysAgo(2),
      category: { connect: { id: news.id } },
      author: { connect: { id: u.admin } },
      tags: { create: [{ tagId: tags['релиз']! }] },
    },
    {
      title: 'Старые правила сообщества',
      slug: 'old-community-rules',
      content: 'Эта версия правил больше не действует.',
      contentType: 'page',
      status: 'archived',
      createdAt: daysAgo(90),
      views: 12,
      author: { connect: { id: u.moderator } },
      tags: { create: [{ tagId: tags['сообщество']! }] },
    },
  ];
  items.push({
    title: 'Пять советов для удобной работы в LinkUp',
    slug: 'five-tips-for-linkup',
    content:
      '<h2>Коротко</h2><p>Несколько приёмов, которые экономят время каждый день.</p><ol><li>Закрепите важные беседы.</li><li>Используйте голосовые сообщения в комнатах.</li><li>Заполните профиль: так вас проще найти.</li><li>Делитесь местом в публикациях.</li><li>Планируйте встречи в календаре.</li></ol><blockquote><p>Вопросы можно задать в поддержке.</p></blockquote>',
    excerpt: 'Полезные приёмы на каждый день',
    contentType: 'article',
    status: 'published',
    publishedAt: daysAgo(5),
    createdAt: daysAgo(5),
    views: 23,
    category: { connect: { id: guides.id } },
    author: { connect: { id: u.admin } },
    tags: { create: [{ tagId: tags['советы']! }, { tagId: tags['платформа']! }] },
  });
  for (const data of items) {
    // Bodies are HTML, as the editor stores them; each item starts with its first version.
    const body = data.content.startsWith('<') ? data.content : `<p>${data.content}</p>`;
    const item = await tx.contentItem.create({ data: { ...data, content: body }, include: { tags: true } });
    await tx.contentVersion.create({
      data: {
        contentId: item.id,
        editorId: item.authorId,
        title: item.title,
        slug: item.slug,
        content: item.content,
        excerpt: item.excerpt,
        contentType: item.contentType,
        status: item.status,
        categoryId: item.categoryId,
        tagIds: item.tags.map((tag) => tag.tagId),
        createdAt: item.createdAt,
      },
    });
  }
}

async function createSettings(tx: Tx, u: Record<Username, number>) {
  await tx.systemSetting.createMany({
    data: [
      { key: 'site_name', value: 'LinkUp', description: 'Название сайта' },
      { key: 'site_description', value: 'Социальная сеть, видеозвонки и управление контентом', description: 'Описание сайта' },
      { key: 'default_language', value: 'ru', description: 'Язык по умолчанию (ru, en, fr)' },
      { key: 'registration_enabled', value: 'true', description: 'Разрешить регистрацию новых пользователей' },
      { key: 'max_upload_size_mb', value: '10', description: 'Максимальный размер загружаемого фото, МБ' },
      { key: 'support_email', value: 'support@linkup.ru', description: 'Адрес службы поддержки' },
      { key: 'maintenance_mode', value: 'false', description: 'Режим обслуживания' },
    ],
  });
  await tx.meetingSetting.createMany({
    data: [
      { key: 'group_video_calls_enabled', value: 'true', description: 'Групповые видеозвонки включены' },
      { key: 'max_group_call_participants', value: '10', description: 'Максимум участников группового звонка' },
      { key: 'video_call_quality', value: 'HD', description: 'Качество видео по умолчанию' },
    ],
  });
  await tx.meetingParticipantPlan.create({ data: { plan: 'basic', changedById: u.admin } });
  await tx.module.createMany({
    data: [
      {
        name: 'ZoomVisor',
        description: 'Видеозвонки, групповые комнаты, классы и календарь встреч',
        moduleType: 'video_calls',
        status: 'active',
      },
      { name: 'Социальная сеть', description: 'Публикации, контакты и сообщения', moduleType: 'social', status: 'active' },
      {
        name: 'CMS',
        description: 'Управление контентом: записи, страницы, категории и теги',
        moduleType: 'content',
        status: 'active',
      },
      { name: 'Сообщества', description: 'Группы по интересам (в разработке)', moduleType: 'social', status: 'inactive' },
    ],
  });
  // A mail and a landing template come with the migrations (20261125210000_default_templates).
  await tx.stylesheet.createMany({
    data: [
      {
        name: 'Основные стили',
        content: ':root { --color-primary: #2563eb; }\nbody { font-family: Inter, sans-serif; }',
        variables: { primary: '#2563eb', radius: '8px' },
        isActive: true,
      },
      { name: 'Печать', content: '@media print { nav, footer { display: none; } }', isCompressed: true },
    ],
  });
  // The light and dark themes come with the migrations (20261125204500_default_themes).
  await tx.landingPage.create({
    data: {
      title: 'LinkUp',
      subtitle: 'Социальная сеть, видеозвонки и управление контентом',
      description: 'Делитесь контактами, публикуйте контент и проводите встречи. Ваш профиль — ваша визитная карточка.',
      features: [
        'Профиль как визитная карточка',
        'Публикации с фото, видео и местом',
        'Видеозвонки и групповые комнаты',
        'Управление контентом',
      ],
    },
  });
  await tx.supportMessage.create({
    data: {
      userId: u.sergey,
      subject: 'Не приходит SMS с кодом',
      content: 'Здравствуйте! Пытаюсь подтвердить номер телефона, но код подтверждения не приходит уже полчаса. Что делать?',
      createdAt: minutesAgo(90),
    },
  });
}

async function createSubscriptions(tx: Tx, u: Record<Username, number>) {
  await tx.subscriptionPlan.createMany({ data: DEFAULT_PLANS });
  const plans = await tx.subscriptionPlan.findMany({ select: { id: true, key: true } });
  const planId = (key: string) => plans.find((plan) => plan.key === key)!.id;
  const [basic, professional] = [{ id: planId('basic') }, { id: planId('professional') }];
  await tx.systemSetting.createMany({
    data: [
      {
        key: PAYMENT_DETAILS_SETTING,
        value: 'ООО «ЛинкАп», ИНН 7700000000, р/с 40702810000000000000, БИК 044525000',
        description: 'Реквизиты для оплаты подписок (перевод, QR-код)',
      },
      { key: PAYMENT_PROVIDER_URL_SETTING, value: '', description: 'Страница оплаты картой у платёжного провайдера' },
    ],
    skipDuplicates: true,
  });

  await tx.userSubscription.createMany({
    data: [
      {
        userId: u.olga,
        planId: professional.id,
        status: 'active',
        paymentMethod: 'card',
        contact: { firstName: 'Ольга', lastName: 'Морозова', email: 'olga@linkup.ru', phone: '+79031112233' },
        activatedAt: daysAgo(7),
        expiresAt: daysAgo(-23),
        createdAt: daysAgo(8),
      },
      {
        userId: u.sergey,
        planId: basic.id,
        status: 'pending',
        paymentMethod: 'transfer',
        contact: { firstName: 'Сергей', lastName: 'Волков', email: 'sergey@linkup.ru', phone: '' },
        createdAt: daysAgo(1),
      },
    ],
  });
  await tx.subscriptionGroup.create({
    data: {
      name: 'Команда разработки',
      planId: professional.id,
      createdById: u.admin,
      members: { create: [{ userId: u.dmitry }, { userId: u.elena }, { userId: u.anna }] },
    },
  });
}

async function createMeetingArea(tx: Tx, u: Record<Username, number>) {
  const webClass = await tx.meetingClass.create({
    data: {
      name: 'Веб-разработка',
      description: 'Лекции и практикумы по современной веб-разработке',
      maxRooms: 10,
      allowUserCreateRooms: true,
      createdById: u.admin,
      members: {
        create: [
          { userId: u.admin, role: 'admin' },
          { userId: u.moderator, role: 'moderator' },
          { userId: u.anna, role: 'member' },
          { userId: u.dmitry, role: 'member' },
          { userId: u.ivan, role: 'guest' },
        ],
      },
    },
  });
  const lecture = await tx.room.create({
    data: { name: 'Лекция: React и Relay', type: 'lecture', maxParticipants: 30, classId: webClass.id, createdById: u.admin },
  });
  const workshop = await tx.room.create({
    data: { name: 'Практикум', type: 'study', maxParticipants: 10, classId: webClass.id, createdById: u.moderator },
  });
  const languageClass = await tx.meetingClass.create({
    data: {
      name: 'Английский язык',
      description: 'Разговорный клуб',
      isPrivate: true,
      maxRooms: 3,
      createdById: u.elena,
      members: {
        create: [
          { userId: u.elena, role: 'admin' },
          { userId: u.anna, role: 'member' },
          { userId: u.olga, role: 'member' },
        ],
      },
    },
  });
  await tx.room.create({
    data: { name: 'Разговорный клуб', type: 'meeting', maxParticipants: 8, classId: languageClass.id, createdById: u.elena },
  });
  await tx.room.create({ data: { name: 'Общая комната', type: 'group', maxParticipants: 10, createdById: u.admin } });

  await tx.roomChatMessage.createMany({
    data: [
      { roomId: lecture.id, senderId: u.admin, type: 'text', content: 'Начинаем через пять минут.', createdAt: minutesAgo(65) },
      { roomId: lecture.id, senderId: u.anna, type: 'text', content: 'Уже подключилась!', createdAt: minutesAgo(63) },
      {
        roomId: lecture.id,
        senderId: u.dmitry,
        type: 'contact_card',
        contactCard: { id: u.elena, name: 'Елена Соколова', username: 'elena', email: 'elena@linkup.ru', avatar: null },
        recipients: [u.anna],
        createdAt: minutesAgo(60),
      },
    ],
  });

  const quiz = await tx.activity.create({
    data: { name: 'Викторина по JavaScript', type: 'quiz', description: 'Проверьте свои знания языка', maxParticipants: 10 },
  });
  await tx.quizQuestion.createMany({
    data: [
      {
        activityId: quiz.id,
        question: 'Что вернёт typeof null?',
        type: 'multiple',
        options: ['"null"', '"object"', '"undefined"'],
        correctIndex: 1,
        position: 0,
      },
      {
        activityId: quiz.id,
        question: 'Какой метод добавляет элемент в конец массива?',
        type: 'multiple',
        options: ['push', 'shift', 'concat'],
        correctIndex: 0,
        position: 1,
      },
      {
        activityId: quiz.id,
        question: 'Как называется формат обмена данными, основанный на синтаксисе объектов JavaScript?',
        type: 'text',
        answer: 'JSON',
        position: 2,
      },
    ],
  });
  await tx.activity.createMany({
    data: [
      { name: 'Совместное рисование', type: 'drawing', description: 'Общая доска для рисования', maxParticipants: 6 },
      {
        name: 'Мини-игры',
        type: 'games',
        description: 'Цепочка слов, угадай число, викторина, история из эмодзи',
        maxParticipants: 8,
      },
      { name: 'Презентация', type: 'presentation', description: 'Показ слайдов участникам комнаты', maxParticipants: 50 },
    ],
  });

  await tx.calendarEvent.create({
    data: {
      ownerId: u.admin,
      title: 'Планёрка команды',
      description: 'Еженедельная встреча команды разработки',
      startsAt: calendarStart(0, 10),
      durationMinutes: 60,
      type: 'meeting',
      location: workshop.name,
      roomId: workshop.id,
      participants: { create: [{ userId: u.moderator }, { userId: u.anna }, { userId: u.dmitry }] },
    },
  });
  await tx.calendarEvent.create({
    data: {
      ownerId: u.admin,
      title: 'Презентация нового релиза',
      description: 'Показываем новые возможности платформы',
      startsAt: calendarStart(3, 15),
      durationMinutes: 90,
      type: 'presentation',
      location: 'Конференц-зал',
      participants: { create: [{ userId: u.moderator }, { userId: u.elena }] },
    },
  });
}
