/** How long sessions live: the company's timeouts (company settings → user). */
export interface SessionLimits {
  /** A session unused this long ends; null: no idle timeout. */
  idleMs: number | null;
  /** A session ends this long after sign-in, however busy. */
  absoluteMs: number;
}

/** The limits of the company settings' columns. */
export function sessionLimitsOf(settings: { sessionIdleTimeoutMinutes: number | null; sessionAbsoluteTimeoutHours: number }): SessionLimits {
  return {
    idleMs: settings.sessionIdleTimeoutMinutes === null ? null : settings.sessionIdleTimeoutMinutes * 60_000,
    absoluteMs: settings.sessionAbsoluteTimeoutHours * 3_600_000,
  };
}
