import { createHmac } from 'node:crypto';
import type { Config, IceServer } from '../config';

/** An RTCIceServer entry whose username and credential only our TURN servers (coturn) accept, for a while. */
export type TurnIceServer = { urls: string[]; username: string; credential: string };

/**
 * Time-limited TURN credentials for one member, in the "TURN REST API" scheme coturn checks with
 * `use-auth-secret` and `static-auth-secret` (the same secret as ours): the username is
 * `<expiry in unix seconds>:<member id>` and the credential is base64(HMAC-SHA1(secret, username)).
 * coturn recomputes the credential from the username and refuses it after the expiry, so nothing
 * is stored on either side, and a credential that leaks names its member and stops working.
 *
 * coturn checks the expiry when a relay is allocated; the allocation it gave keeps working (and
 * being refreshed) past that time, so a call longer than the lifetime is not cut.
 */
export function mintTurnCredentials(options: {
  secret: string;
  urls: string[];
  ttlSeconds: number;
  memberId: number;
  now: Date;
}): TurnIceServer {
  const expiry = Math.floor(options.now.getTime() / 1000) + options.ttlSeconds;
  const username = `${expiry}:${options.memberId}`;
  const credential = createHmac('sha1', options.secret).update(username).digest('base64');
  return { urls: options.urls, username, credential };
}

/**
 * The ICE servers a member's browser gets for calls: the configured STUN (and static) entries, and,
 * when we run TURN, a relay entry minted for that member now. Nobody signed in gets no relay.
 */
export function iceServersFor(config: Pick<Config, 'iceServers' | 'turn'>, memberId: number | undefined, now: Date): IceServer[] {
  if (!config.turn || memberId === undefined) return config.iceServers;
  const { urls, secret, credentialTtlSeconds } = config.turn;
  return [...config.iceServers, mintTurnCredentials({ secret, urls, ttlSeconds: credentialTtlSeconds, memberId, now })];
}
