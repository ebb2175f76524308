/**
 * The card module (企业卡, client area cardPay; decision 0057): card release (quota release type 5), cards
 * and their ledger, 冻结 / 解冻 / 注销. Others use this file only.
 */
export { registerCardRoutes, CardPerm } from './card.routes.js';
export { CardCode } from './card.errors.js';
export { cardsFollowHolder, cardsFollowMover } from './card.holder.js';
