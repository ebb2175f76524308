import type { MailConfig } from '../../config.js';
import { appServices, type AppDeps, type ZodApp } from '../../platform/types.js';
import type { InvoiceMailDeps, MailAttachmentIngest } from './invoiceMail.deps.js';
import { registerMailJobs } from './invoiceMail.intake.js';
import { registerInvoiceMailRoutes } from './invoiceMail.routes.js';
import { startMailReceiver, type MailReceiver } from './invoiceMail.smtp.js';

/**
 * What the 专属邮箱 module offers: its registration (routes + the attachment recognition job), the
 * SMTP receiver's starter, and the ingest contract through which recognition and saving are wired.
 */
export type { MailAttachmentIngest } from './invoiceMail.deps.js';
export type { MailReceiver } from './invoiceMail.smtp.js';

/** Each app's module deps, so the receiver started later (main.ts) shares them. */
const registered = new WeakMap<object, InvoiceMailDeps>();

/** Routes and the job handler. `ingest`: recognition + saving (absent: attachments stay 待识别). */
export function registerInvoiceMail(
  app: ZodApp,
  deps: AppDeps,
  opts: { ingest?: MailAttachmentIngest } = {},
) {
  const s = appServices(deps);
  const d: InvoiceMailDeps = {
    db: s.db,
    storage: s.storage,
    jobs: s.jobs,
    clock: s.clock ?? Date.now,
    mail: s.config.mail,
    log: app.log,
    ingest: opts.ingest,
  };
  registered.set(app, d);
  registerInvoiceMailRoutes(app, d);
  registerMailJobs(d);
}

/**
 * Starts the SMTP receiver of an app built by buildApp, on config MAIL_HOST:MAIL_PORT; null when
 * MAIL_PORT is 0 (off). `port` overrides the configured one (tests pass 0 for an ephemeral port);
 * `ingest`, when given, replaces the one given at registration (null: none, attachments stay 待识别);
 * `limits` override the configured mail limits for this receiver.
 * Close it before the app.
 */
export async function startInvoiceMailReceiver(
  app: ZodApp,
  opts: { port?: number; ingest?: MailAttachmentIngest | null; limits?: Partial<MailConfig> } = {},
): Promise<MailReceiver | null> {
  const d = registered.get(app);
  if (!d) throw new Error('专属邮箱模块未注册：请先用 buildApp 构建应用');
  if (opts.ingest !== undefined) d.ingest = opts.ingest ?? undefined;
  const port = opts.port ?? d.mail.port;
  if (opts.port === undefined && port === 0) return null;
  // `limits` (tests) apply to this receiver only.
  const own = opts.limits ? { ...d, mail: { ...d.mail, ...opts.limits } } : d;
  return startMailReceiver(own, { host: d.mail.host, port });
}
