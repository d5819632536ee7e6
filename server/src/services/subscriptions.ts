import { z } from 'zod';
import QRCode from 'qrcode';
import type { Prisma, SubscriptionPlan, SubscriptionStatus, UserSubscription } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import type { Services } from './container';
import { translate, type Locale, type LocalizedParam } from '../i18n';
import { audited, withAudit, type AuditActor } from './audit';
import { ConflictError, LimitReachedError, NotFoundError, SubscriptionPendingError, ValidationError } from './errors';
import { notify } from './notifications';
import { rules } from './validation';

/** Feature keys a plan lists (the client names them in the reader's language). */
export const PLAN_FEATURES = [
  'text_chat',
  'screen_sharing',
  'basic_quality',
  'recording',
  'cloud_storage',
  'support_24_7',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];
/** The feature that makes a member's support messages priority ones (support.ts). */
export const PRIORITY_SUPPORT_FEATURE: PlanFeature = 'support_24_7';

const BASE_FEATURES: PlanFeature[] = ['text_chat', 'screen_sharing', 'basic_quality'];

/**
 * The spec's defaults (section 9); admins may change price, limits and features afterwards. Room file
 * storage comes with "cloud storage" (professional and above); the spec names no size, so the quotas
 * are ours: 10 GB for professional, 100 GB for enterprise, none below.
 */
export const DEFAULT_PLANS: Prisma.SubscriptionPlanCreateManyInput[] = [
  {
    key: 'free',
    name: 'Бесплатный',
    nameEn: 'Free',
    nameFr: 'Gratuit',
    description: 'Для небольших встреч',
    descriptionEn: 'For small meetings',
    descriptionFr: 'Pour les petites réunions',
    price: 0,
    maxParticipants: 50,
    features: BASE_FEATURES,
    position: 0,
  },
  {
    key: 'basic',
    name: 'Базовый',
    nameEn: 'Basic',
    nameFr: 'Basique',
    description: 'Для небольших команд',
    descriptionEn: 'For small teams',
    descriptionFr: 'Pour les petites équipes',
    price: 5400,
    maxParticipants: 200,
    features: [...BASE_FEATURES, 'recording'],
    position: 1,
  },
  {
    key: 'professional',
    name: 'Профессиональный',
    nameEn: 'Professional',
    nameFr: 'Professionnel',
    description: 'Для компаний и школ',
    descriptionEn: 'For companies and schools',
    descriptionFr: 'Pour les entreprises et les écoles',
    price: 12400,
    maxParticipants: 500,
    storageQuotaMb: 10 * 1024,
    features: [...BASE_FEATURES, 'recording', 'cloud_storage'],
    position: 2,
  },
  {
    key: 'enterprise',
    name: 'Корпоративный',
    nameEn: 'Enterprise',
    nameFr: 'Entreprise',
    description: 'Для крупных организаций, более 500 участников',
    descriptionEn: 'For large organisations, more than 500 participants',
    descriptionFr: 'Pour les grandes organisations, plus de 500 participants',
    price: 22000,
    maxParticipants: 1000,
    storageQuotaMb: 100 * 1024,
    features: [...BASE_FEATURES, 'recording', 'cloud_storage', 'support_24_7'],
    position: 3,
  },
];

/** A plan's texts kept per language: ru is required (name) and en and fr fall back to it when blank. */
const TEXT_COLUMNS = {
  name: { ru: 'name', en: 'nameEn', fr: 'nameFr' },
  description: { ru: 'description', en: 'descriptionEn', fr: 'descriptionFr' },
} as const satisfies Record<string, Record<Locale, keyof SubscriptionPlan>>;

type PlanTextFields = Pick<SubscriptionPlan, 'name' | 'nameEn' | 'nameFr' | 'description' | 'descriptionEn' | 'descriptionFr'>;

type PlanNameFields = Pick<SubscriptionPlan, 'name' | 'nameEn' | 'nameFr'>;

const planName = (plan: PlanNameFields, locale: Locale) => plan[TEXT_COLUMNS.name[locale]] || plan.name;

/** A plan's name and description as a reader of `locale` sees them: their own language's, else Russian. */
export function planTexts(plan: PlanTextFields, locale: Locale): { name: string; description: string | null } {
  return {
    name: planName(plan, locale),
    description: plan[TEXT_COLUMNS.description[locale]] || plan.description,
  };
}

/** A plan's name in every language, for a message that is put into words later (an error, a notification). */
export const planNames = (plan: PlanNameFields): LocalizedParam => ({
  ru: planName(plan, 'ru'),
  en: planName(plan, 'en'),
  fr: planName(plan, 'fr'),
});

export const PAYMENT_METHODS = ['card', 'transfer', 'qr'] as const;
export const SUBSCRIPTION_PERIOD_MONTHS = 1;
export const REMIND_DAYS_BEFORE_END = 3;
/** System settings (admin "settings" tab) the payment methods read. */
export const PAYMENT_DETAILS_SETTING = 'payment_details';
export const PAYMENT_PROVIDER_URL_SETTING = 'payment_provider_url';

/** The plans, cheapest first; a database without any gets the spec's defaults on first use. */
export async function listPlans(prisma: PrismaClient): Promise<SubscriptionPlan[]> {
  const plans = await prisma.subscriptionPlan.findMany({ where: { isActive: true }, orderBy: { position: 'asc' } });
  if (plans.length > 0) return plans;
  await prisma.subscriptionPlan.createMany({ data: DEFAULT_PLANS, skipDuplicates: true });
  return prisma.subscriptionPlan.findMany({ where: { isActive: true }, orderBy: { position: 'asc' } });
}

export async function planByKey(prisma: PrismaClient, key: string): Promise<SubscriptionPlan> {
  const plan = (await listPlans(prisma)).find((candidate) => candidate.key === key);
  if (!plan) throw new NotFoundError('subscriptions.planNotFound', { plan: key.slice(0, 50) });
  return plan;
}

/** Largest figures an admin may give a plan: far above any real plan, small enough for an INT column. */
export const PLAN_LIMITS = { price: 10_000_000, maxParticipants: 100_000, storageQuotaMb: 100 * 1024 * 1024 } as const;

/** An admin's edit of a plan (its key and rank stay): each field left out keeps its value. */
export const planChangeInput = z.object({
  planId: z.string().trim().min(1, 'subscriptions.planRequired').max(32, 'validation.tooLong'),
  name: rules.requiredText(100, 'subscriptions.planNameRequired').nullish(),
  /** Blank: none (the Russian name shows); left out: kept. */
  nameEn: rules.optionalText(100),
  nameFr: rules.optionalText(100),
  description: rules.optionalText(500),
  descriptionEn: rules.optionalText(500),
  descriptionFr: rules.optionalText(500),
  price: z
    .number()
    .int('subscriptions.planPrice')
    .min(0, 'subscriptions.planPrice')
    .max(PLAN_LIMITS.price, 'subscriptions.planPrice')
    .nullish(),
  maxParticipants: z
    .number()
    .int('subscriptions.planParticipants')
    .min(2, 'subscriptions.planParticipants')
    .max(PLAN_LIMITS.maxParticipants, 'subscriptions.planParticipants')
    .nullish(),
  storageQuotaMb: z
    .number()
    .int('subscriptions.planStorage')
    .min(0, 'subscriptions.planStorage')
    .max(PLAN_LIMITS.storageQuotaMb, 'subscriptions.planStorage')
    .nullish(),
  features: z.array(z.enum(PLAN_FEATURES, 'subscriptions.planFeature')).nullish(),
});

const planSnapshot = (plan: SubscriptionPlan) => ({
  name: plan.name,
  nameEn: plan.nameEn,
  nameFr: plan.nameFr,
  description: plan.description,
  descriptionEn: plan.descriptionEn,
  descriptionFr: plan.descriptionFr,
  price: plan.price,
  maxParticipants: plan.maxParticipants,
  storageQuotaMb: plan.storageQuotaMb,
  features: plan.features,
});

/**
 * An admin changes a plan's name, description, price, limits or features; members on it get the
 * new limits at once (limits are read from the plan each time). The free plan stays free, and a paid
 * plan keeps a price: a price of 0 would make it a second free plan nobody could subscribe to. Audited.
 */
export async function updatePlan(
  services: Services,
  actor: AuditActor,
  change: z.output<typeof planChangeInput>,
): Promise<SubscriptionPlan> {
  const { prisma } = services;
  const current = await planByKey(prisma, change.planId);
  if (change.price != null && (current.price === 0) !== (change.price === 0)) {
    throw new ValidationError([
      { path: ['price'], messageKey: current.price === 0 ? 'subscriptions.freePlanPrice' : 'subscriptions.paidPlanPrice' },
    ]);
  }
  const data: Prisma.SubscriptionPlanUpdateInput = {};
  if (change.name != null) data.name = change.name;
  if (change.nameEn !== undefined) data.nameEn = change.nameEn;
  if (change.nameFr !== undefined) data.nameFr = change.nameFr;
  if (change.description !== undefined) data.description = change.description;
  if (change.descriptionEn !== undefined) data.descriptionEn = change.descriptionEn;
  if (change.descriptionFr !== undefined) data.descriptionFr = change.descriptionFr;
  if (change.price != null) data.price = change.price;
  if (change.maxParticipants != null) data.maxParticipants = change.maxParticipants;
  if (change.storageQuotaMb != null) data.storageQuotaMb = change.storageQuotaMb;
  // Kept in the canonical order whatever order the admin ticked them in.
  if (change.features != null) data.features = PLAN_FEATURES.filter((feature) => change.features!.includes(feature));
  return audited(prisma, { actor, action: 'plan.update', targetType: 'subscription_plan', targetId: current.id }, async (tx) => {
    const after = await tx.subscriptionPlan.update({ where: { id: current.id }, data });
    return { result: after, before: planSnapshot(current), after: planSnapshot(after) };
  });
}

export const subscribeInput = z.object({
  planId: z.string().trim().min(1, 'subscriptions.planRequired').max(32, 'validation.tooLong'),
  paymentMethod: z.enum(PAYMENT_METHODS, 'subscriptions.paymentMethod'),
  firstName: rules.requiredText(100, 'subscriptions.firstNameRequired'),
  lastName: rules.optionalText(100),
  email: rules.email('subscriptions.emailRequired'),
  phone: rules.optionalText(30),
});
export type SubscribeInput = z.output<typeof subscribeInput>;

export type PlanSource = 'subscription' | 'group' | 'free';

/**
 * What a member's plan is now: their active subscription or the best plan of their subscription
 * groups, whichever ranks higher; free otherwise.
 */
export async function effectivePlan(
  prisma: PrismaClient,
  userId: number,
): Promise<{ plan: SubscriptionPlan; source: PlanSource; plans: SubscriptionPlan[] }> {
  const [plans, active, groups] = await Promise.all([
    listPlans(prisma),
    prisma.userSubscription.findFirst({
      where: { userId, status: 'active' },
      orderBy: { activatedAt: 'desc' },
      select: { planId: true },
    }),
    prisma.subscriptionGroupMember.findMany({ where: { userId }, select: { group: { select: { planId: true } } } }),
  ]);
  const free = plans.find((plan) => plan.key === 'free') ?? plans[0];
  let best: { plan: SubscriptionPlan; source: PlanSource } = { plan: free, source: 'free' };
  const consider = (planId: number, source: PlanSource) => {
    const plan = plans.find((candidate) => candidate.id === planId);
    if (plan && plan.position > best.plan.position) best = { plan, source };
  };
  if (active) consider(active.planId, 'subscription');
  for (const member of groups) consider(member.group.planId, 'group');
  return { ...best, plans };
}

type RoomSizeKey = 'subscriptions.roomSizeLimit' | 'subscriptions.roomFillLimit';

/**
 * The refusal of a room of `participants` under the member's plan (null: allowed), naming the
 * limit and the cheapest plan that lifts it. `key` says whether they create the room or take a seat.
 */
export function roomSizeRefusal(
  effective: { plan: SubscriptionPlan; plans: SubscriptionPlan[] },
  participants: number,
  key: RoomSizeKey,
): LimitReachedError | null {
  const { plan, plans } = effective;
  if (participants <= plan.maxParticipants) return null;
  const upgrade = plans.find((candidate) => candidate.maxParticipants >= participants);
  return new LimitReachedError(key, plan.maxParticipants, { plan: planNames(plan), upgrade: upgrade ? planNames(upgrade) : '—' });
}

/** Throws `roomSizeRefusal` for the member's plan now. */
export async function checkRoomSize(prisma: PrismaClient, userId: number, participants: number, key: RoomSizeKey) {
  const refusal = roomSizeRefusal(await effectivePlan(prisma, userId), participants, key);
  if (refusal) throw refusal;
}

/** The member's current request: the active one, else the newest pending one (null: none). */
export function currentSubscription(prisma: PrismaClient, userId: number) {
  return prisma.userSubscription
    .findFirst({ where: { userId, status: 'active' }, orderBy: { activatedAt: 'desc' } })
    .then(
      (active) =>
        active ?? prisma.userSubscription.findFirst({ where: { userId, status: 'pending' }, orderBy: { createdAt: 'desc' } }),
    );
}

async function setting(prisma: PrismaClient, key: string): Promise<string | null> {
  const row = await prisma.systemSetting.findUnique({ where: { key }, select: { value: true } });
  return row?.value.trim() || null;
}

export type SubscribeOutcome = {
  subscription: UserSubscription;
  /** card with a configured provider: the page to pay on. */
  redirectUrl: string | null;
  /** qr: a PNG data URL of the payment details. */
  qrCode: string | null;
  /** transfer and qr: the details to pay by (also mailed for transfer). */
  paymentDetails: string | null;
};

/**
 * A request for a paid plan. It stays pending until an admin confirms the payment. A second pending
 * request for the same plan is refused with the existing one; the free plan and the plan already
 * active cannot be requested.
 */
export async function subscribe(
  services: Services,
  user: { id: number },
  input: SubscribeInput,
  locale: Locale,
): Promise<SubscribeOutcome> {
  const { prisma } = services;
  const plan = await planByKey(prisma, input.planId);
  if (plan.price <= 0) {
    throw new ValidationError([{ path: ['planId'], messageKey: 'subscriptions.freePlan' }]);
  }
  const { plan: current, source } = await effectivePlan(prisma, user.id);
  if (source === 'subscription' && current.id === plan.id) throw new ConflictError('planId', 'subscriptions.alreadyActive');
  const contact = { firstName: input.firstName, lastName: input.lastName ?? '', email: input.email, phone: input.phone ?? '' };
  const subscription = await prisma.$transaction(async (tx) => {
    // Two requests of one member at once: the member's row lock makes them take turns.
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`;
    const existing = await tx.userSubscription.findFirst({
      where: { userId: user.id, planId: plan.id, status: 'pending' },
      orderBy: { createdAt: 'desc' },
    });
    if (existing) throw new SubscriptionPendingError(existing, plan.key);
    return tx.userSubscription.create({
      data: { userId: user.id, planId: plan.id, paymentMethod: input.paymentMethod, contact },
    });
  });

  const [details, providerUrl] = await Promise.all([
    setting(prisma, PAYMENT_DETAILS_SETTING),
    setting(prisma, PAYMENT_PROVIDER_URL_SETTING),
  ]);
  const planName = planTexts(plan, locale).name;
  const paymentText = translate(locale, 'subscriptions.paymentReference', {
    plan: planName,
    price: plan.price,
    id: subscription.id,
  });
  const detailsText = `${details ?? translate(locale, 'subscriptions.noPaymentDetails')}\n${paymentText}`;
  const outcome: SubscribeOutcome = { subscription, redirectUrl: null, qrCode: null, paymentDetails: null };
  if (input.paymentMethod === 'card' && providerUrl) {
    const url = new URL(providerUrl);
    url.searchParams.set('order', String(subscription.id));
    url.searchParams.set('amount', String(plan.price));
    url.searchParams.set('currency', plan.currency);
    url.searchParams.set('return', `${services.config.publicUrl}/subscription-plans`);
    outcome.redirectUrl = url.toString();
  } else if (input.paymentMethod === 'qr') {
    outcome.paymentDetails = detailsText;
    outcome.qrCode = await QRCode.toDataURL(detailsText, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  } else {
    // transfer, or card without a configured provider: the details go by mail; an admin activates on receipt.
    outcome.paymentDetails = detailsText;
    services.background.run('payment details mail', () =>
      services.mailer.send({
        to: contact.email,
        subject: translate(locale, 'subscriptions.mail.subject', { plan: planName }),
        text: translate(locale, 'subscriptions.mail.body', { name: contact.firstName, plan: planName, details: detailsText }),
      }),
    );
  }
  return outcome;
}

const addMonths = (date: Date, months: number) => {
  const next = new Date(date);
  next.setMonth(next.getMonth() + months);
  return next;
};

export const adminSubscriptionChange = z.object({
  status: z.enum(['pending', 'active', 'inactive', 'expired'], 'subscriptions.status').nullish(),
  planId: z.string().trim().min(1).max(32, 'validation.tooLong').nullish(),
});

/**
 * An admin's change: status and/or plan. Activating starts a month (or, on an active one, extends
 * it by a month: renewal); the member's other active subscription ends. Audited; the member is told.
 */
export async function changeSubscription(
  services: Services,
  actor: AuditActor,
  subscriptionId: number,
  change: z.output<typeof adminSubscriptionChange>,
  now = new Date(),
): Promise<UserSubscription> {
  const { prisma } = services;
  const plan = change.planId ? await planByKey(prisma, change.planId) : null;
  if (!plan && !change.status) throw new ValidationError([{ path: ['status'], messageKey: 'subscriptions.nothingToChange' }]);
  const updated = await prisma.$transaction((tx) =>
    withAudit(tx, { actor, action: 'subscription.update', targetType: 'subscription', targetId: subscriptionId }, async () => {
      const before = await tx.userSubscription.findUnique({ where: { id: subscriptionId } });
      if (!before) throw new NotFoundError('subscriptions.notFound');
      const data: Prisma.UserSubscriptionUncheckedUpdateInput = {};
      if (plan) data.planId = plan.id;
      const status = change.status ?? before.status;
      if (change.status === 'active') {
        const renew = before.status === 'active' && before.expiresAt && before.expiresAt > now;
        data.status = 'active';
        data.activatedAt = renew ? before.activatedAt : now;
        data.expiresAt = addMonths(renew ? before.expiresAt! : now, SUBSCRIPTION_PERIOD_MONTHS);
        data.remindedAt = null;
        await tx.userSubscription.updateMany({
          where: { userId: before.userId, status: 'active', id: { not: subscriptionId } },
          data: { status: 'inactive' },
        });
      } else if (change.status) {
        data.status = status;
      }
      const after = await tx.userSubscription.update({ where: { id: subscriptionId }, data });
      return { result: after, before, after };
    }),
  );
  await notifyMember(services, updated, 'SUBSCRIPTION_CHANGED');
  return updated;
}

async function notifyMember(
  services: Services,
  subscription: UserSubscription,
  kind: 'SUBSCRIPTION_CHANGED' | 'SUBSCRIPTION_ENDING' | 'SUBSCRIPTION_EXPIRED',
) {
  const plan = await services.prisma.subscriptionPlan.findUnique({
    where: { id: subscription.planId },
    select: { key: true, name: true, nameEn: true, nameFr: true },
  });
  await notify(services, subscription.userId, kind, {
    subscriptionId: subscription.id,
    status: subscription.status,
    planId: plan?.key ?? null,
    planName: plan?.name ?? null,
    planNames: plan ? planNames(plan) : null,
    expiresAt: subscription.expiresAt?.toISOString() ?? null,
  });
}

/**
 * The periodic job: active subscriptions past their end become expired (the member falls back to
 * free or their group's plan) and are told; those ending within three days are told once.
 */
export async function sweepSubscriptions(services: Services, now = new Date()): Promise<{ expired: number; reminded: number }> {
  const { prisma } = services;
  const ended = await prisma.userSubscription.findMany({ where: { status: 'active', expiresAt: { lte: now } } });
  let expired = 0;
  for (const row of ended) {
    const { count } = await prisma.userSubscription.updateMany({
      where: { id: row.id, status: 'active', expiresAt: { lte: now } },
      data: { status: 'expired' },
    });
    if (count === 0) continue; // another process took it
    expired += 1;
    await notifyMember(services, { ...row, status: 'expired' as SubscriptionStatus }, 'SUBSCRIPTION_EXPIRED');
  }
  const soon = new Date(now.getTime() + REMIND_DAYS_BEFORE_END * 24 * 3600 * 1000);
  const ending = await prisma.userSubscription.findMany({
    where: { status: 'active', remindedAt: null, expiresAt: { gt: now, lte: soon } },
  });
  let reminded = 0;
  for (const row of ending) {
    const { count } = await prisma.userSubscription.updateMany({
      where: { id: row.id, remindedAt: null },
      data: { remindedAt: now },
    });
    if (count === 0) continue;
    reminded += 1;
    await notifyMember(services, row, 'SUBSCRIPTION_ENDING');
  }
  return { expired, reminded };
}
