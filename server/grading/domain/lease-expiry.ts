// A lease is live while it is LEASED and not past its expiry; an expired lease returns the item
// to the pool without any job having to run.
export interface LeaseState {
  status: "LEASED" | "SUBMITTED" | "SKIPPED" | "RELEASED";
  expiresAt: Date;
}

export const isLiveLease = (a: LeaseState, now: Date): boolean => a.status === "LEASED" && a.expiresAt > now;

export const leaseExpiry = (now: Date, leaseMinutes: number): Date => new Date(now.getTime() + leaseMinutes * 60_000);
