import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InfraConfig } from '@momo/platform';
import { dataSourceOptions } from './data-source-options';
import { REPOSITORIES } from '../repositories';

/** The Postgres connection pool and every repository, for services that use the database. */
@Module({})
export class DatabaseModule {
  static forRoot(applicationName: string): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [InfraConfig],
          useFactory: (config: InfraConfig) => ({
            ...dataSourceOptions(config.DATABASE_URL, config.DATABASE_POOL_SIZE, applicationName),
            retryAttempts: 20,
            retryDelay: 1500,
          }),
        }),
      ],
      providers: REPOSITORIES,
      exports: REPOSITORIES,
    };
  }
}
