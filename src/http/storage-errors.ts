// Storage errors a service did not translate, as the API answers them (src/app/api.ts's error handler,
// and the bulk import for each row it refuses).
import { PgCode, pgCode } from '../db/sql.js';
import { databaseUnavailable } from '../db/unavailable.js';
import { KeyConflictError, NodeGoneError } from '../graph/store.js';
import { AppError, databaseUnavailableError } from './errors.js';

/**
 * Safety net for storage errors a service did not translate: a race with a concurrent delete or
 * create is a 409, text PostgreSQL cannot store is a 422; never a 500 for what a client sent.
 */
export function fromStorageError(error: unknown): AppError | undefined {
  if (error instanceof NodeGoneError || pgCode(error) === PgCode.foreignKeyViolation) {
    return new AppError(
      409,
      'concurrent_change',
      'a resource this request refers to was deleted meanwhile; retry',
    );
  }
  if (error instanceof KeyConflictError) {
    return new AppError(409, 'conflict', error.taken ?? 'the resource already exists');
  }
  const code = pgCode(error);
  if (code === '22P05' || code === '22021') {
    return new AppError(
      422,
      'unsupported_text',
      'the request holds text that cannot be stored (a NUL character)',
    );
  }
  if (code === '22P02') {
    return new AppError(422, 'validation_failed', 'a value of the request is not valid for its type');
  }
  if (databaseUnavailable(error)) return databaseUnavailableError();
  return undefined;
}
