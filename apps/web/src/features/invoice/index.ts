// The invoice feature offers nothing to other features: its screens are loaded lazily by
// app/screenRegistry.ts (我的发票, 组织发票, 发票中心 and its detail, 发票录入, 查验记录, 补录发票, 待收发票, 发票合规, 发票凭证).
export {};
