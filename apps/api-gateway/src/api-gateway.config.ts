import { IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';
import { InfraConfig } from '@momo/platform';

export class ApiGatewayConfig extends InfraConfig {
  override PORT: number = 3000;

  /** Server-side secret mixed into API key hashes; without it a leaked key table is useless. */
  @IsString() @IsNotEmpty()
  API_KEY_PEPPER!: string;

  /** How long a money request waits for payments-core before answering 503 (retry with the same key). */
  @IsInt() @Min(1_000) @Max(60_000)
  COMMAND_WAIT_MS: number = 12_000;

  /** Largest accepted request body. */
  @IsInt() @Min(1_024) @Max(10_485_760)
  BODY_LIMIT_BYTES: number = 64 * 1024;
}
