import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type OtpDeviceRow, otpDevices, users } from '../../db/schema/index.ts';

export interface OtpDevicesRepository {
  findByUser(userId: number): Promise<OtpDeviceRow | undefined>;
  /** A new unconfirmed device with `secret` for the user, in place of any earlier one. */
  replace(userId: number, secret: string): Promise<OtpDeviceRow>;
  /** Confirms the user's device with the code of `step` and turns the user's otp_active on. */
  confirm(userId: number, step: number, at: Date): Promise<OtpDeviceRow>;
  /**
   * Spends the code of `step` on the user's confirmed device: false when that step or a later
   * one was already spent. One conditional update, so two requests with one code cannot both pass.
   */
  spendStep(userId: number, step: number): Promise<boolean>;
  /** Deletes the user's device and turns otp_active off; the device deleted, if any. */
  remove(userId: number): Promise<OtpDeviceRow | undefined>;
}

export function createOtpDevicesRepository(db: Db): OtpDevicesRepository {
  return {
    async findByUser(userId) {
      const [row] = await db.select().from(otpDevices).where(eq(otpDevices.userId, userId));
      return row;
    },
    async replace(userId, secret) {
      const [row] = await db
        .insert(otpDevices)
        .values({ userId, secret })
        .onConflictDoUpdate({ target: otpDevices.userId, set: { secret, createdAt: new Date(), confirmedAt: null, lastUsedStep: null } })
        .returning();
      if (!row) throw new Error('upsert into otp_devices returned no row');
      return row;
    },
    async confirm(userId, step, at) {
      const [row] = await db
        .update(otpDevices)
        .set({ confirmedAt: at, lastUsedStep: step })
        .where(and(eq(otpDevices.userId, userId), isNull(otpDevices.confirmedAt)))
        .returning();
      if (!row) throw new Error('no unconfirmed otp device to confirm');
      await db.update(users).set({ otpActive: true }).where(eq(users.id, userId));
      return row;
    },
    async spendStep(userId, step) {
      const rows = await db
        .update(otpDevices)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(otpDevices.userId, userId),
            isNotNull(otpDevices.confirmedAt),
            or(isNull(otpDevices.lastUsedStep), lt(otpDevices.lastUsedStep, step)),
          ),
        )
        .returning({ id: otpDevices.id });
      return rows.length > 0;
    },
    async remove(userId) {
      const [row] = await db.delete(otpDevices).where(eq(otpDevices.userId, userId)).returning();
      await db.update(users).set({ otpActive: false }).where(eq(users.id, userId));
      return row;
    },
  };
}
