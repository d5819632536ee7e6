import { expect } from '@playwright/test';
import { baseURL } from './playwright.config';

/** Room files in the e2e tests: the plan that gives a member storage for them, through the API. */

// The demo administrator of the seeded database (prisma/seed.ts).
export const ADMIN = { email: 'admin@linkup.ru', password: 'admin123' };

export const api = async (method: string, path: string, token: string, json?: unknown, base = baseURL) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'ru' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: await response.json() };
};

/** Through the API: the member asks for the professional plan (room file storage) and the admin activates it. */
export async function professional(member: { email: string }, token: string, adminToken: string, base = baseURL) {
  const asked = await api(
    'POST',
    '/api/zoomvisor/subscribe/professional',
    token,
    {
      plan_id: 'professional',
      payment_method: 'transfer',
      user_info: { firstName: 'Файлы', email: member.email },
    },
    base,
  );
  expect(asked.status).toBe(200);
  const activated = await api(
    'PATCH',
    `/api/admin/subscriptions/${asked.body.subscription.id}`,
    adminToken,
    {
      status: 'active',
    },
    base,
  );
  expect(activated.status).toBe(200);
}
