import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * The only place that reads process.env. Everything else receives a typed Config.
 * Defaults give the embedded product: SQLite under DATA_DIR, served on 127.0.0.1:8080.
 */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  /**
   * Behind a load balancer or reverse proxy: which X-Forwarded-For hops to believe, so per-IP
   * login and SMS limits see the client's address. '' (default) trusts none; 'true' trusts all;
   * a number trusts that many hops; otherwise a comma-separated list of proxy addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || v === 'true' || /^\d+$/.test(v) || v.split(',').every((a) => a.trim() !== ''),
      {
        message: '应为空、true、代理层数或以逗号分隔的代理地址',
      },
    ),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Name sent back in the environment header and shown in /healthz: dev, test, pre or prod. */
  APP_ENV: z.enum(['dev', 'test', 'pre', 'prod']).default('prod'),
  /** Where the built web client lives; served at / when present. */
  WEB_DIST: z.string().optional(),
  /**
   * Origins of the micro-frontend containers allowed to frame the app (CSP frame-ancestors), comma-separated;
   * unset: this origin only.
   */
  CONTAINER_ORIGINS: z
    .string()
    .default('')
    .refine((v) => v === '' || v.split(',').every((o) => isOrigin(o.trim())), {
      message: '应为以逗号分隔的来源，如 https://portal.example.com（协议、主机和端口，不含路径）',
    }),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  /** Seeds the demo tenant on first start unless set to 0. */
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /**
   * Third-party login (DingTalk, WeCom, Feishu). Base URLs are configurable so tests and private
   * deployments can point elsewhere. The credentials are the deployment's default app, used when the
   * login names no corp_id or no `third_party_apps` row matches it.
   */
  DINGTALK_API_BASE: z.url().default('https://oapi.dingtalk.com'),
  DINGTALK_CORP_ID: z.string().default(''),
  DINGTALK_APP_KEY: z.string().default(''),
  DINGTALK_APP_SECRET: z.string().default(''),
  WECOM_API_BASE: z.url().default('https://qyapi.weixin.qq.com'),
  WECOM_CORP_ID: z.string().default(''),
  WECOM_APP_SECRET: z.string().default(''),
  FEISHU_API_BASE: z.url().default('https://open.feishu.cn'),
  FEISHU_APP_ID: z.string().default(''),
  FEISHU_APP_SECRET: z.string().default(''),
  THIRD_PARTY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** HMAC key of signed download links; when unset, generated once and kept in DATA_DIR/signing-secret. */
  SIGNING_SECRET: z.string().min(16).optional(),
  /** Runs the background job worker in this process (1) or leaves jobs to other processes (0). */
  JOB_WORKER: z.enum(['0', '1']).default('1'),
  /**
   * How long a started background job belongs to its worker without a sign of life; after that a
   * crashed worker's job is resumed elsewhere. Default: 60 s on SQLite (renewed by heartbeat while
   * the job runs), 30 min on PostgreSQL (pg-boss has no heartbeat, so it bounds a job's run time).
   */
  JOB_LEASE_SECONDS: z.coerce.number().int().positive().optional(),
  /** The platform's receiving bank account, shown on the cashier (收银台) for bank transfers. */
  PAYEE_ACCOUNT_NAME: z.string().min(1).default('上海飞控信息科技有限公司'),
  PAYEE_BANK_NAME: z.string().min(1).default('招商银行上海分行张江支行'),
  PAYEE_ACCOUNT_NO: z.string().min(1).default('1219 0958 6710 802'),
  /**
   * Where uploaded files live: `local` (embedded, under DATA_DIR/files; the server checks the signed
   * upload form itself) or `s3` (an S3-compatible object store; the browser posts to it directly).
   */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** S3-compatible store (STORAGE_DRIVER=s3): endpoint URL, bucket, credentials, region. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: '存储桶名称应为 3-63 位小写字母、数字、点或连字符',
    })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Path-style URLs (endpoint/bucket/key), as MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('1'),
  /** Largest file one signed upload form accepts, in MB. */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1024).default(20),
  /** Mail the product sends (an e-card to its holder): smtp(s)://user:pass@host:port; unset → the outbox table. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, '应为 smtp:// 或 smtps:// 地址')
    .optional(),
  /** The From of sent mail; default noreply@ the mail domain. */
  SMTP_FROM: z.string().min(3).optional(),
  /** 专属邮箱: the SMTP receiver's port (0 = off), address and mail domain; limits of one received mail. */
  MAIL_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  MAIL_HOST: z.string().min(1).default('127.0.0.1'),
  MAIL_DOMAIN: z
    .string()
    .default('fp.feikong.local')
    .refine((v) => /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(v), {
      message: '应为小写域名，如 fp.example.com',
    }),
  MAIL_MAX_MESSAGE_MB: z.coerce.number().positive().max(100).default(25),
  MAIL_MAX_ATTACHMENTS: z.coerce.number().int().min(1).max(100).default(10),
  MAIL_MAX_ATTACHMENT_MB: z.coerce.number().positive().max(100).default(10),
  MAIL_MAX_TOTAL_ATTACHMENTS_MB: z.coerce.number().positive().max(100).default(20),
  /** The receiver's connections: all together, and per client address (a relay in front needs more). */
  MAIL_MAX_CLIENTS: z.coerce.number().int().min(1).max(10_000).default(100),
  MAIL_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Mails one client address may start (MAIL FROM) per minute; more get 450 and are retried later. */
  MAIL_MAX_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Seconds a client may stay silent before its first command, and between commands after it. */
  MAIL_GREETING_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(10),
  MAIL_IDLE_TIMEOUT_S: z.coerce.number().int().min(5).max(3600).default(60),
  /** MIME parts in one mail, and multipart nesting depth (more: refused for good, 554). */
  MAIL_MAX_MIME_PARTS: z.coerce.number().int().min(2).max(10_000).default(200),
  MAIL_MAX_MIME_DEPTH: z.coerce.number().int().min(1).max(100).default(10),
  /** 预算接口 may call loopback/private addresses (decision 0056). */
  INTEGRATION_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  /** 通讯录同步: the first wait after a platform's rate-limit reply (doubled per retry; decision 0061). */
  DIRECTORY_SYNC_BACKOFF_MS: z.coerce.number().int().positive().default(1000),
});

/** Settings that depend on each other (checked after each variable on its own). */
const CheckedConfigSchema = ConfigSchema.superRefine((e, ctx) => {
  if (e.STORAGE_DRIVER !== 's3') return;
  for (const k of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!e[k]) ctx.addIssue({ code: 'custom', path: [k], message: 'STORAGE_DRIVER=s3 时必须设置' });
  }
});

/** One third-party platform's API base and the deployment's default app credentials. */
export interface ThirdPartyPlatformConfig {
  apiBase: string;
  corpId: string;
  appKey: string;
  appSecret: string;
}

export type Config = Readonly<{
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  port: number;
  /** Fastify's trustProxy: false, true, a hop count or proxy addresses. */
  trustProxy: boolean | number | string[];
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  appEnv: 'dev' | 'test' | 'pre' | 'prod';
  webDist: string;
  /** CONTAINER_ORIGINS: micro-frontend containers that may frame the app. */
  containerOrigins: string[];
  sessionTtlMs: number;
  seedDemo: boolean;
  thirdParty: Readonly<{
    dingtalk: ThirdPartyPlatformConfig;
    wecom: ThirdPartyPlatformConfig;
    feishu: ThirdPartyPlatformConfig;
    timeoutMs: number;
  }>;
  /** Signs download links (platform/storage); never sent to clients. */
  signingSecret: string;
  /** Whether this process runs the job worker (tasks, imports, exports). */
  jobWorker: boolean;
  /** JOB_LEASE_SECONDS in ms; undefined leaves each queue's own default. */
  jobLeaseMs?: number;
  /** The platform's receiving bank account (cashier page, order detail). */
  payee: Readonly<{ accountName: string; bankName: string; accountNo: string }>;
  /** File storage driver; the S3 settings are set exactly when the driver is s3. */
  storage: Readonly<{ driver: 'local' | 's3'; s3?: S3Config }>;
  /** Largest file a signed upload form accepts, in bytes (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** 专属邮箱: the SMTP receiver (port 0 = off) and what one received mail may hold. */
  mail: MailConfig;
  /** Mail the product sends: SMTP when smtpUrl is set, else the outbox table (platform/mail.ts). */
  outboundMail: { smtpUrl?: string; from: string };
  /**
   * INTEGRATION_ALLOW_PRIVATE=1: a tenant's 预算接口 may point at loopback/private addresses (on-premise
   * installs, tests); off by default (decision 0056).
   */
  integrationAllowPrivate?: boolean;
  /** 通讯录同步: the first wait after a rate-limit reply (ms; doubled per retry, 8 attempts). */
  directorySyncBackoffMs?: number;
}>;

/** An S3-compatible object store (STORAGE_DRIVER=s3). */
export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

export type MailConfig = Readonly<{
  port: number;
  host: string;
  /** Addresses are <random local part>@domain. */
  domain: string;
  maxMessageBytes: number;
  maxAttachments: number;
  maxAttachmentBytes: number;
  maxTotalAttachmentBytes: number;
  /** Connections at once, in all and per client address. */
  maxClients: number;
  maxConnectionsPerIp: number;
  /** Mail transactions (MAIL FROM) one client address may start per minute. */
  maxMailsPerMinute: number;
  /** Silence allowed before the first command, and between commands after it (ms). */
  greetingTimeoutMs: number;
  idleTimeoutMs: number;
  /** MIME parts in one mail, and multipart nesting depth. */
  maxMimeParts: number;
  maxMimeDepth: number;
}>;

const MB = 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Own variables only: a key inherited from a prototype is not configuration.
  const parsed = CheckedConfigSchema.safeParse(Object.fromEntries(Object.entries(env)));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`环境变量配置错误:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const serverRoot = path.resolve(import.meta.dirname, '..');
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    logLevel: e.LOG_LEVEL,
    appEnv: e.APP_ENV,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(serverRoot, '../web/dist'),
    containerOrigins: e.CONTAINER_ORIGINS === '' ? [] : e.CONTAINER_ORIGINS.split(',').map((o) => o.trim()),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    seedDemo: e.SEED_DEMO === '1',
    thirdParty: {
      dingtalk: {
        apiBase: e.DINGTALK_API_BASE,
        corpId: e.DINGTALK_CORP_ID,
        appKey: e.DINGTALK_APP_KEY,
        appSecret: e.DINGTALK_APP_SECRET,
      },
      // WeCom's gettoken takes the corp id and the app's secret; there is no separate app key.
      wecom: {
        apiBase: e.WECOM_API_BASE,
        corpId: e.WECOM_CORP_ID,
        appKey: e.WECOM_CORP_ID,
        appSecret: e.WECOM_APP_SECRET,
      },
      feishu: {
        apiBase: e.FEISHU_API_BASE,
        corpId: '',
        appKey: e.FEISHU_APP_ID,
        appSecret: e.FEISHU_APP_SECRET,
      },
      timeoutMs: e.THIRD_PARTY_TIMEOUT_MS,
    },
    signingSecret: e.SIGNING_SECRET ?? persistedSecret(path.resolve(e.DATA_DIR)),
    jobWorker: e.JOB_WORKER === '1',
    jobLeaseMs: e.JOB_LEASE_SECONDS === undefined ? undefined : e.JOB_LEASE_SECONDS * 1000,
    payee: { accountName: e.PAYEE_ACCOUNT_NAME, bankName: e.PAYEE_BANK_NAME, accountNo: e.PAYEE_ACCOUNT_NO },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3' as const,
            s3: {
              endpoint: e.S3_ENDPOINT!,
              bucket: e.S3_BUCKET!,
              accessKeyId: e.S3_ACCESS_KEY_ID!,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
              region: e.S3_REGION,
              forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
            },
          }
        : { driver: 'local' as const },
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    mail: {
      port: e.MAIL_PORT,
      host: e.MAIL_HOST,
      domain: e.MAIL_DOMAIN,
      maxMessageBytes: Math.round(e.MAIL_MAX_MESSAGE_MB * MB),
      maxAttachments: e.MAIL_MAX_ATTACHMENTS,
      maxAttachmentBytes: Math.round(e.MAIL_MAX_ATTACHMENT_MB * MB),
      maxTotalAttachmentBytes: Math.round(e.MAIL_MAX_TOTAL_ATTACHMENTS_MB * MB),
      maxClients: e.MAIL_MAX_CLIENTS,
      maxConnectionsPerIp: e.MAIL_MAX_CONNECTIONS_PER_IP,
      maxMailsPerMinute: e.MAIL_MAX_MAILS_PER_MINUTE,
      greetingTimeoutMs: e.MAIL_GREETING_TIMEOUT_S * 1000,
      idleTimeoutMs: e.MAIL_IDLE_TIMEOUT_S * 1000,
      maxMimeParts: e.MAIL_MAX_MIME_PARTS,
      maxMimeDepth: e.MAIL_MAX_MIME_DEPTH,
    },
    outboundMail: { smtpUrl: e.SMTP_URL, from: e.SMTP_FROM ?? `noreply@${e.MAIL_DOMAIN}` },
    integrationAllowPrivate: e.INTEGRATION_ALLOW_PRIVATE === '1',
    directorySyncBackoffMs: e.DIRECTORY_SYNC_BACKOFF_MS,
  });
}

/** The signing secret kept under DATA_DIR, created on first start (every process of a deployment shares it). */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'signing-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** An http(s) origin exactly: scheme, host and optional port, nothing after. */
function isOrigin(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === v;
  } catch {
    return false;
  }
}

function parseTrustProxy(v: string): boolean | number | string[] {
  if (v === '') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((a) => a.trim());
}

/** A config for tests: no env reads, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return Object.freeze({
    nodeEnv: 'test',
    host: '127.0.0.1',
    port: 0,
    trustProxy: false,
    dataDir: '',
    databaseUrl: undefined,
    logLevel: 'silent',
    appEnv: 'test',
    webDist: '',
    containerOrigins: [],
    sessionTtlMs: 24 * 3600_000,
    seedDemo: false,
    thirdParty: {
      dingtalk: { apiBase: 'http://127.0.0.1:9', corpId: '', appKey: '', appSecret: '' },
      wecom: { apiBase: 'http://127.0.0.1:9', corpId: '', appKey: '', appSecret: '' },
      feishu: { apiBase: 'http://127.0.0.1:9', corpId: '', appKey: '', appSecret: '' },
      timeoutMs: 2000,
    },
    signingSecret: 'test-signing-secret-0123456789',
    jobWorker: true,
    payee: {
      accountName: '测试收款有限公司',
      bankName: '测试银行上海分行',
      accountNo: '6222 0000 1111 2222',
    },
    storage: { driver: 'local' as const },
    uploadMaxBytes: 20 * 1024 * 1024,
    // Tests start the receiver themselves, on an ephemeral port.
    mail: {
      port: 0,
      host: '127.0.0.1',
      domain: 'fp.test.local',
      maxMessageBytes: 2 * MB,
      maxAttachments: 5,
      maxAttachmentBytes: 512 * 1024,
      maxTotalAttachmentBytes: 1 * MB,
      // Every test mail comes from 127.0.0.1: the per-address limits are lifted (tests set their own).
      maxClients: 100,
      maxConnectionsPerIp: 100,
      maxMailsPerMinute: 100_000,
      greetingTimeoutMs: 10_000,
      idleTimeoutMs: 60_000,
      maxMimeParts: 200,
      maxMimeDepth: 10,
    },
    // Sent mail goes to the outbox table unless a test passes its own sender (deps.mail).
    outboundMail: { from: 'noreply@fp.test.local' },
    // The 预算接口 tests run the external system's mock on 127.0.0.1.
    integrationAllowPrivate: true,
    // The directory-sync tests answer rate limits from a local mock: short waits.
    directorySyncBackoffMs: 20,
    ...overrides,
  });
}
