import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';

const WEBHOOK_URL_DOC = 'Public https URL that receives signed webhook deliveries; its host must resolve only to public addresses.';

/** POST /v1/apps. */
export class CreateAppDto {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Web shop' })
  @Length(1, 200) @IsString()
  name!: string;

  @ApiPropertyOptional({ maxLength: 2048, format: 'uri', description: `${WEBHOOK_URL_DOC} The URL of the calling key's mode (test and live each have their own); the other mode starts without one. Without one, poll GET /v1/payments.`, example: 'https://shop.example.com/webhooks/momo' })
  @IsOptional() @MaxLength(2048) @IsString()
  webhook_url?: string;
}

/** PATCH /v1/apps/:id: change or remove the webhook URL of the key's mode; rename, disable or re-enable (live key only). */
export class UpdateAppDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200, description: 'Live account key only (403 LIVE_KEY_REQUIRED otherwise).' })
  @IsOptional() @Length(1, 200) @IsString()
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2048, format: 'uri', description: `${WEBHOOK_URL_DOC} Changes the URL of the calling key's mode only; null removes it.` })
  @ValidateIf((_, value) => value !== null && value !== undefined) @MaxLength(2048) @IsString()
  webhook_url?: string | null;

  @ApiPropertyOptional({ enum: ['active', 'disabled'], description: "Live account key only (403 LIVE_KEY_REQUIRED otherwise). A disabled app's keys are refused with 403 APP_DISABLED and its webhook deliveries are held until it is active again." })
  @IsOptional() @IsIn(['active', 'disabled'])
  status?: 'active' | 'disabled';
}
