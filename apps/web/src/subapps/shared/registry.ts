/** The two same-origin sub-applications (spec §2.3): route name → base path. */
export const SUB_APPS = {
  subForm: { base: '/web-form/', title: '表单' },
  subFormPrint: { base: '/web-form-print/', title: '表单打印' },
} as const;

export type SubAppName = keyof typeof SUB_APPS;

/** Spec §9: minimum layout of the print frame. */
export const PRINT_FRAME_MIN = { width: 1200, height: 600 } as const;
