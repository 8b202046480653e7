import { may, permissionsOf } from './permissions';

describe('dashboard roles', () => {
  it('lets viewers only read, in both modes', () => {
    expect(permissionsOf('viewer', 'test')).toEqual([]);
    expect(permissionsOf('viewer', 'live')).toEqual([]);
  });

  it('lets developers run the integration in test mode, and only replay in live mode', () => {
    expect(may('developer', 'test', 'manage_apps')).toBe(true);
    expect(may('developer', 'test', 'replay')).toBe(true);
    expect(may('developer', 'live', 'replay')).toBe(true);
    expect(may('developer', 'live', 'manage_apps')).toBe(false);
    expect(may('developer', 'live', 'refund')).toBe(false);
    expect(may('developer', 'test', 'manage_users')).toBe(false);
  });

  it('gives owners everything, but no test money in live mode', () => {
    expect(permissionsOf('owner', 'live').sort()).toEqual(['manage_apps', 'manage_users', 'read_audit', 'refund', 'replay']);
    expect(may('owner', 'live', 'test_money')).toBe(false);
  });
});
