import { Injectable } from '@nestjs/common';
import { MODES, Mode, Network } from '@momo/domain';
import { AirtelMoneyConnector } from '../airtel/airtel-money.connector';
import { airtelSettings } from '../airtel/airtel-settings';
import { OperatorHttpClient } from '../http/operator-http.client';
import { MtnMomoConnector } from '../mtn/mtn-momo.connector';
import { mtnSettings } from '../mtn/mtn-settings';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { keepingInitiationBudget } from './initiation-budget';
import { OperatorRequestBudget } from './operator-budget';
import { OperatorConnector } from './operator-connector';
import { answeringTokenFailures } from './token-failures';

/**
 * The connector for a network in a mode; undefined when that pair is not configured. The
 * network comes from the number's prefix (078/079 MTN, 072/073 Airtel) when the transaction is
 * created; the mode from the API key. Test mode is always configured (the simulator). Every
 * initiation keeps to the operator's request budget (OperatorRequestBudget).
 */
@Injectable()
export class OperatorRegistry {
  private readonly connectors = new Map<string, OperatorConnector>();

  constructor(config: OperatorAdapterConfig, http: OperatorHttpClient, budget: OperatorRequestBudget) {
    for (const mode of MODES) {
      const mtn = mtnSettings(config, mode);
      if (mtn) this.connectors.set(key('mtn', mode), keepingInitiationBudget(answeringTokenFailures(new MtnMomoConnector(mtn, http)), budget, 'mtn', mode));
      const airtel = airtelSettings(config, mode);
      if (airtel) this.connectors.set(key('airtel', mode), keepingInitiationBudget(answeringTokenFailures(new AirtelMoneyConnector(airtel, http)), budget, 'airtel', mode));
    }
  }

  connectorFor(network: Network, mode: Mode): OperatorConnector | undefined {
    return this.connectors.get(key(network, mode));
  }

  configured(): { network: Network; mode: Mode; connector: OperatorConnector }[] {
    return [...this.connectors.entries()].map(([k, connector]) => {
      const [network, mode] = k.split(':') as [Network, Mode];
      return { network, mode, connector };
    });
  }
}

const key = (network: Network, mode: Mode) => `${network}:${mode}`;
