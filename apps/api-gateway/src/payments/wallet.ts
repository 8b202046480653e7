import type { CreatePaymentCommand } from '@momo/contracts';
import { Network, parseMsisdn } from '@momo/domain';
import { ApiError } from '@momo/platform';
import type { Principal } from '../auth/principal';
import type { IdempotentAttempt } from '@momo/money-requests';
import type { MoneyMovementDto } from './create-payment.dto';

/** The canonical number and its network; validation has already refused anything else. */
export function wallet(input: string): { msisdn: string; network: Network } {
  const parsed = parseMsisdn(input);
  if (!parsed.ok) throw ApiError.of(parsed.reason === 'unsupported_network' ? 'UNSUPPORTED_NETWORK' : 'VALIDATION_FAILED');
  return { msisdn: parsed.msisdn, network: parsed.network };
}

/** The command for a cash in or cash out, from the validated body and the calling app key. */
export function moneyMovementCommand(principal: Principal, attempt: IdempotentAttempt, body: MoneyMovementDto): CreatePaymentCommand {
  const { msisdn, network } = wallet(body.msisdn);
  return {
    transactionId: attempt.transactionId,
    merchantId: principal.merchantId,
    appId: principal.appId!,
    mode: principal.mode,
    amount: body.amount,
    msisdn,
    network,
    description: body.description ?? '',
    reference: body.reference ?? '',
    metadata: body.metadata ?? {},
    initiatedBy: 'api',
  };
}
