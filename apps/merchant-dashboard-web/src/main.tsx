import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { ApiFailure } from './api/client';
import { SessionProvider, useSessionQuery } from './api/session';
import { Failure, Loading } from './components/Page';
import { Shell } from './layout/Shell';
import { AcceptInvitePage } from './pages/AcceptInvite';
import { AppDeliveriesPage } from './pages/AppDeliveries';
import { AppsPage } from './pages/Apps';
import { AuditLogPage } from './pages/AuditLog';
import { OverviewPage } from './pages/Overview';
import { SignInPage } from './pages/SignIn';
import { TeamPage } from './pages/Team';
import { TestPaymentsPage } from './pages/TestPayments';
import { TransactionDetailPage } from './pages/TransactionDetail';
import { TransactionsPage } from './pages/Transactions';
import { cssVariablesResolver, theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; a dropped connection might.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiFailure && error.status < 500),
      refetchOnWindowFocus: true,
      staleTime: 5_000,
    },
  },
});

/** Signed-in pages: without a session, to the sign-in page (and back afterwards). */
function RequireSession() {
  const session = useSessionQuery();
  const location = useLocation();
  if (session.isPending) return <Loading />;
  if (session.isError) return <Failure error={session.error} />;
  if (!session.data) return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  return (
    <SessionProvider session={session.data}>
      <Outlet />
    </SessionProvider>
  );
}

/** /live/… only for users who may open live mode; anything else under an unknown mode is not a page. */
function RequireMode() {
  const { mode } = useParams();
  const session = useSessionQuery().data;
  if (mode !== 'test' && mode !== 'live') return <Navigate to="/test/overview" replace />;
  if (mode === 'live' && !session?.modes.includes('live')) return <Navigate to="/test/overview" replace />;
  return <Outlet />;
}

function App() {
  return (
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
      <Route path="/accept-invite" element={<AcceptInvitePage />} />
      <Route element={<RequireSession />}>
        <Route path="/:mode" element={<RequireMode />}>
          <Route element={<Shell />}>
            <Route path="overview" element={<OverviewPage />} />
            <Route path="transactions" element={<TransactionsPage />} />
            <Route path="transactions/:id" element={<TransactionDetailPage />} />
            <Route path="apps" element={<AppsPage />} />
            <Route path="apps/:appId/deliveries" element={<AppDeliveriesPage />} />
            <Route path="test-payments" element={<TestPaymentsPage />} />
            <Route path="team" element={<TeamPage />} />
            <Route path="audit-log" element={<AuditLogPage />} />
            <Route index element={<Navigate to="overview" replace />} />
            <Route path="*" element={<Navigate to="overview" replace />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/test/overview" replace />} />
      </Route>
    </Routes>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
