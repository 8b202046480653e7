import { ApiProperty } from '@nestjs/swagger';
import { BalancesView, BalanceTransactionView, SettledTransactionView, SettlementView, StatementView } from '@momo/contracts';
import { BALANCE_TRANSACTION_TYPES } from '@momo/data';
import { Mode, MODES } from '@momo/domain';
import { PaginationSchema } from '../openapi/schemas';

export class SettlementSchema implements SettlementView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: MODES }) mode!: Mode;
  @ApiProperty({ enum: ['running', 'completed'], description: '`running` only while a run is settling it (or was interrupted and will be resumed).' }) status!: 'running' | 'completed';
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: "The previous settlement's period end; null for the first." }) period_start!: string | null;
  @ApiProperty({ format: 'date-time', description: 'Every succeeded, unsettled cash in completed before this instant is covered.' }) period_end!: string;
  @ApiProperty({ type: 'integer' }) transaction_count!: number;
  @ApiProperty({ type: 'integer', description: 'Sum of the covered cash ins’ amounts.' }) gross!: number;
  @ApiProperty({ type: 'integer', description: 'Sum of their fees.' }) fees!: number;
  @ApiProperty({ type: 'integer', description: 'gross - fees: moved from pending to available.' }) net!: number;
  @ApiProperty({ enum: ['RWF'] }) currency!: 'RWF';
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completed_at!: string | null;
}

export class SettledTransactionSchema implements SettledTransactionView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() reference!: string;
  @ApiProperty({ enum: ['mtn', 'airtel'] }) network!: string;
  @ApiProperty({ type: 'integer' }) amount!: number;
  @ApiProperty({ type: 'integer' }) fee!: number;
  @ApiProperty({ type: 'integer' }) net!: number;
  @ApiProperty({ format: 'date-time' }) completed_at!: string;
  @ApiProperty({ format: 'date-time' }) settled_at!: string;
}

export class BalancesSchema implements BalancesView {
  @ApiProperty({ type: 'integer' }) available!: number;
  @ApiProperty({ type: 'integer' }) pending!: number;
  @ApiProperty({ type: 'integer' }) reserved!: number;
  @ApiProperty({ type: 'integer', description: 'available + pending + reserved.' }) total!: number;
}

export class BalanceTransactionSchema implements BalanceTransactionView {
  @ApiProperty({ description: 'The ledger journal id (ordering: ledger order).' }) id!: string;
  @ApiProperty({ enum: BALANCE_TRANSACTION_TYPES }) type!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The cash in, payout or refund it came from; null for an adjustment.' }) transaction_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The settlement it came from (type settlement).' }) settlement_id!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The ledger adjustment it came from (type adjustment).' }) adjustment_id!: string | null;
  @ApiProperty({ type: 'integer', description: "The source transaction's amount." }) amount!: number;
  @ApiProperty({ type: 'integer', description: "The source transaction's fee." }) fee!: number;
  @ApiProperty({ type: 'integer', description: 'Change of the total balance.' }) net!: number;
  @ApiProperty({ type: BalancesSchema, description: 'Change of each balance.' }) change!: BalancesSchema;
  @ApiProperty({ type: BalancesSchema, description: 'Balances right after this movement.' }) balance_after!: BalancesSchema;
  @ApiProperty({ enum: ['RWF'] }) currency!: 'RWF';
}

class TypeTotalSchema {
  @ApiProperty({ type: 'integer' }) count!: number;
  @ApiProperty({ type: 'integer' }) net!: number;
}

class StatementTotalsSchema {
  @ApiProperty({ type: 'integer' }) movements!: number;
  @ApiProperty({ type: 'integer', description: 'closing total - opening total = the sum of the movements’ net.' }) net!: number;
  @ApiProperty({
    type: 'object',
    description: 'Count and net per movement type.',
    additionalProperties: { type: 'object', required: ['count', 'net'], properties: { count: { type: 'integer' }, net: { type: 'integer' } } },
  })
  by_type!: Record<string, TypeTotalSchema>;
}

export class StatementSchema implements StatementView {
  @ApiProperty({ enum: MODES }) mode!: Mode;
  @ApiProperty({ enum: ['RWF'] }) currency!: 'RWF';
  @ApiProperty({ format: 'date-time' }) from!: string;
  @ApiProperty({ format: 'date-time' }) to!: string;
  @ApiProperty({ type: BalancesSchema }) opening_balance!: BalancesSchema;
  @ApiProperty({ type: BalancesSchema }) closing_balance!: BalancesSchema;
  @ApiProperty({ type: StatementTotalsSchema }) totals!: StatementTotalsSchema;
  @ApiProperty({ type: [BalanceTransactionSchema], description: 'Oldest first.' }) movements!: BalanceTransactionSchema[];
}

export class SettlementEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: SettlementSchema }) data!: SettlementSchema;
}

export class SettlementListEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: [SettlementSchema] }) data!: SettlementSchema[];
  @ApiProperty({ type: PaginationSchema }) pagination!: PaginationSchema;
}

export class SettledTransactionListEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: [SettledTransactionSchema] }) data!: SettledTransactionSchema[];
  @ApiProperty({ type: PaginationSchema }) pagination!: PaginationSchema;
}

export class BalanceTransactionListEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: [BalanceTransactionSchema] }) data!: BalanceTransactionSchema[];
  @ApiProperty({ type: PaginationSchema }) pagination!: PaginationSchema;
}

export class StatementEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: StatementSchema }) data!: StatementSchema;
}

