import { Injectable } from '@nestjs/common';
import type { Mode, Network } from '@momo/domain';
import { OperatorHttpClient } from '../http/operator-http.client';
import { MtnMomoConnector } from '../mtn/mtn-momo.connector';
import { mtnSettings } from '../mtn/mtn-settings';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { OperatorConnector } from './operator-connector';

/** The connector for a network in a mode; undefined when that pair is not configured. */
@Injectable()
export class OperatorRegistry {
  private readonly connectors = new Map<string, OperatorConnector>();

  constructor(config: OperatorAdapterConfig, http: OperatorHttpClient) {
    for (const mode of ['test', 'live'] as const) {
      const mtn = mtnSettings(config, mode);
      if (mtn) this.connectors.set(key('mtn', mode), new MtnMomoConnector(mtn, http));
    }
  }

  connectorFor(network: Network, mode: Mode): OperatorConnector | undefined {
    return this.connectors.get(key(network, mode));
  }
}

const key = (network: Network, mode: Mode) => `${network}:${mode}`;
