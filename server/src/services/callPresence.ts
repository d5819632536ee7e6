import type { Services } from './container';
import { leaveAllRooms } from './rooms';

/**
 * Who holds a call-events subscription on this process. A member whose last one ends (tab closed,
 * network lost) is taken out of their rooms after a grace period, unless they come back first, so
 * a closed laptop does not keep a seat and a frozen tile forever.
 */
type Presence = { counts: Map<number, number>; timers: Map<number, NodeJS.Timeout>; stopped: boolean };

const registries = new WeakMap<Services, Presence>();

function registry(services: Services): Presence {
  let presence = registries.get(services);
  if (!presence) {
    presence = { counts: new Map(), timers: new Map(), stopped: false };
    registries.set(services, presence);
  }
  return presence;
}

export function enterCallPresence(services: Services, userId: number) {
  const presence = registry(services);
  presence.counts.set(userId, (presence.counts.get(userId) ?? 0) + 1);
  clearTimeout(presence.timers.get(userId));
  presence.timers.delete(userId);
}

export function exitCallPresence(services: Services, userId: number) {
  const presence = registry(services);
  const count = (presence.counts.get(userId) ?? 1) - 1;
  if (count > 0) {
    presence.counts.set(userId, count);
    return;
  }
  presence.counts.delete(userId);
  if (presence.stopped) return;
  const timer = setTimeout(() => {
    presence.timers.delete(userId);
    if (presence.stopped || presence.counts.has(userId)) return;
    leaveAllRooms(services, userId).catch((error: unknown) =>
      services.log.warn(`could not take user ${userId} out of their rooms after they disconnected`, error),
    );
  }, services.config.callPresenceGraceSeconds * 1000);
  timer.unref();
  presence.timers.set(userId, timer);
}

/** The server is stopping: pending removals are dropped (the next start closes stale stays). */
export function stopCallPresence(services: Services) {
  const presence = registry(services);
  presence.stopped = true;
  for (const timer of presence.timers.values()) clearTimeout(timer);
  presence.timers.clear();
}
