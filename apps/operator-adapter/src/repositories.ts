import { OperatorLogRepository, RepositoryClass, TransactionReadsRepository } from '@momo/data';

/** The repositories operator-adapter registers: the tables it writes are theirs (TABLE_OWNERSHIP in libs/data). */
export const OPERATOR_ADAPTER_REPOSITORIES: RepositoryClass[] = [
  OperatorLogRepository,
  TransactionReadsRepository,
];
