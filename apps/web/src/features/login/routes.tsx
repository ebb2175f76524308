import type { RouteObject } from 'react-router';
import type { RouteHandle } from '@/platform/routeMeta';

const handle = (name: string, title: string): RouteHandle => ({ name, title });

/**
 * Route names of the identity screens that need no session. The spec's guard list is login, auth and
 * bindPhone; forgetting a password and reading the agreements happen signed out too.
 * setPassword is not here: it needs a signed-in account.
 */
export const LOGIN_PUBLIC_ROUTE_NAMES: readonly string[] = [
  'login',
  'auth',
  'bindPhone',
  'forgetPassword',
  'userAgreement',
  'privacyAgreement',
];

/** The login area's screens (spec §2.3), each loaded lazily; mounted by the app router without the layout. */
export const loginRoutes: RouteObject[] = [
  {
    path: '/login',
    handle: handle('login', '登录'),
    lazy: async () => ({ Component: (await import('./pages/LoginPage')).default }),
  },
  {
    path: '/forgetPassword',
    handle: handle('forgetPassword', '找回密码'),
    lazy: async () => ({ Component: (await import('./pages/ForgetPasswordPage')).default }),
  },
  {
    path: '/setPassword',
    handle: handle('setPassword', '设置密码'),
    lazy: async () => ({ Component: (await import('./pages/SetPasswordPage')).default }),
  },
  {
    path: '/bindphone',
    handle: handle('bindPhone', '绑定手机号'),
    lazy: async () => ({ Component: (await import('./pages/BindPhonePage')).default }),
  },
  {
    path: '/auth/:platform/:corpId?',
    handle: handle('auth', '第三方登录'),
    lazy: async () => ({ Component: (await import('./pages/ThirdPartyCallbackPage')).default }),
  },
  {
    path: '/agreement/user',
    handle: handle('userAgreement', '用户协议'),
    lazy: async () => ({ Component: (await import('./pages/AgreementPage')).UserAgreementPage }),
  },
  {
    path: '/agreement/privacy',
    handle: handle('privacyAgreement', '隐私政策'),
    lazy: async () => ({ Component: (await import('./pages/AgreementPage')).PrivacyAgreementPage }),
  },
];
