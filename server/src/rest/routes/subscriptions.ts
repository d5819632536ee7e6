import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRoute } from '../router';
import { text } from './values';

type GraphQLPlan = {
  planId: string;
  name: string;
  description: string | null;
  nameRu: string;
  nameEn: string | null;
  nameFr: string | null;
  descriptionRu: string | null;
  descriptionEn: string | null;
  descriptionFr: string | null;
  price: number;
  currency: string;
  maxParticipants: number;
  features: string[];
};

const PLAN_FIELDS = `planId name description nameRu nameEn nameFr descriptionRu descriptionEn descriptionFr
  price currency maxParticipants features`;
const SUBSCRIPTION_FIELDS = `databaseId status paymentMethod createdAt activatedAt expiresAt
  firstName lastName email phone plan { planId name }`;

type GraphQLSubscription = {
  databaseId: number;
  status: string;
  paymentMethod: string;
  createdAt: string;
  activatedAt: string | null;
  expiresAt: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  plan: { planId: string; name: string };
  user?: { databaseId: number; firstName: string; lastName: string; email: string | null };
};

/**
 * The spec's plan (section 3): name, description, price, max_participants, and what it includes. Name
 * and description are in the request's language (Accept-Language, else Russian); name_ru... carry each
 * language's own text (null for en or fr: the Russian one shows).
 */
const restPlan = (plan: GraphQLPlan) => ({
  id: plan.planId,
  name: plan.name,
  description: plan.description,
  name_ru: plan.nameRu,
  name_en: plan.nameEn,
  name_fr: plan.nameFr,
  description_ru: plan.descriptionRu,
  description_en: plan.descriptionEn,
  description_fr: plan.descriptionFr,
  price: plan.price,
  currency: plan.currency,
  max_participants: plan.maxParticipants,
  features: plan.features,
});

/** The spec's subscription object: plan_id, active, created_at, and the state machine's fields. */
export const restSubscription = (row: GraphQLSubscription) => ({
  id: row.databaseId,
  plan_id: row.plan.planId,
  plan_name: row.plan.name,
  status: row.status.toLowerCase(),
  active: row.status === 'ACTIVE',
  payment_method: row.paymentMethod.toLowerCase(),
  created_at: row.createdAt,
  starts_at: row.activatedAt,
  expires_at: row.expiresAt,
  user_info: { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone },
});

const subscriptionId = (id: string) => encodeGlobalID('UserSubscription', id);

const GROUP_FIELDS = `databaseId name createdAt plan { planId name price }
  members { user { databaseId firstName lastName email } }`;

type GraphQLGroup = {
  databaseId: number;
  name: string;
  createdAt: string;
  plan: { planId: string; name: string; price: number };
  members: { user: { databaseId: number; firstName: string; lastName: string; email: string | null } }[];
};

/** A subscription group as the admin subscribers tab lists it: name, plan, users and their count, created date. */
const restGroup = (group: GraphQLGroup) => ({
  id: group.databaseId,
  name: group.name,
  plan_id: group.plan.planId,
  plan_name: group.plan.name,
  price: group.plan.price,
  users: group.members.map(({ user }) => ({
    id: user.databaseId,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
  })),
  user_count: group.members.length,
  created_at: group.createdAt,
});

/** Spec section 7, "Subscriptions", and the admin subscribers tab (section 2). */
export const subscriptionRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/zoomvisor/subscription-plans',
    access: 'anonymous',
    operation: `query RestSubscriptionPlans { subscriptionPlans { ${PLAN_FIELDS} } }`,
    respond: ({ subscriptionPlans }) =>
      Object.fromEntries((subscriptionPlans as GraphQLPlan[]).map((plan) => [plan.planId, restPlan(plan)])),
  },
  {
    method: 'GET',
    path: '/zoomvisor/my-subscription',
    access: 'member',
    operation: `query RestMySubscription {
      mySubscription { source plan { ${PLAN_FIELDS} } subscription { ${SUBSCRIPTION_FIELDS} } }
    }`,
    respond: ({ mySubscription: my }) => ({
      plan_id: my.plan.planId,
      plan: restPlan(my.plan),
      source: my.source.toLowerCase(),
      subscription: my.subscription ? restSubscription(my.subscription) : null,
    }),
  },
  {
    method: 'POST',
    path: '/zoomvisor/subscribe/:plan_id',
    access: 'member',
    invalidStatus: 400,
    refusalBody: (error) => (error.existing ? { existing: restSubscription(error.existing) } : {}),
    operation: `mutation RestSubscribe($input: SubscribeInput!) {
      subscribe(input: $input) {
        __typename ...RestError
        ... on SubscriptionPendingError { existing { ${SUBSCRIPTION_FIELDS} } }
        ... on SubscribeSuccess { redirectUrl qrCode paymentDetails subscription { ${SUBSCRIPTION_FIELDS} } }
      }
    }`,
    variables: ({ params, body }) => {
      const info = body.user_info && typeof body.user_info === 'object' ? (body.user_info as Record<string, unknown>) : {};
      return {
        input: {
          planId: params.plan_id,
          paymentMethod: text(body.payment_method),
          firstName: text(info.firstName),
          lastName: text(info.lastName),
          email: text(info.email),
          phone: text(info.phone),
        },
      };
    },
    respond: ({ subscribe }) => ({
      success: true,
      subscription: restSubscription(subscribe.subscription),
      redirect_url: subscribe.redirectUrl,
      qr_code: subscribe.qrCode,
      payment_details: subscribe.paymentDetails,
    }),
  },
  {
    method: 'GET',
    path: '/admin/subscribers',
    access: 'admin',
    operation: `query RestSubscribers {
      adminSubscriptions { ${SUBSCRIPTION_FIELDS} user { databaseId firstName lastName email } }
    }`,
    respond: ({ adminSubscriptions }) =>
      (adminSubscriptions as GraphQLSubscription[]).map((row) => ({
        ...restSubscription(row),
        user_id: row.user?.databaseId ?? null,
        name: row.user ? `${row.user.firstName} ${row.user.lastName}`.trim() : '',
        email: row.user?.email ?? row.email,
      })),
  },
  {
    method: 'PATCH',
    path: '/admin/subscriptions/:id',
    access: 'admin',
    invalidStatus: 400,
    operation: `mutation RestUpdateSubscription($id: ID!, $input: UpdateSubscriptionInput!) {
      updateSubscription(id: $id, input: $input) {
        __typename ...RestError
        ... on UserSubscription { ${SUBSCRIPTION_FIELDS} }
      }
    }`,
    variables: ({ params, body }) => ({
      id: subscriptionId(params.id),
      input: {
        status: body.status == null ? null : text(body.status),
        planId: body.plan_id == null ? null : text(body.plan_id),
      },
    }),
    respond: ({ updateSubscription }) => restSubscription(updateSubscription),
  },
  {
    method: 'GET',
    path: '/admin/groups',
    access: 'admin',
    operation: `query RestSubscriptionGroups { subscriptionGroups { ${GROUP_FIELDS} } }`,
    respond: ({ subscriptionGroups }) => (subscriptionGroups as GraphQLGroup[]).map(restGroup),
  },
  {
    method: 'POST',
    path: '/admin/groups',
    access: 'admin',
    invalidStatus: 400,
    operation: `mutation RestCreateSubscriptionGroup($input: CreateSubscriptionGroupInput!) {
      createSubscriptionGroup(input: $input) { __typename ...RestError ... on SubscriptionGroup { ${GROUP_FIELDS} } }
    }`,
    variables: ({ body }) => ({
      input: {
        name: text(body.name),
        planId: text(body.plan_id),
        userIds: (Array.isArray(body.users) ? body.users : []).map((id) => encodeGlobalID('User', text(id))),
      },
    }),
    respond: ({ createSubscriptionGroup }) => ({ success: true, group: restGroup(createSubscriptionGroup) }),
  },
  {
    method: 'DELETE',
    path: '/admin/groups/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestDeleteSubscriptionGroup($id: ID!) {
      deleteSubscriptionGroup(id: $id) { __typename ...RestError }
    }`,
    variables: ({ params }) => ({ id: encodeGlobalID('SubscriptionGroup', params.id) }),
    respond: () => ({ success: true }),
  },
];
