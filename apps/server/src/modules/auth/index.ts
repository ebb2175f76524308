/** What the auth module offers the rest of the server (docs/ARCHITECTURE.md, module map). */
export { registerAuthRoutes } from './auth.routes.js';
export type { AuthDeps, RequestMeta } from './auth.context.js';
export { staffInfo } from './session.service.js';
/** The bank card a payment to a person goes to (spend/payment: the payee of a document). */
export { payeeCardsOf } from './bank.service.js';
