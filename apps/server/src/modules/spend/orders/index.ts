// Orders and the order centre (issue 21; decision 0043): the signed channel intake, the order centre,
// consumerOrder/*, 渠道管理 and the order export (task type 7).
export { registerOrderRoutes } from './orders.routes.js';
export { registerOrderTaskHandlers } from './orders.export.js';
export type { IntakeChannel, OrderDoors } from './intake.service.js';
export { verifyChannelRequest } from './channel.verify.js';
export { placeOrder, refundOrder, usageAt } from './intake.service.js';
export { signedHeaders, signatureOf, bodyHash } from './channel.sign.js';
export { OrderPerm, addChannel } from './orderCenter.service.js';
export { replayChannel, replayLine, REPLAY_LIMITS, type ReplayOutcome } from './replay.service.js';
