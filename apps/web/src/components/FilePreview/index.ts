/** The file preview dialog (spec 2.5, 4.5) and its rules. */
export { FilePreview, type FilePreviewProps } from './FilePreview';
export { viewerFor, extensionOf, type PreviewFile, type ViewerKind } from './rules';
