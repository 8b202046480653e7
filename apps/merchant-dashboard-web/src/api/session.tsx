import { createContext, ReactNode, useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DashboardMode, DashboardPermission, SessionView } from '@momo/contracts/dashboard';
import { api, rememberCsrfToken } from './client';

export const SESSION_KEY = ['session'] as const;

/** The signed-in session (or null), fetched once and kept in the query cache. */
export function useSessionQuery() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => {
      const session = await api.session();
      rememberCsrfToken(session?.csrf_token ?? null);
      return session;
    },
    staleTime: 60_000,
  });
}

const SessionContext = createContext<SessionView | null>(null);

export function SessionProvider({ session, children }: { session: SessionView; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionView {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in page');
  return session;
}

/** Whether the signed-in role may do this in this mode (the server checks the same table). */
export function useCan(mode: DashboardMode, permission: DashboardPermission): boolean {
  return useSession().permissions[mode].includes(permission);
}
