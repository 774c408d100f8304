/**
 * The V1 → V3 migration entries as the V1 file states them: each V1 operation with the V3
 * successor of its `x-tessera-successor`. Both the computed model (migration-model.ts) and what is
 * rendered from it (migration.ts) start from these.
 */
import {apiOperations, type ApiDocument, type ApiOperation} from './openapi';

/**
 * Fields and error codes are not listed here: their fates are computed from both files
 * (migration-model.ts). What stays hand-written in the V1 file is what a schema cannot hold.
 */
export type ChangeKind = 'limit' | 'state' | 'behaviour';
/** Where a file states a limit: a JSON pointer into the document, or into an operation (migration-limits.ts). */
export type LimitSource = {pointer: string; operation?: string};
/**
 * `v1`/`v3` are status values (state), or where each file states the limit (limit: read by
 * migration-limits.ts, never written out by hand).
 */
export type MigrationChange = {kind: ChangeKind; subject?: string; v1?: string | LimitSource; v3?: string | LimitSource; note?: string};
export type SuccessorEntry = {operation?: string; removed?: string; also?: string[]; changes?: MigrationChange[]};
export type MigrationEntry = {v1: ApiOperation; successor: SuccessorEntry};

/** The tag of the sandbox-only operations that play the customer, the applicant and the clock. */
export const sandboxTestHelperTag = 'Test helpers';

export function migrationEntries(v1: ApiDocument): MigrationEntry[] {
  // The sandbox's test helpers are not part of the API an integration migrates: V3 has its own.
  const migrated = [...apiOperations(v1).values()].filter(
    (operation) => !((operation.operation.tags ?? []) as string[]).includes(sandboxTestHelperTag),
  );
  return migrated.map((operation) => ({
    v1: operation,
    successor: (operation.operation['x-tessera-successor'] as SuccessorEntry | undefined) ?? {},
  }));
}
