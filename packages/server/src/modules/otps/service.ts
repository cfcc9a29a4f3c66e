import type { OtpDeviceRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { failureEvent, lockedUntil, SIGN_IN_LIMIT, SIGN_IN_WINDOW_MS } from '../auth/service.ts';
import type { SignInFailuresRepository } from '../auth/sign-in-failures.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { OtpDevicesRepository } from './repository.ts';
import type { OtpDevice, OtpDisableBody } from './schemas.ts';
import { configUrl, matchingStep, newTotpSecret } from './totp.ts';

/** What a sign-in code is: good (and now spent), not a current code, or one already spent. */
export type OtpCheck = 'ok' | 'invalid' | 'reused';

export interface OtpsService {
  /** A new unconfirmed device for the viewer (in place of an unconfirmed or stale one); its config_url is in this answer. */
  enrol(viewer: Viewer): Promise<OtpDevice>;
  /** The viewer's device, if any: config_url only while unconfirmed. */
  list(viewer: Viewer): Promise<Page<OtpDevice>>;
  /** A current code confirms the device and turns the viewer's two-factor sign-in on. */
  confirm(viewer: Viewer, code: string): Promise<OtpDevice>;
  /**
   * Turns two-factor sign-in off and deletes the device, given the password or a current code
   * from the client `address`; wrong ones count under the sign-in limit, as at login.
   */
  disable(viewer: Viewer, proof: OtpDisableBody, address: string): Promise<void>;
  /** A sign-in's code for a user with otp_active; a good code is spent. */
  checkSignInCode(userId: number, code: string): Promise<OtpCheck>;
}

export interface OtpsServiceDeps {
  devices: OtpDevicesRepository;
  users: UsersRepository;
  /** The login's brute-force limit: a stolen session must not guess the password here unlimited. */
  signIns: SignInFailuresRepository;
  now?: () => Date;
  change: AuditedChange<{ devices: OtpDevicesRepository; signIns: SignInFailuresRepository }>;
}

export function createOtpsService(deps: OtpsServiceDeps): OtpsService {
  const now = deps.now ?? (() => new Date());
  const userOf = async (viewer: Viewer) => {
    const user = await deps.users.findById(viewer.userId);
    if (!user) throw new AppError('not_authenticated');
    return user;
  };

  /** A code of the user's confirmed device, spent when good. */
  async function spend(userId: number, code: string): Promise<OtpCheck> {
    const device = await deps.devices.findByUser(userId);
    if (!device?.confirmedAt) return 'invalid';
    const step = matchingStep(device.secret, code.trim(), now());
    if (step === null) return 'invalid';
    // Not an audited change: the sign-in or the change it proves is the event.
    return (await deps.devices.spendStep(userId, step)) ? 'ok' : 'reused';
  }

  return {
    async enrol(viewer) {
      const user = await userOf(viewer);
      if (user.otpActive) throw new AppError('otp_already_active');
      const device = await deps.change(
        (tx) => tx.devices.replace(user.id, newTotpSecret()),
        (row) => ({ actorId: user.id, action: 'otp.enrol', object: `user:${user.id}`, level: 3, details: { device: row.id } }),
      );
      return toOtpDevice(device, user.email);
    },

    async list(viewer) {
      const device = await deps.devices.findByUser(viewer.userId);
      const results = device ? [toOtpDevice(device, viewer.email)] : [];
      return { count: results.length, results, links: { next: null, previous: null } };
    },

    async confirm(viewer, code) {
      const device = await deps.devices.findByUser(viewer.userId);
      if (!device || device.confirmedAt) throw new AppError('otp_not_enrolling');
      const at = now();
      const step = matchingStep(device.secret, code.trim(), at);
      if (step === null) throw new AppError('otp_confirm_invalid');
      const confirmed = await deps.change(
        (tx) => tx.devices.confirm(viewer.userId, step, at),
        (row) => ({ actorId: viewer.userId, action: 'user.otp_enable', object: `user:${viewer.userId}`, level: 3, details: { device: row.id } }),
      );
      return toOtpDevice(confirmed, viewer.email);
    },

    async disable(viewer, proof, address) {
      const user = await userOf(viewer);
      if (!user.otpActive) throw new AppError('otp_not_active');
      if (proof.password === undefined && proof.code === undefined) throw new AppError('otp_disable_proof');
      const at = now();
      const since = new Date(at.getTime() - SIGN_IN_WINDOW_MS);
      const attempt = await deps.signIns.reserve({ email: user.email, address, now: at, since, limit: SIGN_IN_LIMIT });
      if ('blockedBy' in attempt) throw lockedUntil(attempt.blockedBy, at);
      const proven = proof.password !== undefined ? await verifyPassword(proof.password, user.passwordHash) : (await spend(user.id, proof.code ?? '')) === 'ok';
      if (!proven) {
        const reason = proof.password !== undefined ? 'password' : 'otp_invalid';
        await deps.change(
          (tx) => tx.signIns.counts(user.email, address, since),
          (counts) => failureEvent({ user, email: user.email, address, via: 'otp_disable', counts, reason }),
        );
        throw new AppError(proof.password !== undefined ? 'otp_disable_password' : 'otp_disable_code');
      }
      await deps.signIns.delete(attempt.id);
      await deps.change(
        (tx) => tx.devices.remove(user.id),
        () => ({ actorId: user.id, action: 'user.otp_disable', object: `user:${user.id}`, level: 3, details: { proof: proof.password !== undefined ? 'password' : 'code' } }),
      );
    },

    checkSignInCode: spend,
  };
}

function toOtpDevice(row: OtpDeviceRow, email: string): OtpDevice {
  return {
    id: row.id,
    confirmed: row.confirmedAt !== null,
    created: row.createdAt.toISOString(),
    config_url: row.confirmedAt === null ? configUrl(row.secret, email) : null,
  };
}
