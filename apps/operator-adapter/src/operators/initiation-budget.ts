import { Mode, Network } from '@momo/domain';
import { Initiation, OperatorConnector, OperatorTransaction } from './operator-connector';
import { OperatorRequestBudget } from './operator-budget';

const OPERATOR_NAMES: Record<Network, string> = { mtn: 'MTN MoMo', airtel: 'Airtel Money' };

/**
 * A connector whose initiations (first sends and re-sends alike) keep to the operator's request
 * budget. Over budget nothing is sent and the answer is the one an operator's own 429 gets: the
 * merchant hears 429 RATE_LIMITED (details.limited_by "network") with Retry-After, the transaction
 * fails OPERATOR_RATE_LIMITED, no money moved. Status queries are weighed by the status-check
 * processor, which skips them rather than failing anything.
 */
export function keepingInitiationBudget(connector: OperatorConnector, budget: OperatorRequestBudget, network: Network, mode: Mode): OperatorConnector {
  return {
    async initiate(t: OperatorTransaction): Promise<Initiation> {
      const decision = await budget.admitInitiation(network, mode);
      if (!decision.admitted) {
        return {
          outcome: {
            kind: 'rate_limited',
            retryAfterSeconds: decision.retryAfterSeconds,
            failureMessage: `Our request budget towards ${OPERATOR_NAMES[network]} (what the network allows us per second) is spent; nothing was sent.`,
          },
        };
      }
      return connector.initiate(t);
    },
    queryStatus: (t) => connector.queryStatus(t),
    balances: () => connector.balances(),
  };
}
