import { InitialSchema1795314900000 } from './1795314900000-InitialSchema';

/** Every migration, in order. TypeORM runs them from this list, never from a glob. */
export const MIGRATIONS = [InitialSchema1795314900000];
