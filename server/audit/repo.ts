// Audit trail: who did what to which study, user or data, and when.
import type { Tx, Db } from "../db/client";

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.auditEvent.create({
    data: { ...entry, details: JSON.stringify(entry.details ?? {}) },
  });
}
