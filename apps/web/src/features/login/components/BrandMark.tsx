/** The product mark (the same F as the shell header's logo); `inverse` for dark backgrounds. */
export function BrandMark({ size = 26, inverse = false }: { size?: number; inverse?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 26 26" aria-hidden="true">
      <rect width="26" height="26" rx="6" fill={inverse ? '#fff' : '#1f6fff'} />
      <path d="M7 7h12v3H10.5v2.2H17v3h-6.5V20H7z" fill={inverse ? '#1f6fff' : '#fff'} />
    </svg>
  );
}
