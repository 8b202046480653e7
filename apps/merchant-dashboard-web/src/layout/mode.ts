import { useParams } from 'react-router-dom';
import type { DashboardMode } from '@momo/contracts/dashboard';

/** The mode is part of every mode-scoped address (/test/…, /live/…), like a bookmarkable switch. */
export function useMode(): DashboardMode {
  const { mode } = useParams();
  return mode === 'live' ? 'live' : 'test';
}
