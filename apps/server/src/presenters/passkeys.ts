import type { Passkey } from '@app/contracts';
import type { PasskeyRow } from '../db/repositories/passkeys.js';

/** A stored passkey as its owner sees it (name, date added, last used): no key material (issue: passkeys). */
export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}
