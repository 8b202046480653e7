import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Mode, Network } from '@momo/domain';
import { queryRows } from './hydrate';
import type { Table } from '../ownership';

export interface SettlementWallet {
  merchantId: string;
  mode: Mode;
  msisdn: string;
  network: Network;
  createdAt: Date;
  updatedAt: Date;
}

/** settlement_wallets (api-gateway): where a merchant's withdrawals go, one wallet per mode. */
@Injectable()
export class SettlementWalletsRepository {
  static readonly writes: readonly Table[] = ['settlement_wallets'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async set(merchantId: string, mode: Mode, msisdn: string, network: Network): Promise<SettlementWallet> {
    const [row] = await queryRows(
      this.dataSource.manager,
      `INSERT INTO settlement_wallets (merchant_id, mode, msisdn, network) VALUES ($1, $2, $3, $4)
       ON CONFLICT (merchant_id, mode) DO UPDATE SET msisdn = EXCLUDED.msisdn, network = EXCLUDED.network, updated_at = now()
       RETURNING *`,
      [merchantId, mode, msisdn, network],
    );
    return toWallet(row);
  }

  async find(merchantId: string, mode: Mode): Promise<SettlementWallet | null> {
    const rows = await queryRows(this.dataSource.manager, `SELECT * FROM settlement_wallets WHERE merchant_id = $1 AND mode = $2`, [merchantId, mode]);
    return rows.length ? toWallet(rows[0]) : null;
  }
}

function toWallet(r: Record<string, unknown>): SettlementWallet {
  return {
    merchantId: r.merchant_id as string,
    mode: r.mode as Mode,
    msisdn: r.msisdn as string,
    network: r.network as Network,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  };
}
