import type { Kysely } from 'kysely';
import { addMenuEntries, removeMenuEntries, type MenuEntrySeed } from './20261122T0003_privileges.js';

/**
 * 专属邮箱 (spec §2.3, §2.4): /emailInvoice and its mail detail /emailInvoice/emailDetail, reached from the
 * user menu. They hang under the hidden personal entry without perms, like /userInfo: every person has a
 * mailbox of their own (the routes are STAFF), and a personal account opens the page to learn it needs an
 * organisation first.
 */
export const EMAIL_INVOICE_MENUS: MenuEntrySeed[] = [
  {
    name: 'emailInvoice',
    parent: 'personal',
    path: '/emailInvoice',
    component: 'common/EmailInvoice',
    meta: { title: '专属邮箱', hide_sidebar: true, order: 4 },
    children: [
      {
        name: 'emailDetail',
        path: '/emailInvoice/emailDetail',
        component: 'common/EmailDetail',
        meta: { title: '邮件详情', hidden: true, hide_sidebar: true },
      },
    ],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await addMenuEntries(db, EMAIL_INVOICE_MENUS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await removeMenuEntries(db, ['emailDetail', 'emailInvoice']);
}
