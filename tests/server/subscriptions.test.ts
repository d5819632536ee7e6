import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { JOIN_ROOM, quickMember, roomGlobalId, type Member } from './meetingSupport';
import { parse, subscribe, type ExecutionResult } from 'graphql';
import { sweepSubscriptions } from '../../server/src/services/subscriptions';
import { schema } from '../../server/src/schema';
import { buildContext } from '../../server/src/graphql';

/**
 * Subscription plans end to end on the server: plans as data, requests and their states (pending,
 * active, inactive, expired), admin-only changes (audited, the member told), and room sizes that
 * follow the member's plan.
 */
let app: TestApp;
let admin: Member;
beforeAll(async () => {
  app = await createTestApp({ meshMaxParticipants: 20 });
  admin = await quickMember(app.services, 'Админ');
  await app.services.prisma.user.update({ where: { id: admin.id }, data: { role: 'admin' } });
});
afterAll(() => app?.dispose());

const rest = async (method: string, url: string, member?: Member, json?: unknown, locale = 'ru') => {
  const response = await app.request(method, url, { token: member?.token, json, headers: { 'accept-language': locale } });
  return { status: response.status, body: await response.json() };
};

const subscribeBody = (paymentMethod = 'transfer', info: Record<string, string> = {}) => ({
  plan_id: 'basic',
  payment_method: paymentMethod,
  user_info: { firstName: 'Анна', lastName: 'Смирнова', email: 'anna@example.ru', phone: '', ...info },
});

const outboxMails = () => {
  const dir = path.join(app.dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')) : [];
};

describe('plans', () => {
  it('answers the spec defaults keyed by plan id, without a token', async () => {
    const { status, body } = await rest('GET', '/zoomvisor/subscription-plans');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['free', 'basic', 'professional', 'enterprise']);
    expect(body.basic).toMatchObject({ id: 'basic', price: 5400, max_participants: 200 });
    expect(body.professional).toMatchObject({ price: 12400, max_participants: 500 });
    expect(body.enterprise).toMatchObject({ price: 22000, max_participants: 1000 });
    expect(body.enterprise.features).toContain('support_24_7');
    expect(body.basic.features).toContain('recording');
    expect(body.basic.features).not.toContain('cloud_storage');
    expect(body.free).toMatchObject({ price: 0, max_participants: 50 });
    // The API prefix serves the same.
    expect((await rest('GET', '/api/zoomvisor/subscription-plans')).body.free.max_participants).toBe(50);
  });

  it('names and describes the plans in the reader’s language, each language’s own texts alongside', async () => {
    const plansIn = async (locale: string) =>
      (await rest('GET', '/zoomvisor/subscription-plans', undefined, undefined, locale)).body;
    expect((await plansIn('ru')).basic).toMatchObject({ name: 'Базовый', description: 'Для небольших команд' });
    expect((await plansIn('en')).basic).toMatchObject({
      name: 'Basic',
      description: 'For small teams',
      name_ru: 'Базовый',
      name_en: 'Basic',
      name_fr: 'Basique',
      description_ru: 'Для небольших команд',
      description_en: 'For small teams',
      description_fr: 'Pour les petites équipes',
    });
    expect((await plansIn('fr-FR,fr;q=0.9')).professional).toMatchObject({ name: 'Professionnel' });

    // GraphQL (the plans page, the admin lists) and the member's own plan (the header badge) too.
    const member = await quickMember(app.services);
    const query = `{ subscriptionPlans { planId name description } mySubscription { plan { name } } }`;
    const asked = async (locale: string) =>
      (await app.graphql(query, {}, { token: member.token, headers: { 'accept-language': locale } })).data;
    const english = await asked('en');
    expect(english.subscriptionPlans.map((plan: { name: string }) => plan.name)).toEqual([
      'Free',
      'Basic',
      'Professional',
      'Enterprise',
    ]);
    expect(english.mySubscription.plan.name).toBe('Free');
    expect((await asked('fr')).mySubscription.plan.name).toBe('Gratuit');
    expect((await asked('ru')).mySubscription.plan.name).toBe('Бесплатный');

    // A language without its own text shows the Russian one.
    await app.services.prisma.subscriptionPlan.update({
      where: { key: 'enterprise' },
      data: { nameFr: null, descriptionFr: null },
    });
    try {
      expect((await plansIn('fr')).enterprise).toMatchObject({
        name: 'Корпоративный',
        description: 'Для крупных организаций, более 500 участников',
        name_fr: null,
      });
    } finally {
      await app.services.prisma.subscriptionPlan.update({
        where: { key: 'enterprise' },
        data: { nameFr: 'Entreprise', descriptionFr: 'Pour les grandes organisations, plus de 500 participants' },
      });
    }
  });
});

describe('an admin edits a plan', () => {
  const UPDATE_PLAN = /* GraphQL */ `
    mutation ($input: UpdateSubscriptionPlanInput!) {
      updateSubscriptionPlan(input: $input) {
        __typename
        ... on SubscriptionPlan {
          planId
          name
          price
          maxParticipants
          storageQuotaMb
          features
        }
        ... on Error {
          message
        }
        ... on ValidationError {
          fieldErrors {
            path
            message
          }
        }
      }
    }
  `;
  const update = (input: Record<string, unknown>, member: Member = admin, locale = 'ru') =>
    app.graphql(UPDATE_PLAN, { input }, { token: member.token, headers: { 'accept-language': locale } });

  it('changes price, limits and features (audited); the plans page and the room limit follow at once', async () => {
    const before = await app.services.prisma.subscriptionPlan.findUniqueOrThrow({ where: { key: 'basic' } });
    try {
      const { data } = await update({
        planId: 'basic',
        name: 'Базовый+',
        price: 5900,
        maxParticipants: 250,
        storageQuotaMb: 2048,
        // Given in any order, kept in the canonical one.
        features: ['RECORDING', 'TEXT_CHAT', 'CLOUD_STORAGE'],
      });
      expect(data.updateSubscriptionPlan).toEqual({
        __typename: 'SubscriptionPlan',
        planId: 'basic',
        name: 'Базовый+',
        price: 5900,
        maxParticipants: 250,
        storageQuotaMb: 2048,
        features: ['text_chat', 'recording', 'cloud_storage'],
      });
      const plans = (await rest('GET', '/zoomvisor/subscription-plans')).body;
      expect(plans.basic).toMatchObject({ name: 'Базовый+', price: 5900, max_participants: 250 });
      // The refusal of a free member's big room names the edited plan as the one that lifts it.
      const member = await quickMember(app.services);
      const refused = await app.graphql(
        `mutation { createRoom(input: { name: "Большая", maxParticipants: 60 }) { __typename ... on Error { message } } }`,
        {},
        { token: member.token },
      );
      expect(refused.data.createRoom.message).toContain('«Базовый+»');

      const [entry] = await app.services.prisma.auditEntry.findMany({
        where: { action: 'plan.update', targetId: String(before.id) },
        orderBy: { id: 'desc' },
        take: 1,
      });
      expect(entry).toMatchObject({ actorId: admin.id, before: { price: 5400 }, after: { price: 5900, maxParticipants: 250 } });
    } finally {
      const { id: _id, createdAt: _createdAt, features, ...fields } = before;
      await app.services.prisma.subscriptionPlan.update({
        where: { key: 'basic' },
        data: { ...fields, features: features ?? [] },
      });
    }
  });

  it('sets the English and French texts; a blank one falls back to Russian; audited', async () => {
    const before = await app.services.prisma.subscriptionPlan.findUniqueOrThrow({ where: { key: 'basic' } });
    const TEXTS = `{ subscriptionPlans { planId name description nameRu nameEn nameFr descriptionEn descriptionFr } }`;
    const basicIn = async (locale: string) =>
      (await app.graphql(TEXTS, {}, { headers: { 'accept-language': locale } })).data.subscriptionPlans.find(
        (plan: { planId: string }) => plan.planId === 'basic',
      );
    try {
      const { data } = await update(
        { planId: 'basic', nameEn: '  Starter ', nameFr: ' ', descriptionEn: 'For teams', descriptionFr: '' },
        admin,
        'en',
      );
      expect(data.updateSubscriptionPlan).toMatchObject({ __typename: 'SubscriptionPlan', name: 'Starter' });
      expect(await basicIn('en')).toEqual({
        planId: 'basic',
        name: 'Starter',
        description: 'For teams',
        nameRu: 'Базовый',
        nameEn: 'Starter',
        nameFr: null,
        descriptionEn: 'For teams',
        descriptionFr: null,
      });
      expect(await basicIn('fr')).toMatchObject({ name: 'Базовый', description: 'Для небольших команд' });
      expect(await basicIn('ru')).toMatchObject({ name: 'Базовый' });
      // Left out: kept.
      await update({ planId: 'basic', price: 5500 });
      expect(await basicIn('en')).toMatchObject({ name: 'Starter', description: 'For teams' });

      const [entry] = await app.services.prisma.auditEntry.findMany({
        where: { action: 'plan.update', targetId: String(before.id) },
        orderBy: { id: 'desc' },
        skip: 1,
        take: 1,
      });
      expect(entry).toMatchObject({ before: { nameEn: 'Basic', nameFr: 'Basique' }, after: { nameEn: 'Starter', nameFr: null } });
    } finally {
      const { id: _id, createdAt: _createdAt, features, ...fields } = before;
      await app.services.prisma.subscriptionPlan.update({
        where: { key: 'basic' },
        data: { ...fields, features: features ?? [] },
      });
    }
  });

  it('refuses texts longer than the Russian ones may be, in the admin’s language', async () => {
    const fieldErrors = async (input: Record<string, unknown>, locale: string) =>
      (await update({ planId: 'basic', ...input }, admin, locale)).data.updateSubscriptionPlan.fieldErrors;
    expect(await fieldErrors({ nameEn: 'x'.repeat(101) }, 'en')).toEqual([
      { path: ['nameEn'], message: 'At most 100 characters' },
    ]);
    expect(await fieldErrors({ nameFr: 'x'.repeat(101), descriptionFr: 'y'.repeat(501) }, 'fr')).toEqual([
      { path: ['nameFr'], message: '100 caractères maximum' },
      { path: ['descriptionFr'], message: '500 caractères maximum' },
    ]);
    expect(await fieldErrors({ descriptionEn: 'y'.repeat(501) }, 'ru')).toEqual([
      { path: ['descriptionEn'], message: 'Не более 500 символов' },
    ]);
    expect(await app.services.prisma.subscriptionPlan.findUniqueOrThrow({ where: { key: 'basic' } })).toMatchObject({
      nameEn: 'Basic',
      nameFr: 'Basique',
    });
  });

  it('refuses a member, an unknown plan, a price on the free plan or none on a paid one, numbers out of range', async () => {
    const member = await quickMember(app.services);
    expect((await update({ planId: 'basic', price: 1 }, member)).data.updateSubscriptionPlan.__typename).toBe('ForbiddenError');
    expect((await update({ planId: 'gold', price: 1 })).data.updateSubscriptionPlan).toMatchObject({
      __typename: 'NotFoundError',
    });
    const fieldErrors = async (input: Record<string, unknown>, locale = 'ru') =>
      (await update({ planId: 'basic', ...input }, admin, locale)).data.updateSubscriptionPlan.fieldErrors;
    expect(await fieldErrors({ planId: 'free', price: 100 })).toEqual([
      { path: ['price'], message: 'Бесплатный план остаётся бесплатным' },
    ]);
    expect(await fieldErrors({ price: 0 }, 'en')).toEqual([{ path: ['price'], message: 'A paid plan needs a price above 0' }]);
    expect(await fieldErrors({ maxParticipants: 1 })).toEqual([
      { path: ['maxParticipants'], message: 'Участников: целое число от 2 до 100 000' },
    ]);
    expect(await fieldErrors({ storageQuotaMb: -5, name: ' ' }, 'fr')).toEqual(
      expect.arrayContaining([
        { path: ['storageQuotaMb'], message: 'Stockage : un nombre entier de Mo de 0 à 104 857 600' },
        { path: ['name'], message: 'Saisissez le nom de la formule' },
      ]),
    );
    // Nothing changed.
    expect(await app.services.prisma.subscriptionPlan.findUniqueOrThrow({ where: { key: 'basic' } })).toMatchObject({
      price: 5400,
      maxParticipants: 200,
    });
  });
});

describe('a request and its states', () => {
  it('is pending after the request, mails the payment details for transfer, and answers my-subscription', async () => {
    const member = await quickMember(app.services);
    expect((await rest('GET', '/zoomvisor/my-subscription', member)).body).toMatchObject({
      plan_id: 'free',
      subscription: null,
    });
    await app.services.prisma.systemSetting.upsert({
      where: { key: 'payment_details' },
      create: { key: 'payment_details', value: 'Р/с 40702810000000000001' },
      update: { value: 'Р/с 40702810000000000001' },
    });
    const { status, body } = await rest('POST', '/zoomvisor/subscribe/basic', member, subscribeBody());
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, subscription: { plan_id: 'basic', status: 'pending', active: false } });
    await app.services.background.drain();
    expect(outboxMails().some((mail) => mail.includes('To: anna@example.ru') && mail.includes('40702810000000000001'))).toBe(
      true,
    );
    const mine = (await rest('GET', '/zoomvisor/my-subscription', member)).body;
    expect(mine).toMatchObject({ plan_id: 'free', subscription: { plan_id: 'basic', status: 'pending' } });

    // A second pending request for the same plan: 409 with the existing one.
    const again = await rest('POST', '/zoomvisor/subscribe/basic', member, subscribeBody('qr'));
    expect(again.status).toBe(409);
    expect(again.body.existing).toMatchObject({ id: body.subscription.id, status: 'pending' });
  });

  it('names the plan in the member’s language in the payment details and their mail', async () => {
    const member = await quickMember(app.services);
    const info = { email: 'jane@example.org' };
    const { body } = await rest('POST', '/zoomvisor/subscribe/professional', member, subscribeBody('transfer', info), 'en');
    expect(body.payment_details).toContain('"Professional" subscription');
    expect(body.subscription.plan_name).toBe('Professional');
    await app.services.background.drain();
    const mail = outboxMails().find((text) => text.includes('To: jane@example.org'));
    expect(mail).toContain('the "Professional" plan');
  });

  it('refuses an unknown plan (404), a bad payment method and missing name or email (400), the free plan', async () => {
    const member = await quickMember(app.services);
    expect((await rest('POST', '/zoomvisor/subscribe/gold', member, subscribeBody())).status).toBe(404);
    const badMethod = await rest('POST', '/zoomvisor/subscribe/basic', member, subscribeBody('cash'), 'en');
    expect(badMethod).toMatchObject({ status: 400, body: { detail: 'Payment method: card, transfer or qr' } });
    const noName = await rest('POST', '/zoomvisor/subscribe/basic', member, subscribeBody('card', { firstName: ' ' }), 'en');
    expect(noName).toMatchObject({ status: 400, body: { detail: 'Enter your first name' } });
    const noEmail = await rest('POST', '/zoomvisor/subscribe/basic', member, subscribeBody('card', { email: '' }), 'en');
    expect(noEmail).toMatchObject({ status: 400, body: { detail: 'Enter your email' } });
    expect((await rest('POST', '/zoomvisor/subscribe/free', member, { ...subscribeBody(), plan_id: 'free' })).status).toBe(400);
    expect((await rest('POST', '/zoomvisor/subscribe/basic', undefined, subscribeBody())).status).toBe(401);
    expect(await app.services.prisma.userSubscription.count({ where: { userId: member.id } })).toBe(0);
  });

  it('qr answers a PNG of the payment details; card redirects to a configured provider, else stays pending', async () => {
    const member = await quickMember(app.services);
    const qr = await rest('POST', '/zoomvisor/subscribe/basic', member, subscribeBody('qr'));
    expect(qr.body.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(qr.body.qr_code.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(qr.body.payment_details).toContain('40702810000000000001');

    const card = await rest('POST', '/zoomvisor/subscribe/professional', member, subscribeBody('card'));
    expect(card.body).toMatchObject({ redirect_url: null, subscription: { status: 'pending', payment_method: 'card' } });

    await app.services.prisma.systemSetting.create({
      data: { key: 'payment_provider_url', value: 'https://pay.example.org/checkout' },
    });
    try {
      const other = await quickMember(app.services);
      const paid = await rest('POST', '/zoomvisor/subscribe/enterprise', other, subscribeBody('card'));
      const url = new URL(paid.body.redirect_url);
      expect(url.origin + url.pathname).toBe('https://pay.example.org/checkout');
      expect(url.searchParams.get('order')).toBe(String(paid.body.subscription.id));
      expect(url.searchParams.get('amount')).toBe('22000');
    } finally {
      await app.services.prisma.systemSetting.delete({ where: { key: 'payment_provider_url' } });
    }
  });

  it('goes pending → active (a month) → inactive, only by an admin, audited and told to the member', async () => {
    const member = await quickMember(app.services);
    const { body } = await rest('POST', '/zoomvisor/subscribe/basic', member, subscribeBody());
    const id = body.subscription.id;

    expect((await rest('PATCH', `/admin/subscriptions/${id}`, member, { status: 'active' })).status).toBe(403);
    const moderator = await quickMember(app.services);
    await app.services.prisma.user.update({ where: { id: moderator.id }, data: { role: 'moderator' } });
    expect((await rest('PATCH', `/admin/subscriptions/${id}`, moderator, { status: 'active' })).status).toBe(403);
    expect((await rest('GET', '/admin/subscribers', member)).status).toBe(403);

    const subscribers = (await rest('GET', '/admin/subscribers', admin)).body;
    expect(subscribers[0].status).toBe('pending');
    expect(subscribers.find((row: { id: number }) => row.id === id)).toMatchObject({ user_id: member.id, plan_id: 'basic' });

    const activated = await rest('PATCH', `/admin/subscriptions/${id}`, admin, { status: 'active' });
    expect(activated).toMatchObject({ status: 200, body: { status: 'active', active: true } });
    const start = new Date(activated.body.starts_at);
    const end = new Date(activated.body.expires_at);
    const expectedEnd = new Date(start);
    expectedEnd.setMonth(expectedEnd.getMonth() + 1);
    expect(end.getTime()).toBe(expectedEnd.getTime());
    expect((await rest('GET', '/zoomvisor/my-subscription', member)).body).toMatchObject({
      plan_id: 'basic',
      source: 'subscription',
      subscription: { status: 'active' },
    });
    // Requesting the plan already active is refused.
    expect((await rest('POST', '/zoomvisor/subscribe/basic', member, subscribeBody())).status).toBe(409);

    // Activating again extends by a month (renewal).
    const renewed = await rest('PATCH', `/admin/subscriptions/${id}`, admin, { status: 'active' });
    const renewedEnd = new Date(end);
    renewedEnd.setMonth(renewedEnd.getMonth() + 1);
    expect(new Date(renewed.body.expires_at).getTime()).toBe(renewedEnd.getTime());

    const changed = await rest('PATCH', `/admin/subscriptions/${id}`, admin, { plan_id: 'professional' });
    expect(changed.body).toMatchObject({ plan_id: 'professional', status: 'active' });
    const deactivated = await rest('PATCH', `/admin/subscriptions/${id}`, admin, { status: 'inactive' });
    expect(deactivated.body).toMatchObject({ status: 'inactive', active: false });
    expect((await rest('GET', '/zoomvisor/my-subscription', member)).body.plan_id).toBe('free');

    expect((await rest('PATCH', `/admin/subscriptions/${id}`, admin, { status: 'paid' })).status).toBe(400);
    expect((await rest('PATCH', `/admin/subscriptions/${id}`, admin, { plan_id: 'gold' })).status).toBe(404);
    expect((await rest('PATCH', '/admin/subscriptions/999999', admin, { status: 'active' })).status).toBe(404);

    const audit = await app.services.prisma.auditEntry.findMany({
      where: { action: 'subscription.update', targetId: String(id) },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((entry) => (entry.after as { status: string }).status)).toEqual(['active', 'active', 'active', 'inactive']);
    expect(audit.every((entry) => entry.actorId === admin.id)).toBe(true);
    const notes = await app.services.prisma.notification.findMany({ where: { userId: member.id }, orderBy: { id: 'asc' } });
    expect(notes.map((note) => note.kind)).toEqual(Array(4).fill('SUBSCRIPTION_CHANGED'));
  });

  it('tells the member of a change naming the plan in their language', async () => {
    const member = await quickMember(app.services);
    const { body } = await rest('POST', '/zoomvisor/subscribe/basic', member, subscribeBody());
    const request = new Request('http://localhost/graphql', {
      headers: { authorization: `Bearer ${member.token}`, 'accept-language': 'fr' },
    });
    const contextValue = await buildContext(app.services, request, {});
    const stream = await subscribe({ schema, document: parse('subscription { notifications { kind message } }'), contextValue });
    if (!(Symbol.asyncIterator in stream)) throw new Error(JSON.stringify(stream.errors));
    try {
      const next = stream.next();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await rest('PATCH', `/admin/subscriptions/${body.subscription.id}`, admin, { status: 'active' });
      expect(((await next).value as ExecutionResult).data?.notifications).toEqual({
        kind: 'SUBSCRIPTION_CHANGED',
        message: 'Abonnement « Basique » : statut active',
      });
    } finally {
      await stream.return?.();
    }
  });

  it('expires after the end date (the member falls back to free) and tells the member three days before', async () => {
    const member = await quickMember(app.services);
    const { body } = await rest('POST', '/zoomvisor/subscribe/professional', member, subscribeBody());
    await rest('PATCH', `/admin/subscriptions/${body.subscription.id}`, admin, { status: 'active' });
    const row = await app.services.prisma.userSubscription.findUniqueOrThrow({ where: { id: body.subscription.id } });
    const day = 24 * 3600 * 1000;

    // Ten days before the end nothing happens; two days before, one reminder, once.
    await sweepSubscriptions(app.services, new Date(row.expiresAt!.getTime() - 10 * day));
    expect(await app.services.prisma.notification.count({ where: { userId: member.id, kind: 'SUBSCRIPTION_ENDING' } })).toBe(0);
    await sweepSubscriptions(app.services, new Date(row.expiresAt!.getTime() - 2 * day));
    await sweepSubscriptions(app.services, new Date(row.expiresAt!.getTime() - 1 * day));
    expect(await app.services.prisma.notification.count({ where: { userId: member.id, kind: 'SUBSCRIPTION_ENDING' } })).toBe(1);
    expect((await rest('GET', '/zoomvisor/my-subscription', member)).body.plan_id).toBe('professional');

    await sweepSubscriptions(app.services, new Date(row.expiresAt!.getTime() + 1000));
    expect((await app.services.prisma.userSubscription.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('expired');
    expect(await app.services.prisma.notification.count({ where: { userId: member.id, kind: 'SUBSCRIPTION_EXPIRED' } })).toBe(1);
    expect((await rest('GET', '/zoomvisor/my-subscription', member)).body).toMatchObject({ plan_id: 'free', subscription: null });
  });
});

describe('room size follows the plan', () => {
  const CREATE_ROOM = `mutation($input: CreateRoomInput!) {
    createRoom(input: $input) {
      __typename
      ... on Error { message }
      ... on LimitReachedError { limit }
      ... on RoomPayload { room { databaseId maxParticipants } }
    }
  }`;
  const create = (member: Member, maxParticipants: number, locale = 'en') =>
    app.graphql(
      CREATE_ROOM,
      { input: { name: 'Большая', maxParticipants } },
      { token: member.token, headers: { 'accept-language': locale } },
    );

  it('refuses a free member a room beyond the free limit, naming the plan that lifts it; basic may', async () => {
    const member = await quickMember(app.services);
    expect((await create(member, 50)).data.createRoom.__typename).toBe('RoomPayload');
    expect((await create(member, 60)).data.createRoom).toEqual({
      __typename: 'LimitReachedError',
      message: 'Your "Free" plan allows rooms of up to 50 participants; a larger room needs the "Basic" plan',
      limit: 50,
    });
    const rest60 = await rest('POST', '/api/zoomvisor/rooms', member, { name: 'Большая', max_participants: 60 });
    expect(rest60.status).toBe(409);

    const { body } = await rest('POST', '/zoomvisor/subscribe/basic', member, subscribeBody());
    await rest('PATCH', `/admin/subscriptions/${body.subscription.id}`, admin, { status: 'active' });
    expect((await create(member, 60)).data.createRoom).toMatchObject({ room: { maxParticipants: 60 } });
    const config = await app.graphql('{ meetingConfig { memberPlan { planId maxParticipants } } }', {}, { token: member.token });
    expect(config.data.meetingConfig.memberPlan).toEqual({ planId: 'basic', maxParticipants: 200 });
  });

  it('gives group members the group plan', async () => {
    const member = await quickMember(app.services);
    const professional = await app.services.prisma.subscriptionPlan.findUniqueOrThrow({ where: { key: 'professional' } });
    await app.services.prisma.subscriptionGroup.create({
      data: { name: 'Команда', planId: professional.id, members: { create: [{ userId: member.id }] } },
    });
    expect((await rest('GET', '/zoomvisor/my-subscription', member)).body).toMatchObject({
      plan_id: 'professional',
      source: 'group',
    });
    expect((await create(member, 100)).data.createRoom.__typename).toBe('RoomPayload');
  });

  it('refuses a seat past the member’s plan (plans are data: a smaller free plan), the stricter of the two plans', async () => {
    await app.services.prisma.subscriptionPlan.update({ where: { key: 'free' }, data: { maxParticipants: 3 } });
    await app.services.prisma.meetingParticipantPlan.create({ data: { plan: 'unlimited' } });
    try {
      const room = await app.services.prisma.room.create({ data: { name: 'Комната', maxParticipants: 10 } });
      const people = await Promise.all(Array.from({ length: 4 }, () => quickMember(app.services)));
      for (const person of people.slice(0, 3)) {
        const joined = await app.graphql(JOIN_ROOM, { roomId: roomGlobalId(room.id) }, { token: person.token });
        expect(joined.data.joinRoom.__typename).toBe('JoinRoomSuccess');
      }
      const refused = await app.graphql(
        JOIN_ROOM,
        { roomId: roomGlobalId(room.id) },
        { token: people[3].token, headers: { 'accept-language': 'en' } },
      );
      expect(refused.data.joinRoom).toEqual({
        __typename: 'LimitReachedError',
        message: 'Your "Free" plan allows meetings of up to 3 participants; joining this room needs the "Basic" plan',
        limit: 3,
      });
      // With the basic plan the same seat is taken.
      const { body } = await rest('POST', '/zoomvisor/subscribe/basic', people[3], subscribeBody());
      await rest('PATCH', `/admin/subscriptions/${body.subscription.id}`, admin, { status: 'active' });
      const joined = await app.graphql(JOIN_ROOM, { roomId: roomGlobalId(room.id) }, { token: people[3].token });
      expect(joined.data.joinRoom.__typename).toBe('JoinRoomSuccess');
    } finally {
      await app.services.prisma.subscriptionPlan.update({ where: { key: 'free' }, data: { maxParticipants: 50 } });
      await app.services.prisma.meetingParticipantPlan.create({ data: { plan: 'basic' } });
    }
  });
});
