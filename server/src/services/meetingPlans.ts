import type { ParticipantPlan } from '../generated/prisma/client';
import type { PrismaClient } from '../db';

/** Most participants of a group call per admin participant plan (spec section 9); null: no limit. */
export const PARTICIPANT_PLAN_LIMITS: Record<ParticipantPlan, number | null> = {
  basic: 10,
  professional: 50,
  enterprise: 100,
  unlimited: null,
};

/** The newest plan row is the current one; a database without any runs on the free basic plan. */
export async function currentParticipantPlan(prisma: PrismaClient) {
  const row = await prisma.meetingParticipantPlan.findFirst({ orderBy: { id: 'desc' }, select: { plan: true } });
  const plan = row?.plan ?? 'basic';
  return { plan, maxParticipants: PARTICIPANT_PLAN_LIMITS[plan] };
}

/** The admin switch `group_video_calls_enabled`: on when 'true'; a database without the row has it on. */
export async function groupCallsEnabled(prisma: PrismaClient): Promise<boolean> {
  const row = await prisma.meetingSetting.findUnique({ where: { key: 'group_video_calls_enabled' }, select: { value: true } });
  return row ? row.value === 'true' : true;
}
