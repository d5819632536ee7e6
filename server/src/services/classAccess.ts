import type { ClassRole, MeetingClass, Prisma } from '../generated/prisma/client';
import type { Services } from './container';
import { NotFoundError } from './errors';

/**
 * Who sees a class of rooms and what their role there allows. Its own module because rooms
 * (rooms.ts) check it and the class service (meetingClasses.ts) closes rooms: both depend on this,
 * and meetingClasses on rooms, never the other way.
 */
export type ClassPermissions = {
  createRoom: boolean;
  openSettings: boolean;
  deleteRooms: boolean;
  deleteClass: boolean;
};

export function classPermissions(
  role: ClassRole | null,
  meetingClass: Pick<MeetingClass, 'allowUserCreateRooms'>,
): ClassPermissions {
  const manager = role === 'admin' || role === 'moderator';
  return {
    createRoom: role === 'admin' || ((role === 'moderator' || role === 'member') && meetingClass.allowUserCreateRooms),
    openSettings: manager,
    deleteRooms: manager,
    deleteClass: role === 'admin',
  };
}

/** Public classes and the private ones the user belongs to. */
export const visibleClassWhere = (userId: number): Prisma.MeetingClassWhereInput => ({
  OR: [{ isPrivate: false }, { members: { some: { userId } } }],
});

/** The class as `userId` may see it (public, or private with them as a member), and their role in it. */
export async function visibleClass(services: Services, classId: number, userId: number) {
  const found = await services.prisma.meetingClass.findFirst({
    where: { id: classId, ...visibleClassWhere(userId) },
    include: { members: { where: { userId }, select: { role: true } } },
  });
  if (!found) throw new NotFoundError('meeting.classNotFound');
  const { members, ...meetingClass } = found;
  const role = members[0]?.role ?? null;
  return { meetingClass, role, can: classPermissions(role, meetingClass) };
}
