import { apiConfig } from '@/api/http/request';

/**
 * Spec 4.1: a local developer-mode flag stops print records from being saved. It is this browser's
 * localStorage key (set it to 1 in the console while trying print layouts), and a dev build is always in it.
 */
export const DEVELOPER_MODE_KEY = 'feikong.developerMode';

export function isDeveloperMode(): boolean {
  if (apiConfig.devMode) return true;
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(DEVELOPER_MODE_KEY) === '1';
  } catch {
    return false;
  }
}
