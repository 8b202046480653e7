import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { generateWebhookSecret, SuccessEnvelope } from '@momo/contracts';
import type { Mode } from '@momo/domain';
import { AppsRepository } from '@momo/data';
import { ApiError, SecretBox } from '@momo/platform';
import { ApiGatewayConfig } from '../api-gateway.config';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { isUuid } from '@momo/money-requests';
import { ApiAuthenticated, ApiErrors, ApiSuccess } from '../openapi/decorators';
import { RotatedSecretEnvelope } from './webhook.schemas';
import { RotateWebhookSecretDto } from './webhook-deliveries.dto';

const DEFAULT_WINDOW_SECONDS = 24 * 3600;

export interface RotatedSecretView {
  app_id: string;
  /** The mode whose secret was rotated: the calling key's. */
  mode: Mode;
  /** Shown only in this response. */
  webhook_secret: string;
  /** Until then deliveries carry two v1 signatures: one with the new secret, one with the old. */
  previous_secret_expires_at: string;
}

/**
 * Rotating an app's webhook signing secret without downtime: the new secret signs at once, the
 * old one keeps signing beside it until the window closes, so the merchant can switch receivers
 * to the new secret at their own pace. Each mode has its own secret and a key rotates only its
 * own mode's: a test key can never change (or learn) the secret that signs live deliveries.
 */
@ApiTags('webhooks')
@Controller('v1/apps')
@UseGuards(ApiKeyGuard)
@ApiAuthenticated()
export class WebhookSecretsController {
  private readonly box: SecretBox;

  constructor(
    private readonly apps: AppsRepository,
    config: ApiGatewayConfig,
  ) {
    this.box = new SecretBox(config.SECRETS_ENCRYPTION_KEY);
  }

  @Post(':id/webhook-secret/rotate')
  @HttpCode(200)
  @RequiresKey('account')
  @ApiOperation({
    summary: "Rotate an app's webhook signing secret",
    description:
      "Account key. Rotates the secret of the key's mode only (a test key the test secret, a live key the live secret). The new secret signs at once; the old one keeps signing beside it until previous_secret_expires_at.",
  })
  @ApiSuccess(200, RotatedSecretEnvelope, 'The new secret, shown only here.')
  @ApiErrors(400, 404)
  async rotate(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: RotateWebhookSecretDto = {},
  ): Promise<SuccessEnvelope<RotatedSecretView>> {
    if (!isUuid(id)) throw ApiError.of('NOT_FOUND');
    const secret = generateWebhookSecret();
    const now = new Date();
    const window = body?.previous_secret_expires_in ?? DEFAULT_WINDOW_SECONDS;
    const rotated = await this.apps.rotateWebhookSecret(id, principal.merchantId, principal.mode, this.box.seal(secret), new Date(now.getTime() + window * 1000), now);
    if (!rotated) throw ApiError.of('NOT_FOUND');
    return { success: true, data: { app_id: id, mode: principal.mode, webhook_secret: secret, previous_secret_expires_at: rotated.previousExpiresAt.toISOString() } };
  }
}
