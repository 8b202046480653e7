import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import type { CreateAppRequest, RotateSecretRequest, UpdateAppRequest } from '@momo/contracts';

export class CreateAppDto implements CreateAppRequest {
  @IsString() @MinLength(1) @MaxLength(200)
  name!: string;

  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(2048)
  webhook_url?: string | null;
}

export class UpdateAppDto implements UpdateAppRequest {
  @IsOptional() @IsString() @MinLength(1) @MaxLength(200)
  name?: string;

  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(2048)
  webhook_url?: string | null;

  @IsOptional() @IsIn(['active', 'disabled'])
  status?: 'active' | 'disabled';
}

export class RotateSecretDto implements RotateSecretRequest {
  /** 0 to 7 days. */
  @IsOptional() @IsInt() @Min(0) @Max(7 * 24 * 3600)
  overlap_seconds?: number;
}

export class RotateKeyDto {
  /** How long the old key keeps working (0: stops at once; at most 7 days). */
  @IsOptional() @IsInt() @Min(0) @Max(7 * 24 * 3600)
  grace_seconds?: number;
}
