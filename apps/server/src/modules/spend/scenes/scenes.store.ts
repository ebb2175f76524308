import { versionStore } from '../../../platform/versions/versionStore.js';

/** Scenes on the versioned-design store (decision 0027): draft on scenes, each publish a scene_versions row. */
export const sceneStore = versionStore({
  templates: 'scenes',
  versions: 'scene_versions',
  key: 'scene_id',
  content: 'content',
  draft: 'draft',
  // Many scenes may be opened at once: the store's enable-one-per-scope is not used (status is ours).
  scope: [],
  copied: ['category', 'description'],
});
