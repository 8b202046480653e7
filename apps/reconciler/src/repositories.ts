import {
  BacklogRepository,
  ExceptionCountsRepository,
  InvariantCheckpointsRepository,
  ReconciliationRepository,
  RepositoryClass,
} from '@momo/data';

/** The repositories reconciler registers: the tables it writes are theirs (TABLE_OWNERSHIP in libs/data). */
export const RECONCILER_REPOSITORIES: RepositoryClass[] = [
  BacklogRepository,
  ExceptionCountsRepository,
  InvariantCheckpointsRepository,
  ReconciliationRepository,
];
