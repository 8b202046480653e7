import { DynamicModule, Module, Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InfraConfig } from '@momo/platform';
import { DatabaseService, ownershipViolations, WritesTables } from '../ownership';
import { dataSourceOptions } from './data-source-options';

/** A repository class with its declared writes (every *.repository.ts has them). */
export type RepositoryClass = Type<unknown> & WritesTables;

/**
 * The Postgres connection pool and the repositories one service declares: writing to a table is
 * a visible dependency, and a repository that writes a table the service may not write
 * (TABLE_OWNERSHIP) stops the service at boot.
 */
@Module({})
export class DatabaseModule {
  static forService(service: DatabaseService, repositories: readonly RepositoryClass[]): DynamicModule {
    const violations = ownershipViolations(service, repositories);
    if (violations.length > 0) throw new Error(`table ownership: ${violations.join('; ')}`);
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [InfraConfig],
          useFactory: (config: InfraConfig) => ({
            ...dataSourceOptions(config.DATABASE_URL, config.DATABASE_POOL_SIZE, service, config.DATABASE_POOL_IDLE_TIMEOUT_MS),
            retryAttempts: 20,
            retryDelay: 1500,
          }),
        }),
      ],
      providers: [...repositories],
      exports: [...repositories],
    };
  }
}
