/** Two-column bordered descriptions with equal value columns (percent widths: calc() is ignored on table cells). */
export const DESC_STYLES = {
  label: { width: '14%', minWidth: 110 },
  content: { width: '36%' },
} as const;
