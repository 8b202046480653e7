import { Initiation, OperatorConnector, OperatorTransaction, StatusOutcome } from './operator-connector';
import { OperatorTokenError } from './token-cache';

/**
 * Every connector behind one rule for a token the operator would not give us: nothing was sent,
 * so an initiation fails as the operator being unavailable (the merchant hears 503 and may retry)
 * and a status query learns nothing (the reconciler asks again later).
 */
export function answeringTokenFailures(connector: OperatorConnector): OperatorConnector {
  return {
    async initiate(t: OperatorTransaction): Promise<Initiation> {
      try {
        return await connector.initiate(t);
      } catch (error) {
        if (!(error instanceof OperatorTokenError)) throw error;
        return { outcome: { kind: 'unavailable', retryAfterSeconds: 30, failureMessage: `${error.operator} refused our credentials or is unreachable.` } };
      }
    },
    async queryStatus(t: OperatorTransaction): Promise<StatusOutcome> {
      try {
        return await connector.queryStatus(t);
      } catch (error) {
        if (!(error instanceof OperatorTokenError)) throw error;
        return { kind: 'unknown', detail: error.message };
      }
    },
    balances: () => connector.balances(),
  };
}
