/** One request-to-pay or transfer as the simulated MTN records it. */
export interface MtnTransaction {
  referenceId: string;
  product: 'collection' | 'disbursement';
  financialTransactionId: string;
  externalId: string;
  amount: string;
  currency: string;
  party: { partyIdType: string; partyId: string };
  payerMessage: string;
  payeeNote: string;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason?: string;
  callbackUrl?: string;
  createdAt: number;
}

/** The simulated operator's own record of every transaction it was asked to make. */
export class MtnLedger {
  private readonly transactions = new Map<string, MtnTransaction>();
  private sequence = 100_000_000;

  has(referenceId: string): boolean {
    return this.transactions.has(referenceId);
  }

  get(referenceId: string): MtnTransaction | undefined {
    return this.transactions.get(referenceId);
  }

  add(tx: Omit<MtnTransaction, 'financialTransactionId' | 'createdAt' | 'status'>): MtnTransaction {
    const record: MtnTransaction = { ...tx, status: 'PENDING', financialTransactionId: String(++this.sequence), createdAt: Date.now() };
    this.transactions.set(tx.referenceId, record);
    return record;
  }

  all(): MtnTransaction[] {
    return [...this.transactions.values()];
  }
}
