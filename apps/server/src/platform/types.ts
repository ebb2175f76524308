import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Db } from './db/database.js';
import type { DialectName } from './db/dialect.js';
import type { SmsSender } from './sms.js';
import type { MailSender } from './mail.js';
import type { JobQueue } from './jobs/types.js';
import type { FileStorage } from './storage/types.js';
import type { TaskFinishedEvent, TaskHandlerRegistry } from './tasks.js';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module's routes and services get: built once in main.ts (or a test) and passed down. */
export interface AppDeps {
  config: Config;
  db: Db;
  dialect: DialectName;
  /** Where SMS go; absent → the embedded outbox sender (platform/sms.ts `smsSenderOf`). */
  sms?: SmsSender;
  /** Where sent mail goes; absent → SMTP when SMTP_URL is set, else the outbox (platform/mail.ts `mailSenderOf`). */
  mail?: MailSender;
  /** Epoch ms now; absent → Date.now. Tests pass a clock they can move instead of sleeping. */
  clock?: Clock;
  /** Background import/export handlers by operating type; absent → buildApp creates an empty registry. */
  taskHandlers?: TaskHandlerRegistry;
  /** The job queue; absent → buildApp creates the dialect's default (platform/jobs `createJobQueue`). */
  jobs?: JobQueue;
  /** File storage; absent → buildApp uses LocalFileStorage under DATA_DIR/files (a temp dir in tests). */
  storage?: FileStorage;
  /** Called once after each task finishes, success or failure (the notification centre's hook). */
  onTaskFinished?: (event: TaskFinishedEvent) => void | Promise<void>;
  /** Where the log goes; absent → standard output. Tests pass a stream to read what was logged. */
  logStream?: NodeJS.WritableStream;
}

/** AppDeps as buildApp hands them to modules: the shared services are always there. */
export type AppServices = AppDeps & Required<Pick<AppDeps, 'taskHandlers' | 'jobs' | 'storage'>>;

/** For modules that use the shared services: the deps buildApp passed, with them filled in. */
export function appServices(deps: AppDeps): AppServices {
  if (!deps.taskHandlers || !deps.jobs || !deps.storage) {
    throw new Error('taskHandlers、jobs、storage 由 buildApp 创建；请通过 buildApp 传入的 deps 使用');
  }
  return deps as AppServices;
}

export type Clock = () => number;

export type RegisterRoutes = (app: ZodApp, deps: AppDeps) => void;

/** First path segments that belong to the API (spec §7 families); everything else may be the web client. */
export const API_PREFIXES = [
  '/auth-center/',
  '/org-arch-center/',
  '/right-recharge/',
  '/app-ctrl/',
  '/notify-center/',
  '/task-center/',
  '/finobase/',
  '/pub-svc-center/',
  '/finopublic/',
  // The invoice family's API lives under /invoice/api/; /invoice/personList etc. are the client's pages.
  '/invoice/api/',
  '/finobill/',
  '/finodata/',
  '/consume-quota-center/',
  '/lcb-purchase-center/',
  '/org-settle-center/',
  '/integration-center/',
  '/platform/',
  '/docs',
  '/healthz',
];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path.startsWith(p));
}
