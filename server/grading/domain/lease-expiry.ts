// A lease is live while it is LEASED and before its expiry (the queries in grading/repo.ts apply
// that rule), so an expired lease returns its item to the pool without any job having to run.
export const leaseExpiry = (now: Date, leaseMinutes: number): Date => new Date(now.getTime() + leaseMinutes * 60_000);
