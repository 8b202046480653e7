import { BadRequestException, Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { SimulatedNetwork } from '../engine/simulated-network';
import { canonicalMsisdn, isScenario, SCENARIOS } from '../scenarios/scenarios';
import { OperatorId } from '../store/simulator-store';
import { statementReport } from './statement-report';

const OPERATORS: readonly string[] = ['mtn', 'airtel'];

/**
 * A small control API for tests and development: pin a scenario to a number, read what the
 * simulated networks received, count requests and money movements per reference, read and set
 * balances. Not part of either operator's protocol.
 */
@Controller('control')
export class ControlController {
  constructor(private readonly network: SimulatedNetwork) {}

  @Get('scenarios')
  scenarios() {
    return { magic_numbers: '07X0000CCC (X: 8/9 MTN, 2/3 Airtel)', scenarios: SCENARIOS };
  }

  @Put('scenarios/:msisdn')
  @HttpCode(204)
  async setScenario(@Param('msisdn') msisdn: string, @Body() body: { scenario?: unknown } | undefined) {
    if (!isScenario(body?.scenario)) throw new BadRequestException(`scenario must be one of ${Object.keys(SCENARIOS).join(', ')}`);
    await this.network.setScenario(msisdn, body.scenario);
  }

  @Delete('scenarios/:msisdn')
  @HttpCode(204)
  async clearScenario(@Param('msisdn') msisdn: string) {
    await this.network.setScenario(msisdn, null);
  }

  /** The requests received, newest first; `reference` matches the operator reference or our id. */
  @Get('requests')
  async requests(@Query('reference') reference?: string, @Query('operator') operator?: string, @Query('limit') limit?: string) {
    const n = Math.min(Math.max(Number(limit) || 100, 1), 1_000);
    await this.network.flushRequestLog();
    return this.network.store.requests({ reference, operator, limit: n });
  }

  /** Requests per operation and money movements for one reference (or one of our transaction ids). */
  @Get('counts/:id')
  async counts(@Param('id') id: string) {
    await this.network.flushRequestLog();
    return this.network.store.counts(id);
  }

  /** For up to 10,000 of our ids: the operator's status, its records and money movements for each. */
  @Post('summaries')
  @HttpCode(200)
  summaries(@Body() body: { ids?: unknown } | undefined) {
    const ids = body?.ids;
    if (!Array.isArray(ids) || ids.length > 10_000 || !ids.every((id) => typeof id === 'string')) {
      throw new BadRequestException('ids must be an array of at most 10000 strings');
    }
    return this.network.store.summaries(ids as string[]);
  }

  /** The simulated operator's own record of a transaction. */
  @Get('transactions/:id')
  transactions(@Param('id') id: string) {
    return this.network.store.findForControl(id);
  }

  @Get('wallets/:operator/:msisdn')
  async wallet(@Param('operator') operator: string, @Param('msisdn') msisdn: string) {
    const op = operatorOf(operator);
    return { operator: op, msisdn: canonicalMsisdn(msisdn), balance: await this.network.store.walletBalance(op, canonicalMsisdn(msisdn)) };
  }

  @Put('wallets/:operator/:msisdn')
  @HttpCode(204)
  async setWallet(@Param('operator') operator: string, @Param('msisdn') msisdn: string, @Body() body: { balance?: unknown } | undefined) {
    if (!Number.isSafeInteger(body?.balance) || (body?.balance as number) < 0) throw new BadRequestException('balance must be a whole number >= 0');
    await this.network.store.setWalletBalance(operatorOf(operator), canonicalMsisdn(msisdn), body?.balance as number);
  }

  /**
   * The operator's statement report of transactions created in [from, to) (ISO 8601), as a CSV in
   * that operator's layout: what our operator statement reconciliation imports (docs/simulator.md).
   */
  @Get('reports/:operator')
  @Header('content-type', 'text/csv; charset=utf-8')
  async report(@Param('operator') operator: string, @Query('from') from?: string, @Query('to') to?: string) {
    const [start, end] = [Date.parse(from ?? ''), Date.parse(to ?? '')];
    if (Number.isNaN(start) || Number.isNaN(end) || end <= start) throw new BadRequestException('from and to must be ISO 8601 timestamps, from before to');
    return statementReport(operatorOf(operator), await this.network.store.createdBetween(operatorOf(operator), new Date(start), new Date(end)));
  }

  @Get('accounts/:operator')
  async accounts(@Param('operator') operator: string) {
    const op = operatorOf(operator);
    return {
      collection: await this.network.store.accountBalance(op, 'collection'),
      disbursement: await this.network.store.accountBalance(op, 'disbursement'),
    };
  }
}

function operatorOf(value: string): OperatorId {
  if (!OPERATORS.includes(value)) throw new BadRequestException('operator must be mtn or airtel');
  return value as OperatorId;
}
