import { apiConfig, http, request } from './http/request';
import type { Paged, TaskView } from '@feikong/contracts';

// Background import / export tasks (spec §3 Task, §4.3, §7.2, §7.7): create at /task-center, poll
// and list at /org-arch-center. Shapes follow apps/server/src/modules/tasks (TaskView).

const TASK_CENTER = '/task-center/api/v1';
const ORG = '/org-arch-center/api/v1';

/** A task as tasks:byId and the tasks list answer it (the contracts' TaskView). */
export type Task = TaskView;

export interface TaskListQuery {
  page_num: number;
  page_size: number;
  operating_type?: number;
  status?: number;
}

/** A file of a task (export_attachment), its link made absolute against the gateway. */
export interface TaskFile {
  url: string;
  name: string;
}

/** Reads export_attachment; anything unreadable is null. */
export function taskFile(task: Pick<Task, 'export_attachment' | 'file_name'>): TaskFile | null {
  if (!task.export_attachment) return null;
  try {
    const parsed = JSON.parse(task.export_attachment) as { url?: unknown; name?: unknown };
    if (typeof parsed?.url !== 'string' || !parsed.url) return null;
    const name = typeof parsed.name === 'string' && parsed.name ? parsed.name : task.file_name;
    return { url: absoluteUrl(parsed.url), name };
  } catch {
    return null;
  }
}

/** Signed links are server-relative (/pub-svc-center/…): prefix the gateway when there is one. */
export function absoluteUrl(url: string): string {
  if (/^https?:\/\//i.test(url) || !url.startsWith('/')) return url;
  return `${apiConfig.baseUrl}${url}`;
}

export const tasksApi = {
  /** POST tasks:import — multipart: the .xlsx file, operating_type and (some types) params as JSON text. */
  importFile: (operatingType: number, file: File, params?: Record<string, unknown>) => {
    const form = new FormData();
    form.append('operating_type', String(operatingType));
    if (params) form.append('params', JSON.stringify(params));
    form.append('file', file, file.name);
    return http.post<{ id: number }>(`${TASK_CENTER}/tasks:import`, form);
  },
  /** POST tasks:export — params are the list's filters. */
  exportFile: (operatingType: number, params: Record<string, unknown> = {}, fileName?: string) =>
    http.post<{ id: number }>(`${TASK_CENTER}/tasks:export`, {
      operating_type: operatingType,
      params,
      ...(fileName ? { file_name: fileName } : {}),
    }),
  /** One of the caller's tasks; silent: the poller decides what to show. */
  byId: (id: number, signal?: AbortSignal) =>
    http.get<Task>(`${ORG}/tasks:byId/${id}`, undefined, { signal, silent: true }),
  list: (q: TaskListQuery, signal?: AbortSignal) =>
    http.get<Paged<Task>>(`${ORG}/tasks`, { ...q }, { signal }),
  remove: (id: number) => http.delete<null>(`${ORG}/tasks/${id}`),
  /**
   * An import template (GET …:import/template). It is not a signed link: it needs the session header,
   * so it is fetched as a blob and saved from memory.
   */
  template: (path: string) => request<Blob>(path, { responseType: 'blob' }),
};

export const TEMPLATE_PATHS = {
  members: `${ORG}/users:import/template`,
  orgs: `${ORG}/organizations:import/template`,
} as const;

/** Saves a blob as a file through a temporary <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  downloadLink(href, fileName);
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Starts a download of a url (same origin: the download attribute names the file). */
export function downloadLink(href: string, fileName?: string): void {
  const a = document.createElement('a');
  a.href = href;
  if (fileName !== undefined) a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
