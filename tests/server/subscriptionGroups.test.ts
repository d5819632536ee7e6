import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { quickMember, type Member } from './meetingSupport';
import { listPlans } from '../../server/src/services/subscriptions';

/**
 * Group plans (admin subscribers tab): `/admin/groups` lists, creates and deletes groups; members of
 * a group have its plan (and its limits) while the group exists; audited, each member told.
 */
let app: TestApp;
let admin: Member;
beforeAll(async () => {
  app = await createTestApp();
  admin = await quickMember(app.services, 'Админ');
  await app.services.prisma.user.update({ where: { id: admin.id }, data: { role: 'admin' } });
});
afterAll(() => app?.dispose());

const rest = async (method: string, url: string, member?: Member, json?: unknown, locale = 'en') => {
  const response = await app.request(method, url, { token: member?.token, json, headers: { 'accept-language': locale } });
  return { status: response.status, body: await response.json() };
};

const CREATE_ROOM = `mutation($input: CreateRoomInput!) {
  createRoom(input: $input) { __typename ... on LimitReachedError { limit } }
}`;
const roomOf = async (member: Member, maxParticipants: number) =>
  (await app.graphql(CREATE_ROOM, { input: { name: 'Большая', maxParticipants } }, { token: member.token })).data.createRoom;

const notices = (userId: number, kind: string) => app.services.prisma.notification.findMany({ where: { userId, kind } });

describe('/admin/groups', () => {
  it('gives the members the group’s plan and its limits until the group is deleted; audited, members told', async () => {
    const [anna, boris] = [await quickMember(app.services, 'Анна'), await quickMember(app.services, 'Борис')];
    expect(await roomOf(anna, 60)).toEqual({ __typename: 'LimitReachedError', limit: 50 });

    const created = await rest('POST', '/admin/groups', admin, {
      name: 'Отдел продаж',
      plan_id: 'basic',
      users: [anna.id, boris.id],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      success: true,
      group: { name: 'Отдел продаж', plan_id: 'basic', price: 5400, user_count: 2 },
    });
    expect(created.body.group.users.map((user: { id: number }) => user.id)).toEqual([anna.id, boris.id]);
    const groupId = created.body.group.id;

    const listed = await rest('GET', '/admin/groups', admin);
    expect(listed.status).toBe(200);
    expect(listed.body.find((group: { id: number }) => group.id === groupId)).toMatchObject({
      user_count: 2,
      plan_name: 'Basic',
    });

    const mine = await rest('GET', '/zoomvisor/my-subscription', anna);
    expect(mine.body).toMatchObject({ plan_id: 'basic', source: 'group', subscription: null });
    expect(await roomOf(anna, 60)).toEqual({ __typename: 'RoomPayload' });

    const [added] = await notices(anna.id, 'SUBSCRIPTION_GROUP_ADDED');
    expect(added.payload).toMatchObject({ groupId, groupName: 'Отдел продаж', planId: 'basic' });
    const audit = () =>
      app.services.prisma.auditEntry.findMany({ where: { targetType: 'subscriptionGroup', targetId: String(groupId) } });
    expect((await audit()).map((entry) => entry.action)).toEqual(['subscriptionGroup.create']);

    const deleted = await rest('DELETE', `/admin/groups/${groupId}`, admin);
    expect(deleted).toEqual({ status: 200, body: { success: true } });
    expect((await rest('GET', '/zoomvisor/my-subscription', anna)).body.plan_id).toBe('free');
    expect(await roomOf(anna, 60)).toEqual({ __typename: 'LimitReachedError', limit: 50 });
    expect(await notices(boris.id, 'SUBSCRIPTION_GROUP_REMOVED')).toHaveLength(1);
    expect((await audit()).map((entry) => entry.action)).toEqual(['subscriptionGroup.create', 'subscriptionGroup.delete']);
    expect((await rest('DELETE', `/admin/groups/${groupId}`, admin)).status).toBe(404);
  });

  it('keeps a member’s own higher plan: the best of their subscription and their groups applies', async () => {
    const member = await quickMember(app.services);
    const plans = await listPlans(app.services.prisma);
    const professional = plans.find((plan) => plan.key === 'professional')!;
    await app.services.prisma.userSubscription.create({
      data: { userId: member.id, planId: professional.id, status: 'active', paymentMethod: 'transfer', activatedAt: new Date() },
    });
    const created = await rest('POST', '/admin/groups', admin, { name: 'Базовые', plan_id: 'basic', users: [member.id] });
    expect(created.status).toBe(200);
    expect((await rest('GET', '/zoomvisor/my-subscription', member)).body).toMatchObject({
      plan_id: 'professional',
      source: 'subscription',
    });
  });

  it('refuses bad input with the spec’s codes and a clear text, creating nothing', async () => {
    const member = await quickMember(app.services);
    const before = await app.services.prisma.subscriptionGroup.count();
    const unknownPlan = await rest('POST', '/admin/groups', admin, { name: 'x', plan_id: 'gold', users: [member.id] });
    expect(unknownPlan).toEqual({ status: 404, body: { detail: 'Subscription plan "gold" not found' } });
    const noName = await rest('POST', '/admin/groups', admin, { name: '', plan_id: 'basic', users: [member.id] }, 'ru');
    expect(noName.status).toBe(400);
    expect(noName.body.detail).toBe('Введите название группы');
    const noUsers = await rest('POST', '/admin/groups', admin, { name: 'x', plan_id: 'basic', users: [] });
    expect(noUsers.status).toBe(400);
    expect(noUsers.body.detail).toBe('Choose at least one user');
    const unknownUser = await rest('POST', '/admin/groups', admin, { name: 'x', plan_id: 'basic', users: [member.id, 999999] });
    expect(unknownUser).toEqual({ status: 404, body: { detail: 'User not found' } });
    const notANumber = await rest('POST', '/admin/groups', admin, { name: 'x', plan_id: 'basic', users: ['abc'] });
    expect(notANumber.status).toBe(404);
    const free = await rest('POST', '/admin/groups', admin, { name: 'x', plan_id: 'free', users: [member.id] });
    expect(free.status).toBe(400);
    expect(await app.services.prisma.subscriptionGroup.count()).toBe(before);
  });

  it('is for admins only', async () => {
    const member = await quickMember(app.services);
    expect((await rest('GET', '/admin/groups', member)).status).toBe(403);
    expect((await rest('POST', '/admin/groups', member, { name: 'x', plan_id: 'basic', users: [member.id] })).status).toBe(403);
    expect((await rest('DELETE', '/admin/groups/1', member)).status).toBe(403);
    expect((await rest('GET', '/admin/groups')).status).toBe(401);
  });
});
