/** The query key every 付款管理 query starts with (a batch change refreshes them all). */
export const PAYMENT_KEY = 'payment';
