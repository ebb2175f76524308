/**
 * 单据打印 (print, decision 0024): print data, print records, the batch PDF (print.render.ts draws the pages).
 * The routes are ../print.routes.ts. The other parts of flow use this door only.
 */
export * from './print.service.js';
