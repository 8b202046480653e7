import type { DashboardMode, DashboardPermission, DashboardRoleName } from '@momo/contracts';

/**
 * What each role may do, per mode. Viewers (support, finance) only read. Developers run the
 * integration: apps, keys, webhooks and replays in test mode, and replays in live mode. Owners do
 * everything, including users, the audit log and every live setting.
 */
const MATRIX: Record<DashboardRoleName, Record<DashboardMode, readonly DashboardPermission[]>> = {
  owner: {
    test: ['refund', 'test_money', 'manage_apps', 'replay', 'manage_users', 'read_audit'],
    live: ['refund', 'manage_apps', 'replay', 'manage_users', 'read_audit'],
  },
  developer: {
    test: ['refund', 'test_money', 'manage_apps', 'replay'],
    live: ['replay'],
  },
  viewer: { test: [], live: [] },
};

export function permissionsOf(role: DashboardRoleName, mode: DashboardMode): DashboardPermission[] {
  return [...MATRIX[role][mode]];
}

export function may(role: DashboardRoleName, mode: DashboardMode, permission: DashboardPermission): boolean {
  return MATRIX[role][mode].includes(permission);
}
