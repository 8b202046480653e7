/** Response envelopes (contract: Envelopes). */
export interface SuccessEnvelope<T> {
  success: true;
  data: T;
}

export interface Pagination {
  limit: number;
  has_more: boolean;
  next_cursor: string | null;
}

export interface ListEnvelope<T> extends SuccessEnvelope<T[]> {
  pagination: Pagination;
}

export interface ErrorEnvelope {
  status: 'error';
  message: string;
  timestamp: string;
  code: string;
  details?: Record<string, unknown>;
}
