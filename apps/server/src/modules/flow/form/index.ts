/**
 * 自定义表单 (form, decision 0025): templates, published versions, a document's form values and their checks.
 * The routes are ../form.routes.ts. The other parts of flow use this door only.
 */
export * from './form.service.js';
export * from './form.values.js';
