import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { upperCaseEnumValues } from './enumValues';
import { access } from '../auth/access';
import type { Context } from '../context';
import type { UserSubscription } from '../generated/prisma/client';
import { ConflictError, SubscriptionPendingError } from '../services/errors';
import * as subscriptions from '../services/subscriptions';
import * as subscriptionGroups from '../services/subscriptionGroups';
import { parsedBy, toValidationError } from '../services/validation';
import { databaseIdOf } from './globalIds';
import { deletedResult, ErrorInterface } from './errors';

const viewerId = (ctx: Context) => ctx.viewer?.user.id ?? 0;
const isAdmin = (ctx: Context) => ctx.viewer?.user.role === 'admin';

export const SubscriptionPlanRef = builder.prismaObject('SubscriptionPlan', {
  description: 'A plan of the meeting area (spec section 3): free, basic, professional, enterprise.',
  fields: (t) => ({
    planId: t.exposeString('key', { description: 'The plan id of the REST calls: free, basic, professional, enterprise.' }),
    name: t.string({
      description: 'In the language of the request (Accept-Language), else Russian.',
      resolve: (plan, _args, ctx) => subscriptions.planTexts(plan, ctx.locale).name,
    }),
    description: t.string({
      nullable: true,
      description: 'In the language of the request (Accept-Language), else Russian.',
      resolve: (plan, _args, ctx) => subscriptions.planTexts(plan, ctx.locale).description,
    }),
    nameRu: t.exposeString('name', { description: 'The name in Russian, which the other languages fall back to.' }),
    nameEn: t.exposeString('nameEn', { nullable: true, description: 'The English name; null: the Russian one shows.' }),
    nameFr: t.exposeString('nameFr', { nullable: true, description: 'The French name; null: the Russian one shows.' }),
    descriptionRu: t.exposeString('description', { nullable: true }),
    descriptionEn: t.exposeString('descriptionEn', { nullable: true, description: 'Null: the Russian one shows.' }),
    descriptionFr: t.exposeString('descriptionFr', { nullable: true, description: 'Null: the Russian one shows.' }),
    price: t.exposeInt('price', { description: 'Per month, in `currency`; 0 for the free plan.' }),
    currency: t.exposeString('currency'),
    maxParticipants: t.exposeInt('maxParticipants', { description: 'Most participants of a room.' }),
    storageQuotaMb: t.exposeInt('storageQuotaMb', {
      description: 'Room files a member on this plan may keep, in MB; 0: the plan has no room file storage.',
    }),
    features: t.stringList({
      description: `Feature keys: ${subscriptions.PLAN_FEATURES.join(', ')}.`,
      resolve: (plan) => (Array.isArray(plan.features) ? plan.features.filter((f): f is string => typeof f === 'string') : []),
    }),
    position: t.exposeInt('position', { description: 'Rank: a higher plan has a higher position.' }),
  }),
});

const SubscriptionStatusEnum = builder.enumType('SubscriptionStatus', {
  values: {
    PENDING: { value: 'pending' },
    ACTIVE: { value: 'active' },
    INACTIVE: { value: 'inactive' },
    EXPIRED: { value: 'expired' },
  } as const,
});

const PaymentMethodEnum = builder.enumType('PaymentMethod', {
  values: { CARD: { value: 'card' }, TRANSFER: { value: 'transfer' }, QR: { value: 'qr' } } as const,
});

const contactOf = (row: UserSubscription) => (row.contact ?? {}) as Record<string, string | undefined>;

export const UserSubscriptionNode = builder.prismaNode('UserSubscription', {
  id: { field: 'id' },
  nullable: true,
  description: 'A member’s subscription request: pending until paid, then active for a month.',
  findUnique: (id, ctx) => ({ id: Number(id), ...(isAdmin(ctx) ? {} : { userId: viewerId(ctx) }) }),
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    plan: t.relation('plan'),
    user: t.relation('user'),
    status: t.expose('status', { type: SubscriptionStatusEnum }),
    paymentMethod: t.expose('paymentMethod', { type: PaymentMethodEnum }),
    firstName: t.string({ resolve: (row) => contactOf(row).firstName ?? '' }),
    lastName: t.string({ resolve: (row) => contactOf(row).lastName ?? '' }),
    email: t.string({ resolve: (row) => contactOf(row).email ?? '' }),
    phone: t.string({ resolve: (row) => contactOf(row).phone ?? '' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    activatedAt: t.expose('activatedAt', { type: 'DateTime', nullable: true, description: 'Start of the current period.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true, description: 'End of the current period.' }),
  }),
});

builder.objectType(SubscriptionPendingError, {
  name: 'SubscriptionPendingError',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    existing: t.field({
      type: UserSubscriptionNode,
      description: 'The pending request already sent for this plan.',
      resolve: (error, _args, ctx) => ctx.prisma.userSubscription.findUniqueOrThrow({ where: { id: error.existing.id } }),
    }),
  }),
});

builder.queryField('subscriptionPlans', (t) =>
  t.prismaField({
    type: ['SubscriptionPlan'],
    description: 'The plans, cheapest first (public: no sign-in needed).',
    ...access('anonymous'),
    resolve: async (query, _root, _args, ctx) => {
      await subscriptions.listPlans(ctx.prisma);
      return ctx.prisma.subscriptionPlan.findMany({ ...query, where: { isActive: true }, orderBy: { position: 'asc' } });
    },
  }),
);

type MySubscription = Awaited<ReturnType<typeof subscriptions.effectivePlan>> & { current: UserSubscription | null };

const PlanSourceEnum = builder.enumType('PlanSource', {
  values: { SUBSCRIPTION: { value: 'subscription' }, GROUP: { value: 'group' }, FREE: { value: 'free' } } as const,
});

const MySubscriptionRef = builder.objectRef<MySubscription>('MySubscription').implement({
  description: 'The viewer’s plan now and their current request.',
  fields: (t) => ({
    plan: t.field({ type: SubscriptionPlanRef, description: 'The plan whose limits apply now.', resolve: (my) => my.plan }),
    source: t.field({ type: PlanSourceEnum, resolve: (my) => my.source }),
    subscription: t.field({
      type: UserSubscriptionNode,
      nullable: true,
      description: 'The active subscription, else the newest pending request; null when none.',
      resolve: (my) => my.current,
    }),
  }),
});

builder.queryField('mySubscription', (t) =>
  t.field({
    type: MySubscriptionRef,
    ...access('member'),
    resolve: async (_root, _args, ctx) => {
      const userId = ctx.viewer!.user.id;
      const [effective, current] = await Promise.all([
        subscriptions.effectivePlan(ctx.prisma, userId),
        subscriptions.currentSubscription(ctx.prisma, userId),
      ]);
      return { ...effective, current };
    },
  }),
);

builder.queryField('adminSubscriptions', (t) =>
  t.prismaField({
    type: ['UserSubscription'],
    description: 'Every subscription request for the subscribers tab: pending first, then newest first (at most 500).',
    ...access('admin'),
    resolve: async (query, _root, _args, ctx) => {
      const rows = await ctx.prisma.userSubscription.findMany({ ...query, orderBy: { createdAt: 'desc' }, take: 500 });
      return [...rows.filter((row) => row.status === 'pending'), ...rows.filter((row) => row.status !== 'pending')];
    },
  }),
);

const SubscribeInput = builder.inputType('SubscribeInput', {
  fields: (t) => ({
    planId: t.string({ required: true, description: 'free, basic, professional or enterprise (free cannot be requested).' }),
    paymentMethod: t.string({ required: true, description: 'card, transfer or qr.' }),
    firstName: t.string({ required: true }),
    lastName: t.string(),
    email: t.string({ required: true }),
    phone: t.string(),
  }),
});

const SubscribeSuccess = builder.objectRef<subscriptions.SubscribeOutcome>('SubscribeSuccess').implement({
  fields: (t) => ({
    subscription: t.field({ type: UserSubscriptionNode, resolve: (outcome) => outcome.subscription }),
    redirectUrl: t.string({
      nullable: true,
      description: 'card with a configured payment provider: the page to pay on.',
      resolve: (outcome) => outcome.redirectUrl,
    }),
    qrCode: t.string({
      nullable: true,
      description: 'qr: a PNG data URL of the fast-payments code of the payment details.',
      resolve: (outcome) => outcome.qrCode,
    }),
    paymentDetails: t.string({
      nullable: true,
      description: 'transfer and qr: the details to pay by (also mailed for transfer).',
      resolve: (outcome) => outcome.paymentDetails,
    }),
  }),
});

const UpdateSubscriptionInput = builder.inputType('UpdateSubscriptionInput', {
  description: 'What an admin changes; ACTIVE on an active subscription extends it by a month.',
  fields: (t) => ({
    status: t.string({ description: 'pending, active, inactive or expired.' }),
    planId: t.string({ description: 'free, basic, professional or enterprise.' }),
  }),
});

builder.mutationFields((t) => ({
  subscribe: t.field({
    type: SubscribeSuccess,
    description: 'Requests a paid plan; it stays pending until an admin confirms the payment.',
    ...access('member'),
    args: { input: t.arg({ type: SubscribeInput, required: true, validate: { schema: subscriptions.subscribeInput } }) },
    errors: { types: [ConflictError, SubscriptionPendingError], directResult: true, union: { name: 'SubscribeResult' } },
    resolve: (_root, { input }, ctx) =>
      subscriptions.subscribe(ctx.services, ctx.viewer!.user, parsedBy(subscriptions.subscribeInput, input), ctx.locale),
  }),
  updateSubscription: t.field({
    type: UserSubscriptionNode,
    description:
      'An admin activates (or extends), deactivates, or changes the plan of a subscription. Audited; the member is told.',
    ...access('admin'),
    args: {
      id: t.arg.globalID({ for: UserSubscriptionNode, required: true }),
      input: t.arg({
        type: UpdateSubscriptionInput,
        required: true,
        validate: { schema: subscriptions.adminSubscriptionChange },
      }),
    },
    errors: { directResult: true, union: { name: 'UpdateSubscriptionResult' } },
    resolve: (_root, { id, input }, ctx) =>
      subscriptions.changeSubscription(
        ctx.services,
        ctx.viewer!.user,
        databaseIdOf(id, 'UserSubscription', 'subscriptions.notFound'),
        parsedBy(subscriptions.adminSubscriptionChange, input),
      ),
  }),
}));

const PlanFeatureEnum = builder.enumType('PlanFeature', {
  values: upperCaseEnumValues(subscriptions.PLAN_FEATURES),
});

const UpdateSubscriptionPlanInput = builder.inputType('UpdateSubscriptionPlanInput', {
  description: 'An admin’s edit of a plan; a field left out keeps its value.',
  fields: (t) => ({
    planId: t.string({ required: true, description: 'free, basic, professional or enterprise.' }),
    name: t.string({ description: 'The name in Russian (required: the other languages fall back to it).' }),
    nameEn: t.string({ description: 'Blank: none (the Russian name shows in English).' }),
    nameFr: t.string({ description: 'Blank: none (the Russian name shows in French).' }),
    description: t.string({ description: 'In Russian. Blank: none.' }),
    descriptionEn: t.string({ description: 'Blank: none (the Russian description shows in English).' }),
    descriptionFr: t.string({ description: 'Blank: none (the Russian description shows in French).' }),
    price: t.int({ description: 'Per month; the free plan stays at 0, a paid plan above 0.' }),
    maxParticipants: t.int(),
    storageQuotaMb: t.int({ description: 'Room file storage in MB; 0: none.' }),
    features: t.field({ type: [PlanFeatureEnum] }),
  }),
});

builder.mutationField('updateSubscriptionPlan', (t) =>
  t.field({
    type: SubscriptionPlanRef,
    description:
      'An admin changes a plan’s names and descriptions (ru, en, fr), price, limits or features; members on it get the new limits at once. Audited.',
    ...access('admin'),
    args: {
      input: t.arg({ type: UpdateSubscriptionPlanInput, required: true, validate: { schema: subscriptions.planChangeInput } }),
    },
    errors: { directResult: true, union: { name: 'UpdateSubscriptionPlanResult' } },
    resolve: (_root, { input }, ctx) =>
      subscriptions.updatePlan(ctx.services, ctx.viewer!.user, parsedBy(subscriptions.planChangeInput, input)),
  }),
);

builder.prismaObject('SubscriptionGroupMember', {
  fields: (t) => ({
    user: t.relation('user'),
    addedAt: t.expose('addedAt', { type: 'DateTime' }),
  }),
});

export const SubscriptionGroupNode = builder.prismaNode('SubscriptionGroup', {
  id: { field: 'id' },
  nullable: true,
  description: 'A group whose members all have its plan (unless their own subscription ranks higher).',
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    plan: t.relation('plan'),
    members: t.relation('members', { query: { orderBy: { userId: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('subscriptionGroups', (t) =>
  t.prismaField({
    type: ['SubscriptionGroup'],
    description: 'The subscription groups, newest first (at most 500).',
    ...access('admin'),
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.subscriptionGroup.findMany({ ...query, orderBy: { id: 'desc' }, take: 500 }),
  }),
);

const CreateSubscriptionGroupInput = builder.inputType('CreateSubscriptionGroupInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    planId: t.string({ required: true, description: 'basic, professional or enterprise.' }),
    userIds: t.idList({ required: true, description: 'Global ids of the members (at least one).' }),
  }),
});

const DeleteSubscriptionGroupSuccess = deletedResult('DeleteSubscriptionGroupSuccess');

builder.mutationFields((t) => ({
  createSubscriptionGroup: t.field({
    type: SubscriptionGroupNode,
    description: 'An admin gives a group of members a plan. Audited; each member is told.',
    ...access('admin'),
    args: { input: t.arg({ type: CreateSubscriptionGroupInput, required: true }) },
    errors: { directResult: true, union: { name: 'CreateSubscriptionGroupResult' } },
    resolve: (_root, { input }, ctx) => {
      const userIds = input.userIds.map((id) => databaseIdOf(id, 'User', 'groups.userNotFound'));
      const parsed = subscriptionGroups.createGroupInput.safeParse({ ...input, userIds });
      if (!parsed.success) throw toValidationError(parsed.error);
      return subscriptionGroups.createGroup(ctx.services, ctx.viewer!.user, parsed.data);
    },
  }),
  deleteSubscriptionGroup: t.field({
    type: DeleteSubscriptionGroupSuccess,
    description: 'An admin deletes a group: its members lose its plan. Audited; each member is told.',
    ...access('admin'),
    args: { id: t.arg.globalID({ for: SubscriptionGroupNode, required: true }) },
    errors: { directResult: true, union: { name: 'DeleteSubscriptionGroupResult' } },
    resolve: async (_root, { id }, ctx) => {
      const groupId = databaseIdOf(id, 'SubscriptionGroup', 'groups.notFound');
      await subscriptionGroups.deleteGroup(ctx.services, ctx.viewer!.user, groupId);
      return { deletedId: encodeGlobalID('SubscriptionGroup', groupId) };
    },
  }),
}));
