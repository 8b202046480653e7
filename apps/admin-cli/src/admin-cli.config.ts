import { IsNotEmpty, IsString, Matches } from 'class-validator';
import { ServiceConfig } from '@momo/platform';

/** Settings for commands that only touch the database schema. */
export class DatabaseCliConfig extends ServiceConfig {
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// connection URL' })
  DATABASE_URL: string = 'postgres://postgres@127.0.0.1:5432/momo';
}

/** Settings for commands that issue keys or secrets. */
export class AdminCliConfig extends DatabaseCliConfig {
  @IsString() @IsNotEmpty()
  API_KEY_PEPPER!: string;

  @IsString() @IsNotEmpty()
  SECRETS_ENCRYPTION_KEY!: string;
}
